import { Worker } from "node:worker_threads";
import { Kysely, PostgresDialect } from "kysely";
import { Migrator } from "kysely/migration";
import { GenericSqliteWorkerDialect } from "kysely-generic-sqlite/worker";
import { createNodeWorkerExecutor } from "kysely-generic-sqlite/worker-helper-node";
import pg from "pg";
import { type DatabaseKind, migrationProvider } from "./migrations.ts";
import type { RecordsDatabase } from "./records-schema.ts";
import type { SqliteWorkerData } from "./sqlite-worker.ts";

/**
 * Where the match records live: an embedded SQLite file (the default, one process), or a PostgreSQL server
 * that several game processes share. One query layer (Kysely) and one set of migrations serve both.
 */
export type DatabaseLocation =
  | { readonly kind: "sqlite"; readonly path: string; readonly busyTimeoutMs?: number }
  | { readonly kind: "postgres"; readonly url: string };

export interface OpenDatabase {
  readonly db: Kysely<RecordsDatabase>;
  readonly kind: DatabaseKind;
}

function dialectFor(location: DatabaseLocation) {
  if (location.kind === "postgres") {
    // A write that cannot get a connection in time fails like a locked SQLite file: the action is refused.
    const pool = new pg.Pool({ connectionString: location.url, max: 10, connectionTimeoutMillis: 5_000 });
    return new PostgresDialect({ pool });
  }
  const data: SqliteWorkerData = { path: location.path, busyTimeoutMs: location.busyTimeoutMs ?? 2_000 };
  return new GenericSqliteWorkerDialect(
    createNodeWorkerExecutor({ worker: () => new Worker(new URL("./sqlite-worker.ts", import.meta.url)), data }),
  );
}

/** Opens the database and brings its schema up to date; rejects, closing it again, when either fails. */
export async function openDatabase(location: DatabaseLocation): Promise<OpenDatabase> {
  const db = new Kysely<RecordsDatabase>({ dialect: dialectFor(location) });
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider(location.kind) }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
  } catch (cause) {
    await db.destroy().catch(() => undefined);
    throw cause;
  }
  return { db, kind: location.kind };
}
