import { MY_MATCHES_KEPT } from "../net/my-matches.ts";
import { apiCall } from "./account-api.ts";
import { record } from "./account-data.ts";

const MATCH_ID = /^[0-9a-f-]{36}$/i;

/** The match ids of a player's profile (`GET /api/players/:id`), newest first. */
function readMatchIds(value: unknown): string[] | null {
  const matches = record(value)?.matches;
  if (!Array.isArray(matches)) return null;
  return matches.flatMap((m) => {
    const id = record(m)?.matchId;
    return typeof id === "string" && MATCH_ID.test(id) ? [id] : [];
  });
}

/**
 * The matches «Мои партии» lists: the account's, as the server keeps them for every device, then those this
 * browser remembers playing before it had an account, at most as many as the lobby asks about at once.
 */
export async function myMatchIds(accountId: string | null, remembered: readonly string[]): Promise<string[]> {
  const answer = accountId ? await apiCall("GET", `/api/players/${encodeURIComponent(accountId)}`, readMatchIds) : null;
  const kept = answer?.ok ? answer.value : [];
  return [...new Set([...kept, ...remembered])].slice(0, MY_MATCHES_KEPT);
}
