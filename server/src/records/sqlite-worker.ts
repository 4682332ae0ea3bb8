import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { createNodeOnMessageCallback } from "kysely-generic-sqlite/worker-helper-node";
import { GUARDED_WRITES, type GuardedStatements, type SqliteWorkerData, type Statement } from "./sqlite-requests.ts";

/**
 * The SQLite connection, in a worker thread of its own: `node:sqlite` is synchronous, so a slow disk or a
 * database locked by another process would otherwise stop every table's event loop. Here only the worker
 * waits, and the game keeps playing while a write is pending.
 */

type Parameter = string | number | bigint | Uint8Array | null;

/**
 * Kysely sends the same few statements again and again; each is prepared once and kept, so the worker
 * neither re-parses them nor leaves a trail of statements for the collector to finalise. The bound only
 * matters if some caller builds SQL with ever-new text.
 */
const MAX_PREPARED = 256;
const prepared = new Map<string, StatementSync>();

function statementFor(db: DatabaseSync, sql: string): StatementSync {
  let statement = prepared.get(sql);
  if (!statement) {
    if (prepared.size >= MAX_PREPARED) prepared.clear();
    statement = db.prepare(sql);
    prepared.set(sql, statement);
  }
  return statement;
}

/** node:sqlite binds no booleans or undefined; Kysely may pass both. */
function bindable(value: unknown): Parameter {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value as Parameter;
}

function run(db: DatabaseSync, { sql, parameters }: Statement) {
  return statementFor(db, sql).run(...parameters.map(bindable));
}

/** A guard holds when it finds exactly one row (a query) or changes exactly one (an update). */
function guardHolds(db: DatabaseSync, { sql, parameters }: Statement): boolean {
  const statement = statementFor(db, sql);
  const values = parameters.map(bindable);
  if (statement.columns().length > 0) return statement.all(...values).length === 1;
  return Number(statement.run(...values).changes) === 1;
}

/**
 * All of it or none: each write's statements run only if its guard holds. The transaction takes the
 * database's write lock first, so nothing another process writes can come between a guard and its writes.
 */
function writeGuarded(db: DatabaseSync, writes: readonly GuardedStatements[]): boolean[] {
  db.exec("BEGIN IMMEDIATE");
  try {
    const held = writes.map((write) => {
      const ok = guardHolds(db, write.guard);
      if (ok) for (const statement of write.writes) run(db, statement);
      return ok;
    });
    db.exec("COMMIT");
    return held;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

createNodeOnMessageCallback<SqliteWorkerData, DatabaseSync>(
  ({ path, busyTimeoutMs }) => {
    if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
    const db = new DatabaseSync(path);
    // WAL lets readers (the match pages, a backup) work beside the writer; FULL syncs every commit to disk,
    // because a shot is announced only once its record is durable. A cache of 32 MiB rather than 2 holds the
    // index pages thousands of live tables append to, which would otherwise be read back from the file for
    // nearly every action.
    db.exec(
      `PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = ${busyTimeoutMs}; PRAGMA cache_size = -32768;`,
    );
    return {
      db,
      query: (_isSelect, sql, parameters) => {
        const statement = statementFor(db, sql);
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
  },
  (sqlite, request) => {
    if (request.type !== GUARDED_WRITES) throw new Error(`unknown request to the SQLite worker: ${request.type}`);
    return writeGuarded(sqlite.db, request.payload as GuardedStatements[]);
  },
);
