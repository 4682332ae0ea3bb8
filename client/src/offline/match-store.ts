import type { MatchEnd, MatchRecord, RecordedAction, RecordHeader } from "@habibka/shared/match";

/**
 * What a table played in the page needs of the store its record is kept in: IndexedDB in a browser
 * (offline-store.ts), memory in the tests. Plain types, so the table's code compiles without the DOM.
 */

export interface OfflineResult {
  readonly winner: 0 | 1 | null;
  readonly reason: MatchEnd;
  readonly shelves: readonly [number, number];
  readonly finishedAt: number;
}

export interface MatchStore {
  /** A new match: its header and names, before any action. */
  create(header: RecordHeader, names: readonly [string, string]): Promise<void>;
  /** Appends action `seq` (refused unless it is the next one) with the summary it leaves. */
  append(
    matchId: string,
    seq: number,
    entry: RecordedAction,
    summary: { readonly names: readonly [string, string]; readonly result: OfflineResult | null },
  ): Promise<void>;
  /** A match's whole record, or null when the store keeps none by that id. */
  record(matchId: string): Promise<MatchRecord | null>;
}
