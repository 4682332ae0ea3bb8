import type { MatchRecord, RecordedAction, RecordHeader } from "@habibka/shared/match";
import type { MatchStore, OfflineResult } from "../../src/offline/match-store.ts";

/**
 * The offline store's contract in memory (a tests' stand-in for IndexedDB): an action is refused unless it is
 * the next one, and `failNext` makes the next write fail as a full disk would.
 */
export class MemoryStore implements MatchStore {
  readonly records = new Map<string, { header: RecordHeader; actions: RecordedAction[] }>();
  readonly results = new Map<string, OfflineResult | null>();
  failNext = false;

  async create(header: RecordHeader): Promise<void> {
    this.records.set(header.matchId, { header, actions: [] });
  }

  async append(
    matchId: string,
    seq: number,
    entry: RecordedAction,
    summary: { readonly result: OfflineResult | null },
  ): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error("the disk is full");
    }
    const record = this.records.get(matchId);
    if (!record) throw new Error(`no match ${matchId}`);
    if (record.actions.length !== seq) throw new Error(`action ${seq} after ${record.actions.length}`);
    // Kept as IndexedDB keeps it: a structured clone, never the caller's own objects.
    record.actions.push(structuredClone(entry));
    this.results.set(matchId, summary.result);
  }

  async record(matchId: string): Promise<MatchRecord | null> {
    const record = this.records.get(matchId);
    return record ? structuredClone(record) : null;
  }
}
