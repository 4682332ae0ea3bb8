import type { Generated } from "kysely";

/**
 * The tables of the match records as the query layer sees them. JSON values are stored as text so that one
 * set of migrations serves every database; times are epoch milliseconds.
 */
export interface RecordsDatabase {
  readonly matches: MatchesTable;
  readonly shots: ShotsTable;
}

export interface MatchesTable {
  readonly id: string;
  readonly code: string;
  readonly visibility: "public" | "private";
  readonly opening: "lag" | "draw";
  readonly shot_clock: number;
  /** JSON: the two names. */
  readonly players: string;
  readonly started_at: number;
  /** JSON of the result, null while the match is unfinished. */
  readonly result: string | null;
  readonly finished_at: number | null;
}

export interface ShotsTable {
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
  readonly rowid?: Generated<number>;
}
