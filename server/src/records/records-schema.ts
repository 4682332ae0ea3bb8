/**
 * The tables of the match records as the query layer sees them. JSON values are stored as text so that one
 * set of migrations serves every database; times are epoch milliseconds.
 */
export interface RecordsDatabase {
  readonly match_records: MatchRecordsTable;
  readonly record_actions: RecordActionsTable;
  readonly chat_lines: ChatLinesTable;
  readonly match_analyses: MatchAnalysesTable;
  /** Records written before matches were kept as their actions: read for viewing, never restored. */
  readonly matches: LegacyMatchesTable;
  readonly shots: LegacyShotsTable;
}

/** One match: its header, and what the listings read (players, result) kept beside it. */
export interface MatchRecordsTable {
  readonly id: string;
  readonly format: number;
  readonly code: string;
  readonly visibility: "public" | "private";
  /** JSON: the table's settings (shared/src/match/record.ts). */
  readonly settings: string;
  readonly seed: number;
  readonly created_at: number;
  /** JSON: the two seats' names, null for a free seat. */
  readonly players: string;
  /** JSON of the result once the match is over (or the table closed before it began); null while it runs. */
  readonly result: string | null;
  readonly finished_at: number | null;
  /** The result's reason (a RecordEnd), written with it; null while the match runs. */
  readonly result_reason: string | null;
  /** The players' names normalised between bars (`|анна|boris|`), for the history's filter (migrations.ts). */
  readonly player_key: string | null;
  /** The process holding the table (Colyseus's process id), and until when its lease runs (epoch ms). */
  readonly owner: string | null;
  readonly lease_until: number | null;
  /**
   * When the table closed for good with this record (it closed after its match, or a rematch's record
   * replaced it), epoch ms; null while the table may be open. A finished record not marked is a table
   * whose process stopped: the restore brings it back for a while (lease-queries.ts).
   */
  readonly table_closed_at: number | null;
  /** The account that sat in each seat (from its `sit` action), null for a player without one. */
  readonly account_0: string | null;
  readonly account_1: string | null;
  /**
   * 1 while a finished match with an account at it waits for its settlement (its players' stats and, rated,
   * their ratings: accounts/settlement.ts), null otherwise. Set with the action that finished it.
   */
  readonly settle_pending: number | null;
}

/** One action of a match, in order. */
export interface RecordActionsTable {
  readonly match_id: string;
  readonly seq: number;
  readonly at: number;
  readonly type: string;
  /** JSON of the action as the match folds it. */
  readonly action: string;
  /** JSON of the stroke it played (without its trace), or null. */
  readonly played: string | null;
  readonly trace: Uint8Array | null;
}

/**
 * A finished match's analysis at one level (server/src/analysis/), kept with its record: who is computing it
 * and how far it has got while it runs, the document once it is done.
 */
export interface MatchAnalysesTable {
  readonly match_id: string;
  readonly level: string;
  readonly status: "queued" | "running" | "done" | "failed";
  /** Strokes analysed so far, of how many. */
  readonly done: number;
  readonly total: number;
  /** The process computing it and until when its lease runs (epoch ms); for a failed one, until a retry. */
  readonly owner: string | null;
  readonly lease_until: number | null;
  /** JSON of the analysis (shared/src/protocol/match-analysis.ts) once done. */
  readonly analysis: string | null;
  /** Why it failed, for the log and the operator. */
  readonly error: string | null;
  readonly updated_at: number;
}

/** The table's chat during a match, kept so that a restarted table shows it again. */
interface ChatLinesTable {
  readonly match_id: string;
  readonly seq: number;
  /** JSON of the chat line as it was broadcast. */
  readonly line: string;
}

interface LegacyMatchesTable {
  readonly id: string;
  readonly code: string;
  readonly visibility: "public" | "private";
  readonly opening: "lag" | "draw";
  readonly shot_clock: number;
  readonly players: string;
  readonly started_at: number;
  readonly result: string | null;
  readonly finished_at: number | null;
}

interface LegacyShotsTable {
  readonly match_id: string;
  readonly number: number;
  readonly seat: number;
  readonly kind: string;
  readonly request: string;
  readonly before: string | null;
  readonly verdict: string;
  readonly events: string;
  readonly trace: Uint8Array;
  readonly at: number;
}
