import type { Decider } from "@habibka/shared/computer";
import type { EngineName } from "@habibka/shared/physics";
import type { SeatAccount } from "../accounts/account-store.ts";
import type { SeatEntry } from "../accounts/online.ts";
import type { StoredRating } from "../accounts/ratings.ts";
import type { Logger } from "../logger.ts";
import type { ShotPhysics } from "../physics/physics-pool.ts";
import type { AddressLimits, RateLimitSettings } from "../rate-limits.ts";
import type { MatchRecords } from "../records/match-records.ts";
import type { TableLeases } from "../records/table-leases.ts";
import type { WaitingTables } from "./waiting-tables.ts";

/** What a table needs of the players' accounts (accounts/accounts.ts implements it). */
export interface TableAccounts {
  /** A joiner's account, by the id the front door established (null for an id with no account). */
  seatAccount(id: string): Promise<SeatAccount | null>;
  seatAccounts(ids: readonly string[]): Promise<ReadonlyMap<string, SeatAccount>>;
  /** A finished match with an account at it is settled (once, whoever asks); resolves with the ratings after it. */
  settle(matchId: string): Promise<ReadonlyMap<string, StoredRating>>;
  /** Presence: the account sits at the table (renewed while he does), or no longer does. */
  seated(accountId: string, entry: SeatEntry): Promise<void>;
  unseated(accountId: string, code: string): Promise<void>;
  /** Above this deviation a rating is shown as provisional. */
  readonly provisionalDeviation: number;
}

/** What a table needs from its process, injected so that nothing is process-global. */
export interface TableServices {
  /** The players' accounts: who sits, their ratings, the settlement of a finished match. */
  readonly accounts: TableAccounts;
  readonly records: MatchRecords;
  /** The leases of the tables this process keeps. */
  readonly leases: TableLeases;
  readonly logger: Logger;
  /** Per-address limits shared by every table of the process (chat). */
  readonly limits: AddressLimits;
  /** Each message type's rate at a table (rate-limits.ts). */
  readonly messageRates: RateLimitSettings["message"];
  /** Each address's tables waiting for an opponent, over every process (waiting-tables.ts). */
  readonly waitingTables: WaitingTables;
  /** The process's pool of computer decisions (one per process, off the event loop), for tables against it. */
  readonly decisions: Decider;
  /** Seeds the match's random draw and rack jitter; tests pass a fixed one. */
  readonly seed?: () => number;
  /**
   * Multiplies the wait for a shot's animation before the next shot is accepted (default 1, real time).
   * Tests that play whole matches shrink it; the protocol is the same.
   */
  readonly animationScale?: number;
  /**
   * Multiplies the length of the shot clock's second (default 1, real time). Tests shrink it to see the
   * clock run out without waiting 30 s; the countdown and the protocol are the same.
   */
  readonly clockScale?: number;
  /**
   * Multiplies the computer's pauses: the time it seems to think and the moment its aim is shown (default 1,
   * real time). Tests that play it shrink them; what it plays is the same.
   */
  readonly thinkScale?: number;
  /**
   * Multiplies how long a deserted table whose match never began stays open (ABANDONED_TABLE_SECONDS;
   * default 1). Tests shrink it to see such a table close without waiting two minutes.
   */
  readonly abandonScale?: number;
  /** The physics engine this process simulates every shot on (PHYSICS_ENGINE). */
  readonly physicsEngine: EngineName;
  /** Where shots are simulated: a worker pool, off the event loop (physics/physics-pool.ts). */
  readonly physics: ShotPhysics;
}
