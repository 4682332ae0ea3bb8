import {
  applyAction,
  hasBegun,
  type MatchAction,
  type MatchRecord,
  type MatchState,
  type RecordHeader,
  replayMatch,
  type Transition,
} from "@habibka/shared/match";
import type { Step } from "@habibka/shared/pipeline";
import type { Logger } from "../logger.ts";
import type { MatchRecords, RecordListing, RecordResult } from "../records/match-records.ts";

/**
 * A table's current match and its record. An action is written first and applied after: the match applies
 * the action exactly as it was stored (read back from its JSON), so the live match is always the fold of its
 * record, to the last bit. A write that fails leaves the match as it was.
 */
export class LiveMatch {
  readonly header: RecordHeader;
  private current: MatchState;
  private nextSeq: number;
  private readonly records: MatchRecords;
  private readonly logger: Logger;

  private constructor(header: RecordHeader, match: MatchState, nextSeq: number, records: MatchRecords, logger: Logger) {
    this.header = header;
    this.current = match;
    this.nextSeq = nextSeq;
    this.records = records;
    this.logger = logger;
  }

  /** A new match: its record is created before the table is. */
  static async start(
    header: RecordHeader,
    initial: MatchState,
    records: MatchRecords,
    logger: Logger,
  ): Promise<LiveMatch> {
    await records.createRecord(header);
    return new LiveMatch(header, initial, 0, records, logger);
  }

  /** A match folded back from its record (after a restart). */
  static resume(record: MatchRecord, records: MatchRecords, logger: Logger): LiveMatch {
    const folded = replayMatch(record);
    if (!folded.ok) throw new Error(`record ${record.header.matchId}: ${folded.error.message}`);
    return new LiveMatch(record.header, folded.value, record.actions.length, records, logger);
  }

  get match(): MatchState {
    return this.current;
  }

  get matchId(): string {
    return this.header.matchId;
  }

  /**
   * Writes the step's action, then applies it. Resolves with the transition the stored action makes, or
   * null (nothing changed) when the record could not be written.
   */
  async commit(step: Step, at: number): Promise<Transition | null> {
    const json = JSON.stringify(step.action);
    const stored = applyAction(this.current, JSON.parse(json) as MatchAction);
    if (!stored.ok) throw new Error(`the stored form of an accepted action was refused: ${stored.error.message}`);
    const transition = stored.value;
    const seq = this.nextSeq;
    try {
      await this.records.append(
        this.header.matchId,
        seq,
        { at, action: json, ...(step.played ? { played: step.played } : {}) },
        listingAfter(this.current, transition.state, at),
      );
    } catch (cause) {
      this.logger.error({ err: cause, match: this.header.matchId, seq }, "could not record an action");
      return null;
    }
    this.nextSeq = seq + 1;
    this.current = transition.state;
    return transition;
  }

  /** The table closes with a match that never began: its record is closed, there is nothing to restore. */
  async closeUnbegun(at: number): Promise<void> {
    if (hasBegun(this.current)) return;
    const result: RecordResult = { winner: null, reason: "closed", shelves: [0, 0], finishedAt: at };
    await this.records.closeRecord(this.header.matchId, result);
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
  return {
    ...(seatsChanged ? { players: [after.seats[0]?.name ?? null, after.seats[1]?.name ?? null] as const } : {}),
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
