/**
 * What the accounts' HTTP answers and live events carry (docs/PROTOCOL.md, "Players and accounts"), read
 * field by field: an answer is outside data like any other, so a field of the wrong kind is dropped or the
 * whole answer refused, lists are cut to a bound, and text to a length, before anything is shown. Pure, so
 * it is unit-tested; the profile's and the leaderboard's readers are in `src/profile/`, loaded with them.
 */

/** Glicko-2: 1500 ± 350 for a player with no rated game; `provisional` while the deviation is still wide. */
export interface Rating {
  readonly value: number;
  readonly deviation: number;
  readonly games: number;
  readonly provisional: boolean;
}

export interface Me {
  readonly id: string;
  readonly name: string | null;
  readonly rating: Rating | null;
  /** How many passkeys carry this account to another device: none means signing out loses it. */
  readonly passkeys: number;
}

export interface Friend {
  readonly id: string;
  readonly name: string;
  readonly online: boolean;
  /** The code of a public table he is at, or of one he sits at with this player. */
  readonly table: string | null;
}

export interface PlayerRef {
  readonly id: string;
  readonly name: string;
}

export type ChallengeStatus = "pending" | "accepted" | "declined" | "withdrawn" | "expired";

export interface Challenge {
  readonly id: string;
  readonly from: PlayerRef;
  readonly to: PlayerRef;
  readonly status: ChallengeStatus;
  /** The server's epoch ms. */
  readonly expiresAt: number;
  readonly rated: boolean;
  /** The table both are seated at, once accepted. */
  readonly code: string | null;
}

export interface ChallengeUpdate {
  readonly id: string;
  readonly status: ChallengeStatus;
  readonly code: string | null;
}

/** A refusal as the server words it (`{ error, message }`), or what went wrong before an answer came. */
export interface ApiProblem {
  readonly status: number;
  readonly error: string;
  readonly message: string;
}

/** Longer than any name the server accepts (24), so a name is never cut, only a hostile string. */
const NAME_CHARS = 40;
const ID_CHARS = 64;
/** Ids are the server's own tokens: letters, digits, `-` and `_`, never markup or a path. */
const ID = /^[\w-]{1,64}$/;
const CODE = /^\d{6}$/;
const CHALLENGE_STATUSES: readonly ChallengeStatus[] = ["pending", "accepted", "declined", "withdrawn", "expired"];
/** More friends or challenges than anyone has: the lists are bounded by the server too. */
export const LISTED_AT_MOST = 200;

export function record(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function readId(value: unknown): string | null {
  return typeof value === "string" && value.length <= ID_CHARS && ID.test(value) ? value : null;
}

export function readName(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.slice(0, NAME_CHARS) : null;
}

export function readCode(value: unknown): string | null {
  return typeof value === "string" && CODE.test(value) ? value : null;
}

export function readCount(value: unknown): number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/** An epoch ms, or null for anything that is not one. */
export function readTime(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * The deviation above which a rating is still provisional when the server does not say (docs/PROTOCOL.md
 * documents its threshold; the server's own `provisional` wins).
 */
const PROVISIONAL_DEVIATION = 110;

export function readRating(value: unknown): Rating | null {
  const r = record(value);
  if (!r || typeof r.value !== "number" || !Number.isFinite(r.value)) return null;
  const deviation = typeof r.deviation === "number" && Number.isFinite(r.deviation) ? r.deviation : 350;
  return {
    value: r.value,
    deviation,
    games: readCount(r.games),
    provisional: typeof r.provisional === "boolean" ? r.provisional : deviation > PROVISIONAL_DEVIATION,
  };
}

export function readMe(value: unknown): Me | null {
  const m = record(value);
  const id = readId(m?.id);
  if (!m || !id) return null;
  return { id, name: readName(m.name), rating: readRating(m.rating), passkeys: readCount(m.passkeys) };
}

function readPlayerRef(value: unknown): PlayerRef | null {
  const p = record(value);
  const id = readId(p?.id);
  return p && id ? { id, name: readName(p.name) ?? "" } : null;
}

export function readFriends(value: unknown): Friend[] | null {
  const list = record(value)?.friends;
  if (!Array.isArray(list)) return null;
  return list.slice(0, LISTED_AT_MOST).flatMap((item) => {
    const f = record(item);
    const ref = readPlayerRef(f);
    if (!f || !ref) return [];
    return [{ ...ref, online: f.online === true, table: readCode(f.table) }];
  });
}

function readStatus(value: unknown): ChallengeStatus | null {
  return CHALLENGE_STATUSES.find((s) => s === value) ?? null;
}

export function readChallenge(value: unknown): Challenge | null {
  const c = record(value);
  const id = readId(c?.id);
  const from = readPlayerRef(c?.from);
  const to = readPlayerRef(c?.to);
  const status = readStatus(c?.status);
  const expiresAt = readTime(c?.expiresAt);
  if (!c || !id || !from || !to || !status || expiresAt === null) return null;
  return { id, from, to, status, expiresAt, rated: c.rated === true, code: readCode(c.code) };
}

export function readChallenges(value: unknown): { incoming: Challenge[]; outgoing: Challenge[] } | null {
  const c = record(value);
  if (!c || !Array.isArray(c.incoming) || !Array.isArray(c.outgoing)) return null;
  const list = (items: unknown[]) => items.slice(0, LISTED_AT_MOST).flatMap((item) => readChallenge(item) ?? []);
  return { incoming: list(c.incoming), outgoing: list(c.outgoing) };
}

export function readChallengeUpdate(value: unknown): ChallengeUpdate | null {
  const u = record(value);
  const id = readId(u?.id);
  const status = readStatus(u?.status);
  return u && id && status ? { id, status, code: readCode(u.code) } : null;
}

/** A refusal's body (`{ error, message }`), with the status it came with; anything else says only the status. */
export function readProblem(status: number, value: unknown): ApiProblem {
  const p = record(value);
  const error = typeof p?.error === "string" && p.error.length <= 64 ? p.error : "";
  const message = typeof p?.message === "string" ? p.message.slice(0, 300) : "";
  return { status, error, message };
}
