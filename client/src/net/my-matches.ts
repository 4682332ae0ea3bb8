/**
 * The matches this browser played, newest first, kept in localStorage so that the lobby can list them as
 * «Мои партии» (private ones too: the id is the match's link, and the page only ever sends it to our own
 * server). A short list: the lobby asks the server about at most this many at once.
 */
const KEY = "habibka.my-matches";
export const MY_MATCHES_KEPT = 20;
const ID = /^[0-9a-f-]{36}$/i;

export function myMatches(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === "string" && ID.test(id)) : [];
  } catch {
    return [];
  }
}

/** Puts a match at the top of the list (once), dropping the oldest beyond the kept number. */
export function rememberMatch(id: string, storage: Storage | undefined = globalThis.localStorage): void {
  if (!ID.test(id)) return;
  try {
    const list = [id, ...myMatches(storage).filter((other) => other !== id)].slice(0, MY_MATCHES_KEPT);
    storage?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Private mode or a full store: the lobby simply does not list it.
  }
}

const TABLES_KEY = "habibka.table-matches";
const CODE = /^[0-9]{6}$/;

/**
 * The last match this browser played at each table code, so that the table's link, once the table is gone,
 * opens that match's page: a private match too, which the server does not give out by code.
 */
export function rememberTableMatch(code: string, id: string, storage: Storage | undefined = globalThis.localStorage) {
  if (!CODE.test(code) || !ID.test(id)) return;
  try {
    const kept = Object.entries(tableMatches(storage)).filter(([other]) => other !== code);
    const next = Object.fromEntries([[code, id], ...kept].slice(0, MY_MATCHES_KEPT));
    storage?.setItem(TABLES_KEY, JSON.stringify(next));
  } catch {
    // Not remembered: the server still knows the public ones.
  }
}

/** The match this browser last played at the table with this code, or null. */
export function matchPlayedAt(code: string, storage: Storage | undefined = globalThis.localStorage): string | null {
  const id = tableMatches(storage)[code];
  return typeof id === "string" && ID.test(id) ? id : null;
}

function tableMatches(storage: Storage | undefined): Record<string, unknown> {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(TABLES_KEY) ?? "{}");
    return typeof stored === "object" && stored !== null && !Array.isArray(stored)
      ? (stored as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
