import {
  hasBegun,
  type MatchRecord,
  type MatchState,
  type RecordHeader,
  replayMatch,
  type Transition,
} from "@habibka/shared/match";
import { type Step, stepOnto } from "@habibka/shared/pipeline";
import type { Logger } from "../logger.ts";
import type { MatchRecords, RecordListing, RecordResult } from "../records/match-records.ts";
import type { TableLeases } from "../records/table-leases.ts";

/** What a live match needs from its process. */
export interface LiveMatchServices {
  readonly records: MatchRecords;
  readonly leases: TableLeases;
  readonly logger: Logger;
}

/**
 * A table's current match and its record. An action is written first and applied after: the match applies
 * the action exactly as it was stored (read back from its JSON), so the live match is always the fold of its
 * record, to the last bit. A write that fails leaves the match as it was. The record is leased to this
 * process while it keeps the match (records/table-leases.ts); should another process take the lease,
 * `lost` is called and no action is written any more.
 */
export class LiveMatch {
  readonly header: RecordHeader;
  private current: MatchState;
  private nextSeq: number;
  private readonly services: LiveMatchServices;

  private constructor(header: RecordHeader, match: MatchState, nextSeq: number, services: LiveMatchServices) {
    this.header = header;
    this.current = match;
    this.nextSeq = nextSeq;
    this.services = services;
  }

  /** A new match: its record is created, and leased to this process, before the table is. */
  static async start(
    header: RecordHeader,
    initial: MatchState,
    services: LiveMatchServices,
    lost: () => void,
  ): Promise<LiveMatch> {
    await services.records.createRecord(header, services.leases.lease());
    services.leases.keep(header.matchId, lost);
    return new LiveMatch(header, initial, 0, services);
  }

  /** A match folded back from its record (after a restart), whose lease this process has taken. */
  static resume(record: MatchRecord, services: LiveMatchServices, lost: () => void): LiveMatch {
    const folded = replayMatch(record);
    if (!folded.ok) throw new Error(`record ${record.header.matchId}: ${folded.error.message}`);
    services.leases.keep(record.header.matchId, lost);
    return new LiveMatch(record.header, folded.value, record.actions.length, services);
  }

  /** The table no longer keeps this match (a rematch replaced it, or the table closed). */
  release(): void {
    this.services.leases.drop(this.header.matchId);
  }

  get match(): MatchState {
    return this.current;
  }

  get matchId(): string {
    return this.header.matchId;
  }

  /**
   * Writes the step's action, then applies it. Resolves with the transition the stored action makes (judged
   * once, by the pipeline, unless the match moved on meanwhile), or null (nothing changed) when the record
   * could not be written.
   */
  async commit(step: Step, at: number): Promise<Transition | null> {
    const transition = stepOnto(this.current, step);
    if (!transition) throw new Error(`the match no longer takes an accepted ${step.action.type}`);
    const seq = this.nextSeq;
    try {
      await this.services.records.append(
        this.header.matchId,
        seq,
        { at, action: step.json, type: step.action.type, ...(step.played ? { played: step.played } : {}) },
        listingAfter(this.current, transition.state, at),
        this.services.leases.owner,
      );
    } catch (cause) {
      if (!this.services.leases.lostOne(cause, this.header.matchId)) {
        this.services.logger.error({ err: cause, match: this.header.matchId, seq }, "could not record an action");
      }
      return null;
    }
    this.nextSeq = seq + 1;
    this.current = transition.state;
    return transition;
  }

  /**
   * The table closes for good with this match, or a rematch's record replaces it. A match that never began
   * has its record closed, and a finished one its table marked closed: no restart brings either back (a
   * finished record not marked is a table whose process stopped, restored for its rematch). A match under
   * way is left as it is.
   */
  async closeTable(at: number): Promise<void> {
    if (!hasBegun(this.current)) {
      const result: RecordResult = { winner: null, reason: "closed", shelves: [0, 0], finishedAt: at };
      await this.services.records.closeRecord(this.header.matchId, result);
    } else if (this.current.phase === "finished") {
      await this.services.records.markTableClosed(this.header.matchId, this.services.leases.owner, at);
    }
  }
}

/**
 * What the listing of a record shows after an action: the players as the seats fill (a seat that changes
 * hands after the match is not the match's), and the result once it is over.
 */
function listingAfter(before: MatchState, after: MatchState, at: number): RecordListing {
  const playing = before.phase !== "finished";
  const seatsChanged = playing && (before.seats[0] !== after.seats[0] || before.seats[1] !== after.seats[1]);
  const ended = playing && after.phase === "finished";
  const [first, second] = after.seats;
  return {
    ...(seatsChanged
      ? {
          players: [first?.name ?? null, second?.name ?? null] as const,
          accounts: [first?.account ?? null, second?.account ?? null] as const,
        }
      : {}),
    ...(ended && (first?.account || second?.account) ? { settle: true } : {}),
    ...(ended
      ? {
          result: {
            winner: after.winner,
            reason: after.end!,
            shelves: [after.shelves[0].length, after.shelves[1].length] as const,
            finishedAt: at,
          },
        }
      : {}),
  };
}
