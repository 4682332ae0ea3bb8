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
