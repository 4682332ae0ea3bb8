import {
  LISTED_AT_MOST,
  type PlayerRef,
  type Rating,
  readCount,
  readId,
  readName,
  readRating,
  readTime,
  record,
} from "../account/account-data.ts";

/**
 * A player's profile (`GET /api/players/:id`) and the leaderboard (`GET /api/leaderboard`), read field by
 * field as the account's answers are (src/account/account-data.ts); loaded with their pages.
 */

type MatchResult = "win" | "loss" | "unfinished";

export interface ProfileMatch {
  readonly matchId: string;
  readonly rated: boolean;
  readonly result: MatchResult;
  /** The opponent: an account (linked to his profile), or a name alone (the computer, a visitor of old). */
  readonly opponent: { readonly id: string | null; readonly name: string };
  readonly at: number | null;
}

export interface PlayerStats {
  readonly wins: number;
  readonly losses: number;
  readonly pots: number;
  readonly strokes: number;
  /** The share of his strokes that scored at least one ball, in per cent; null before his first stroke. */
  readonly potPercentage: number | null;
  /** Fouls by the clause that made them, the most frequent first. */
  readonly fouls: readonly (readonly [clause: string, count: number])[];
}

export interface Profile {
  readonly id: string;
  readonly name: string | null;
  readonly rating: Rating | null;
  readonly matches: readonly ProfileMatch[];
  readonly stats: PlayerStats | null;
  /** For a signed-in viewer: whether this player is his friend; null when not said. */
  readonly friend: boolean | null;
  readonly online: boolean | null;
}

export interface LeaderboardPage {
  readonly players: readonly (PlayerRef & { readonly rating: Rating })[];
}

const MATCH_ID = /^[0-9a-f-]{36}$/i;
const RESULTS: readonly MatchResult[] = ["win", "loss", "unfinished"];
/** A clause as the rules number it: «17», «3в»/"3c"; anything else is not shown. */
const CLAUSE = /^\d{1,2}[a-zа-я]?$/i;
const MATCHES_SHOWN = 500;

function readMatch(value: unknown): ProfileMatch | null {
  const m = record(value);
  const opponent = record(m?.opponent);
  if (!m || typeof m.matchId !== "string" || !MATCH_ID.test(m.matchId)) return null;
  return {
    matchId: m.matchId.toLowerCase(),
    rated: m.rated === true,
    result: RESULTS.find((r) => r === m.result) ?? "unfinished",
    opponent: { id: readId(opponent?.id), name: readName(opponent?.name) ?? "" },
    at: readTime(m.at),
  };
}

function readStats(value: unknown): PlayerStats | null {
  const s = record(value);
  if (!s) return null;
  const strokes = readCount(s.strokes);
  const pots = readCount(s.pots);
  const given = typeof s.potPercentage === "number" && Number.isFinite(s.potPercentage) ? s.potPercentage : null;
  const fouls = Object.entries(record(s.fouls) ?? {})
    .filter(([clause, count]) => CLAUSE.test(clause) && readCount(count) > 0)
    .map(([clause, count]) => [clause, readCount(count)] as const)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "en", { numeric: true }));
  return {
    wins: readCount(s.wins),
    losses: readCount(s.losses),
    pots,
    strokes,
    potPercentage: strokes > 0 && given !== null ? Math.min(100, Math.max(0, given)) : null,
    fouls,
  };
}

export function readProfile(value: unknown): Profile | null {
  const p = record(value);
  const id = readId(p?.id);
  if (!p || !id || !Array.isArray(p.matches)) return null;
  return {
    id,
    name: readName(p.name),
    rating: readRating(p.rating),
    matches: p.matches.slice(0, MATCHES_SHOWN).flatMap((m) => readMatch(m) ?? []),
    stats: readStats(p.stats),
    friend: typeof p.friend === "boolean" ? p.friend : null,
    online: typeof p.online === "boolean" ? p.online : null,
  };
}

export function readLeaderboard(value: unknown): LeaderboardPage | null {
  const list = record(value)?.players;
  if (!Array.isArray(list)) return null;
  return {
    players: list.slice(0, LISTED_AT_MOST).flatMap((item) => {
      const p = record(item);
      const id = readId(p?.id);
      const rating = readRating(p?.rating);
      return p && id && rating ? [{ id, name: readName(p.name) ?? "", rating }] : [];
    }),
  };
}
