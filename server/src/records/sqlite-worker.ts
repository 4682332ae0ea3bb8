import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { createNodeOnMessageCallback } from "kysely-generic-sqlite/worker-helper-node";

/**
 * The SQLite connection, in a worker thread of its own: `node:sqlite` is synchronous, so a slow disk or a
 * database locked by another process would otherwise stop every table's event loop. Here only the worker
 * waits, and the game keeps playing while a write is pending.
 */

export interface SqliteWorkerData extends Record<string, unknown> {
  readonly path: string;
  /** How long a write waits for another process's lock before it fails, in ms. */
  readonly busyTimeoutMs: number;
}

type Parameter = string | number | bigint | Uint8Array | null;

/**
 * Kysely sends the same few statements again and again; each is prepared once and kept, so the worker
 * neither re-parses them nor leaves a trail of statements for the collector to finalise. The bound only
 * matters if some caller builds SQL with ever-new text.
 */
const MAX_PREPARED = 256;

/** node:sqlite binds no booleans or undefined; Kysely may pass both. */
function bindable(value: unknown): Parameter {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as Parameter;
}

createNodeOnMessageCallback<SqliteWorkerData, DatabaseSync>(({ path, busyTimeoutMs }) => {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  // WAL lets readers (the match pages, a backup) work beside the writer; FULL syncs every commit to disk,
  // because a shot is announced only once its record is durable.
  db.exec(
    `PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${busyTimeoutMs};`,
  );
  const prepared = new Map<string, StatementSync>();
  const statementFor = (sql: string): StatementSync => {
    let statement = prepared.get(sql);
    if (!statement) {
      if (prepared.size >= MAX_PREPARED) prepared.clear();
      statement = db.prepare(sql);
      prepared.set(sql, statement);
    }
    return statement;
  };
  return {
    db,
    query: (_isSelect, sql, parameters) => {
      const statement = statementFor(sql);
      const values = (parameters ?? []).map(bindable);
      if (statement.columns().length > 0) return { rows: statement.all(...values) };
      const result = statement.run(...values);
      return { rows: [], insertId: BigInt(result.lastInsertRowid), numAffectedRows: BigInt(result.changes) };
    },
    close: () => {
      prepared.clear();
      db.close();
    },
  };
});
