import { matchMaker } from "@colyseus/core";
import { replayMatch } from "@habibka/shared/match";
import type { Logger } from "../logger.ts";
import type { MatchRecords } from "./match-records.ts";
import type { TableLeases } from "./table-leases.ts";

/**
 * How the server itself reopens a table from its record after a restart: the room's create options. Never
 * reachable from outside: the HTTP front door takes only the documented table options.
 */
export interface RestoreOptions {
  readonly restore: { readonly matchId: string };
}

export function isRestore(options: unknown): options is RestoreOptions {
  return typeof (options as RestoreOptions | null)?.restore?.matchId === "string";
}

export interface RestoreReport {
  readonly restored: number;
  /** Of those, tables whose match was over (their players at it, a rematch perhaps asked for). */
  readonly restoredFinished: number;
  /** Records that could not be folded back into a table: left as they are, for an operator to look at. */
  readonly failed: readonly { readonly matchId: string; readonly reason: string }[];
}

/** At most this many tables are looked at in one round, so that one process does not take every table at once. */
const ROUND = 200;

/**
 * Brings back the tables that no process keeps: those whose match is unfinished, and those whose match was
 * over but whose table was still open when its process stopped, not long ago (lease-queries.ts,
 * FINISHED_TABLE_RETURN_MS), so that a rematch asked for is not lost. Each record is folded first;
 * one that folds is claimed by its lease (so exactly one process restores it), its old process's stale
 * listing is cleared, and its room is created in this process with the same code and settings. A lone
 * process (`all`) takes every such table at start: there is nobody else to have them. A record that
 * does not fold is logged once, with its id and reason, and left untouched; the server runs on anyway.
 */
export class TableRestorer {
  private readonly records: MatchRecords;
  private readonly leases: TableLeases;
  private readonly roomName: string;
  private readonly logger: Logger;
  /** Records known not to fold: not read again by every round. */
  private readonly unfoldable = new Map<string, string>();
  private restoredCount = 0;
  private restoredFinishedCount = 0;

  constructor(records: MatchRecords, leases: TableLeases, roomName: string, logger: Logger) {
    this.records = records;
    this.leases = leases;
    this.roomName = roomName;
    this.logger = logger;
  }

  report(): RestoreReport {
    return {
      restored: this.restoredCount,
      restoredFinished: this.restoredFinishedCount,
      failed: [...this.unfoldable].map(([matchId, reason]) => ({ matchId, reason })),
    };
  }

  /** One round: restores what it can take now; resolves with how many it restored. */
  async restore(options: { readonly all: boolean }): Promise<number> {
    let restored = 0;
    let finished = 0;
    const unheld = await this.records.unheld(Date.now(), { all: options.all, limit: ROUND + this.unfoldable.size });
    for (const candidate of unheld) {
      if (this.unfoldable.has(candidate.id) || this.leases.isKept(candidate.id)) continue;
      const record = await this.records.loadRecord(candidate.id);
      const folded = record ? replayMatch(record) : null;
      if (!folded?.ok) {
        const reason = folded ? folded.error.message : "the record has no header";
        this.unfoldable.set(candidate.id, reason);
        this.logger.error(
          { match: candidate.id, reason },
          "could not restore a table from its record; the record is left as it is",
        );
        continue;
      }
      if (!(await this.records.claim(candidate, this.leases.lease()))) continue;
      try {
        // A process that stopped leaves its rooms listed under its id: clear them, or the listing of the old
        // room would stand in for the restored one.
        if (candidate.owner && candidate.owner !== matchMaker.processId) {
          await matchMaker.healthCheckProcessId(candidate.owner);
        }
        const restore: RestoreOptions = { restore: { matchId: candidate.id } };
        await matchMaker.handleCreateRoom(this.roomName, restore);
        restored++;
        if (candidate.finished) finished++;
      } catch (cause) {
        const reason = cause instanceof Error ? cause.message : String(cause);
        this.logger.error({ match: candidate.id, reason }, "could not reopen a table; its lease is given back");
        await this.records.releaseLeases([candidate.id], this.leases.owner).catch(() => undefined);
      }
    }
    this.restoredCount += restored;
    this.restoredFinishedCount += finished;
    if (restored > 0) this.logger.info({ restored, finished }, "tables restored from their records");
    return restored;
  }
}
