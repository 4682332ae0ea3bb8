/** What the main thread and the SQLite worker (sqlite-worker.ts) say to each other beyond Kysely's queries. */

export interface SqliteWorkerData extends Record<string, unknown> {
  readonly path: string;
  /** How long a write waits for another process's lock before it fails, in ms. */
  readonly busyTimeoutMs: number;
}

/** The worker's own request: guarded writes in one transaction (database.ts, `writeGuarded`). */
export const GUARDED_WRITES = "guarded-writes";

export interface Statement {
  readonly sql: string;
  readonly parameters: readonly unknown[];
}

export interface GuardedStatements {
  readonly guard: Statement;
  readonly writes: readonly Statement[];
}
