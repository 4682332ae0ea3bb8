import type { Logger } from "../logger.ts";
import { type Lease, LeaseLostError, type MatchRecords } from "./match-records.ts";

/**
 * The leases of the tables this process keeps. Every table's record says which process holds it and until
 * when; this process renews all its leases well before they run out, and every action is written only after
 * finding the lease still its own, in the action's transaction (match-records.ts `append`), so that a table
 * whose process stopped can be taken by another one, and a table can never be kept by two processes at once:
 * the one that lost its lease is told, and closes.
 */
export interface LeaseTimings {
  /** How long a lease runs without renewal: after a process dies, its tables wait this long for another. */
  readonly ttlMs: number;
  /** How often the leases are renewed (well under the time they run). */
  readonly renewMs: number;
}

export const DEFAULT_LEASE_TIMINGS: LeaseTimings = { ttlMs: 10_000, renewMs: 3_000 };

export class TableLeases {
  private readonly ownerOf: () => string;
  private readonly records: MatchRecords;
  private readonly timings: LeaseTimings;
  private readonly logger: Logger;
  /** The tables kept here, each with what to do if its lease is found taken. */
  private readonly kept = new Map<string, () => void>();
  private timer: NodeJS.Timeout | null = null;

  /** `owner` names this process (Colyseus's process id, known once the server runs). */
  constructor(
    records: MatchRecords,
    owner: () => string,
    logger: Logger,
    timings: LeaseTimings = DEFAULT_LEASE_TIMINGS,
  ) {
    this.records = records;
    this.ownerOf = owner;
    this.logger = logger;
    this.timings = timings;
  }

  get owner(): string {
    return this.ownerOf();
  }

  /** A lease as of now, for a record written now. */
  lease(now = Date.now()): Lease {
    return { owner: this.owner, until: now + this.timings.ttlMs };
  }

  get ttlMs(): number {
    return this.timings.ttlMs;
  }

  /** This process keeps the table now; `lost` closes it should another process take its lease. */
  keep(matchId: string, lost: () => void): void {
    this.kept.set(matchId, lost);
    this.timer ??= setInterval(() => void this.renew(), this.timings.renewMs).unref();
  }

  isKept(matchId: string): boolean {
    return this.kept.has(matchId);
  }

  /** The table is no longer kept here (its match ended and its room closed, or a rematch replaced it). */
  drop(matchId: string): void {
    this.kept.delete(matchId);
  }

  /** Tells the table that its lease is gone (an `append` found it taken). */
  lostOne(error: unknown, matchId: string): boolean {
    if (!(error instanceof LeaseLostError)) return false;
    const lost = this.kept.get(matchId);
    this.kept.delete(matchId);
    lost?.();
    return true;
  }

  private async renew(): Promise<void> {
    const ids = [...this.kept.keys()];
    try {
      const held = await this.records.renewLeases(ids, this.lease());
      for (const id of ids) {
        if (held.has(id)) continue;
        this.logger.warn({ match: id }, "another process holds this table now: closing it here");
        const lost = this.kept.get(id);
        this.kept.delete(id);
        lost?.();
      }
    } catch (cause) {
      // Not renewed this time: the next round tries again, well before the leases run out.
      this.logger.error({ err: cause }, "could not renew the table leases");
    }
  }

  /** Stops renewing; with `release`, gives the leases up so that another process may take the tables at once. */
  async stop(release: boolean): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const ids = [...this.kept.keys()];
    this.kept.clear();
    if (release) {
      await this.records
        .releaseLeases(ids, this.owner)
        .catch((cause: unknown) => this.logger.error({ err: cause }, "could not release the table leases"));
    }
  }
}
