import type { ClientMessageType } from "@habibka/shared/protocol";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Every rate the server holds a client to, in one place (docs/SECURITY.md explains each). Two kinds:
 * - per address, across every table and route of the process, so that a reconnection, a new tab or a new
 *   table does not reset them;
 * - per message type at one table, counted per seat for a player and per address for a watcher (the room's
 *   message guard applies them), so that coming back on a new connection does not reset them either.
 */

export interface Allowance {
  /** Requests allowed per window. */
  readonly points: number;
  readonly seconds: number;
}

/** A token bucket: `burst` at once, then `perSecond`. */
export interface MessageRate {
  readonly burst: number;
  readonly perSecond: number;
}

export interface AddressAllowances {
  /** Creating, joining and reconnecting (`POST /matchmake/...`). */
  readonly matchmaking: Allowance;
  /** `GET /api/...`. */
  readonly api: Allowance;
  /** The practice table's shots (`POST /api/practice/shot`): each is a simulation in the physics pool. */
  readonly practiceShots: Allowance;
  /** The practice table's hints (`POST /api/practice/hint`): each is a search of the computer's, up to a second of a core. */
  readonly practiceHints: Allowance;
  /**
   * Analyses started (`GET /api/matches/:id/analysis` for a finished match nobody has analysed yet): each is
   * minutes of a core's work. Reading one that is done, or under way, costs no start.
   */
  readonly analyses: Allowance;
  /** A shot's picture (`GET /m/<id>/<n>.png`): each one not yet kept costs a drawing. */
  readonly pictures: Allowance;
  /** Offline matches sent to be kept (`POST /api/offline-matches`): each is a whole match simulated again. */
  readonly offlineMatches: Allowance;
  /** Everything else over HTTP: the client's files, invite links, health. */
  readonly pages: Allowance;
  /** `GET /metrics`: each scrape collects every metric of the process (Prometheus takes one every 15 s). */
  readonly metrics: Allowance;
  /** WebSocket upgrades. */
  readonly upgrades: Allowance;
  /** Chat lines, over every table the address sits or watches at. */
  readonly chat: Allowance;
}

/** What one account, or one address on the accounts' routes, may do (docs/SECURITY.md, "Accounts"). */
export interface AccountAllowances {
  /** New anonymous accounts one address may make (each visit without a session cookie makes one). */
  readonly newAccounts: Allowance;
  /** Changes one account may make under `/api/` (its name, friends, challenges, passkeys, sign-outs). */
  readonly writes: Allowance;
  /** Challenges one account may send. */
  readonly challenges: Allowance;
  /** Passkey sign-ins (and their options) one address may ask for: each is a signature check. */
  readonly passkeySignIns: Allowance;
  /** Offline matches one account may send to be kept: each is a whole match simulated again. */
  readonly offlineMatches: Allowance;
}

export interface RateLimitSettings {
  readonly address: AddressAllowances;
  readonly account: AccountAllowances;
  readonly message: Readonly<Record<ClientMessageType, MessageRate>>;
  /**
   * The tables for two people one address may keep waiting for an opponent at once, over every process
   * (table/waiting-tables.ts): created by it, the second seat never taken, not closed. Each costs a room, a
   * record and a line in every lobby; a person waits at one, or at a few for friends.
   */
  readonly waitingTables: number;
}

/**
 * How long a table nobody is at, whose match never began, stays open for someone to come back
 * (table/abandoned-table.ts), whatever its seat hold says: its creator gets his seat back by reconnecting or
 * with his token meanwhile. Meanwhile it is not listed in the lobby.
 */
export const ABANDONED_TABLE_SECONDS = 120;

/**
 * Messages of every type one connection may send a table in a second before Colyseus closes it (4002): well
 * above what aiming (10 a second) and playing send, so only a flood meets it.
 */
export const CONNECTION_MESSAGES_PER_SECOND = 30;

/**
 * Refused messages and bad frames one connection may send before it is closed (4400): a client that keeps
 * sending what the table refuses is broken or hostile, and each refusal costs a check and an answer.
 */
export const STRIKES_BEFORE_DISCONNECT = 20;

/**
 * Jobs the HTTP routes run at once in a process, each on a pool the tables share: beyond them a request is
 * answered 503 `busy` at once rather than queued behind the matches being played.
 */
export const PRACTICE_SHOTS_AT_ONCE = 8;

/**
 * An offline match sent to be kept (`POST /api/offline-matches`, docs/SECURITY.md, "Offline matches"): its
 * body may be this long, well past the front door's 4 KiB for everything else (a long match of 1000 actions,
 * a shot about 300 bytes of JSON with its digest); and at most this many are played again at once in the
 * process, in their worker thread, beyond which one is answered 503 `busy`.
 */
export const OFFLINE_MATCH_BODY_BYTES = 384 * 1024;
export const OFFLINE_MATCHES_AT_ONCE = 2;

export interface PictureLimits {
  /** Pictures drawn at once; the rest wait in line. */
  readonly concurrent: number;
  /** Pictures waiting to be drawn; beyond that a request is told to come back (503). */
  readonly queued: number;
  /** Bytes of PNG kept in memory (a shot's picture never changes once it is played). */
  readonly cacheBytes: number;
}

/**
 * The analyses a process computes (server/src/analysis/): each runs in a child process at the lowest
 * priority, a whole match being a minute or more of a core at the master's level.
 */
export interface AnalysisLimits {
  /** Analyses computed at once in a process. */
  readonly concurrent: number;
  /** Analyses waiting in a process; beyond them a new one is refused (503 `analysis-busy`). */
  readonly queued: number;
  /** An analysis not done in this time fails and its process is killed. */
  readonly timeoutMs: number;
  /** How long an analysis's lease runs, and how often its process renews it (with its progress). */
  readonly leaseMs: number;
  readonly renewEveryMs: number;
  /** How long a failed analysis waits before a request may start it again. */
  readonly failedRetryMs: number;
  /** The Retry-After of a refusal for a full queue. */
  readonly busyRetrySeconds: number;
}

export const DEFAULT_ANALYSIS_LIMITS: AnalysisLimits = {
  concurrent: 1,
  queued: 8,
  timeoutMs: 30 * 60_000,
  leaseMs: 30_000,
  renewEveryMs: 5_000,
  failedRetryMs: 60 * 60_000,
  busyRetrySeconds: 60,
};

export const DEFAULT_PICTURE_LIMITS: PictureLimits = { concurrent: 2, queued: 16, cacheBytes: 24 * 2 ** 20 };

/** How much one account may hold at once (docs/SECURITY.md, "Accounts"). */
export const ACCOUNT_BOUNDS = {
  /** Friends on one account's list. */
  friends: 200,
  /** Passkeys on one account. */
  passkeys: 10,
  /** Challenges one account has sent that are still pending. */
  outgoingChallenges: 3,
  /** Challenges pending to one account: a stranger's flood cannot bury a friend's. */
  incomingChallenges: 10,
  /** Live event streams (`GET /api/me/events`) one account keeps open in a process: a few tabs. */
  streamsPerAccount: 4,
  /** Live event streams one address keeps open in a process (a household or a school behind one address). */
  streamsPerAddress: 16,
  /** Played matches a profile lists, newest first. */
  profileMatches: 50,
} as const;

/**
 * Warnings a minute that what clients do may write to the log (log-budget.ts counts the rest in one line),
 * so that a flood of broken requests cannot flood the log too: the HTTP layer's (requests Node could not
 * parse, or that stalled), and clients that hung up before their request body arrived.
 */
export const LOG_WARNINGS_PER_MINUTE = { http: 30, hangUps: 10 } as const;

const PER_SHOT: MessageRate = { burst: 3, perSecond: 1 };
/**
 * A seat sends `seen` once for every shot at the table, its own and its opponent's, and a brisk pair plays a
 * shot a second between them: twice a shot's allowance, so ending an animation at once is never refused.
 */
const PER_SHOT_SEEN: MessageRate = { burst: 6, perSecond: 2 };
const RARE: MessageRate = { burst: 2, perSecond: 0.5 };

/** Generous for people (a page load is a handful of requests, a shot a few messages), tight for scripts. */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  address: {
    matchmaking: { points: 20, seconds: 10 },
    api: { points: 200, seconds: 10 },
    practiceShots: { points: 20, seconds: 10 },
    practiceHints: { points: 6, seconds: 60 },
    analyses: { points: 5, seconds: 600 },
    pictures: { points: 20, seconds: 10 },
    offlineMatches: { points: 30, seconds: 600 },
    pages: { points: 1000, seconds: 10 },
    metrics: { points: 10, seconds: 10 },
    upgrades: { points: 30, seconds: 10 },
    chat: { points: 12, seconds: 10 },
  },
  account: {
    newAccounts: { points: 30, seconds: 3600 },
    writes: { points: 60, seconds: 60 },
    challenges: { points: 10, seconds: 600 },
    passkeySignIns: { points: 10, seconds: 60 },
    offlineMatches: { points: 20, seconds: 3600 },
  },
  message: {
    lag: PER_SHOT,
    shot: PER_SHOT,
    answer: PER_SHOT,
    seen: PER_SHOT_SEEN,
    aim: { burst: 10, perSecond: 10 },
    chat: { burst: 5, perSecond: 1 },
    resign: RARE,
    rematch: RARE,
  },
  waitingTables: 10,
};

export type AddressLimitName = keyof AddressAllowances;
export type AccountLimitName = keyof AccountAllowances;

/** Allowed, or refused with how long until the next request would be. */
export type LimitAnswer = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/** Named allowances, each counted per key (an address, an account). */
export interface KeyedLimits<Name extends string> {
  take(name: Name, key: string): Promise<LimitAnswer>;
}

export type AddressLimits = KeyedLimits<AddressLimitName>;
export type AccountLimits = KeyedLimits<AccountLimitName>;

export function createAddressLimits(allowances: AddressAllowances = DEFAULT_RATE_LIMITS.address): AddressLimits {
  return createKeyedLimits(allowances);
}

export function createAccountLimits(allowances: AccountAllowances = DEFAULT_RATE_LIMITS.account): AccountLimits {
  return createKeyedLimits(allowances);
}

function createKeyedLimits<Name extends string>(allowances: Readonly<Record<Name, Allowance>>): KeyedLimits<Name> {
  const limiters = new Map(
    (Object.keys(allowances) as Name[]).map((name) => [
      name,
      new RateLimiterMemory({ keyPrefix: name, points: allowances[name].points, duration: allowances[name].seconds }),
    ]),
  );
  return {
    async take(name, key) {
      try {
        await limiters.get(name)!.consume(key);
        return { allowed: true };
      } catch (refusal) {
        // The limiter rejects with its result when the points are spent, and with an Error when its store fails.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
  };
}
