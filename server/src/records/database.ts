import { Worker } from "node:worker_threads";
import { type DatabaseConnection, type Dialect, Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { GenericSqliteWorkerDialect } from "kysely-generic-sqlite/worker";
import { createNodeWorkerExecutor } from "kysely-generic-sqlite/worker-helper-node";
import pg from "pg";
import { type DatabaseKind, migrationProvider } from "./migrations.ts";
import type { RecordsDatabase } from "./records-schema.ts";
import { GUARDED_WRITES, type GuardedStatements, type SqliteWorkerData, type Statement } from "./sqlite-requests.ts";

/**
 * Where the match records live: an embedded SQLite file (the default, one process), or a PostgreSQL server
 * that several game processes share. One query layer (Kysely) and one set of migrations serve both.
 */
export type DatabaseLocation =
  | { readonly kind: "sqlite"; readonly path: string; readonly busyTimeoutMs?: number }
  | { readonly kind: "postgres"; readonly url: string };

/**
 * A guard statement and the writes it allows: they run only when the guard changed exactly one row. Kysely's
 * compiled queries, or statements compiled once (record-writes.ts).
 */
interface GuardedWrite {
  readonly guard: Statement;
  readonly writes: readonly Statement[];
}

export interface OpenDatabase {
  readonly db: Kysely<RecordsDatabase>;
  readonly kind: DatabaseKind;
  /**
   * SQLite only (null on PostgreSQL): runs the writes as one transaction, all or nothing, and resolves with
   * whether each one's guard held; rejects, writing nothing, when any statement fails. The whole transaction
   * is one request to the worker thread: nothing else can run inside it, and it costs one hop of the busy
   * event loop instead of one per statement.
   */
  readonly writeGuarded: ((writes: readonly GuardedWrite[]) => Promise<boolean[]>) | null;
  /**
   * PostgreSQL only (null on SQLite): runs a statement prepared under `name` on each connection the first
   * time it comes there, so that the server parses and plans it once rather than at every call. For the
   * statement sent hundreds of times a second, the actions' append (record-writes.ts); Kysely sends each
   * query unnamed.
   */
  readonly prepared: (<Row>(statement: NamedStatement, values: readonly unknown[]) => Promise<Row[]>) | null;
}

/** A statement with a name of its own, its text fixed: only its values change from one call to the next. */
export interface NamedStatement {
  readonly name: string;
  readonly text: string;
}

/** What the worker is sent: the statements' text and values, not Kysely's query trees. */
function plain(query: Statement): Statement {
  return { sql: query.sql, parameters: query.parameters };
}

function sqliteWriter(connection: () => SqliteConnection): NonNullable<OpenDatabase["writeGuarded"]> {
  return (writes) => {
    const payload: GuardedStatements[] = writes.map((w) => ({ guard: plain(w.guard), writes: w.writes.map(plain) }));
    return connection().request<boolean[]>(GUARDED_WRITES, payload);
  };
}

/** The worker dialect's connection, which also takes requests of the worker's own (sqlite-worker.ts). */
interface SqliteConnection extends DatabaseConnection {
  request<T>(type: string, payload?: unknown): Promise<T>;
}

/** The database as start-up's one line of failure names it. */
export function databaseName(location: DatabaseLocation): string {
  return location.kind === "postgres" ? "PostgreSQL at DATABASE_URL" : `the SQLite file ${location.path}`;
}

/** SQLite on node:sqlite in a worker thread of its own, so that a slow or locked file never stalls the game. */
export function sqliteDialect(
  location: Extract<DatabaseLocation, { kind: "sqlite" }>,
  onConnection: (connection: SqliteConnection) => void = () => undefined,
): Dialect {
  return new GenericSqliteWorkerDialect(
    createNodeWorkerExecutor({
      worker: () => new Worker(new URL("./sqlite-worker.ts", import.meta.url)),
      data: { path: location.path, busyTimeoutMs: location.busyTimeoutMs ?? 2_000 } satisfies SqliteWorkerData,
    }),
    (connection) => onConnection(connection as SqliteConnection),
  );
}

/** Opens the database and brings its schema up to date; rejects, closing it again, when either fails. */
export async function openDatabase(location: DatabaseLocation): Promise<OpenDatabase> {
  let sqlite: SqliteConnection | null = null;
  let pool: pg.Pool | null = null;
  let dialect: Dialect;
  if (location.kind === "postgres") {
    // A write that cannot get a connection in time fails like a locked SQLite file: the action is refused.
    pool = new pg.Pool({ connectionString: location.url, max: 10, connectionTimeoutMillis: 5_000 });
    dialect = new PostgresDialect({ pool });
  } else {
    dialect = sqliteDialect(location, (connection) => {
      sqlite = connection;
    });
  }
  const db = new Kysely<RecordsDatabase>({ dialect });
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider(location.kind) }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  } catch (cause) {
    await db.destroy().catch(() => undefined);
    throw cause;
  }
  const writeGuarded =
    location.kind === "postgres"
      ? null
      : sqliteWriter(() => {
          if (!sqlite) throw new Error("the SQLite connection is not open");
          return sqlite;
        });
  return { db, kind: location.kind, writeGuarded, prepared: pool ? preparedOn(pool) : null };
}

/** Named statements through the pool Kysely's queries use. */
function preparedOn(pool: pg.Pool): NonNullable<OpenDatabase["prepared"]> {
  return async (statement, values) => {
    const result = await pool.query({ name: statement.name, text: statement.text, values: [...values] });
    return result.rows;
  };
}
