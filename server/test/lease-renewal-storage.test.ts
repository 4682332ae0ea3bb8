import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { RecordHeader } from "@habibka/shared/match";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renewLeases } from "../src/records/lease-queries.ts";
import { type Lease, MatchRecords } from "../src/records/match-records.ts";
import type { RecordsDatabase } from "../src/records/records-schema.ts";
import { freshDatabase, type RunningService, startPostgres } from "./support/services.ts";

/**
 * How the records are stored for the two writes that come most often (migration 009-renewals-in-place): a
 * process renewing the leases of all its tables every few seconds, and a shot's action with its trace.
 */

const HERE: Lease = { owner: "this-process", until: 10_000 };

const header = (matchId: string): RecordHeader => ({
  format: 1,
  matchId,
  code: matchId.slice(-6).padStart(6, "0"),
  settings: { visibility: "public", opening: "lag", shotClock: 60, seatHoldSeconds: 180, spectatorCap: 50 },
  seed: 42,
  createdAt: 1000,
});

const TABLES = Array.from({ length: 12 }, (_, i) => `table-${i}`);

describe("the records on SQLite", () => {
  it("index the open tables without their lease, which every renewal changes", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "habibka-leases-")), "r.sqlite");
    const records = await MatchRecords.open({ path });
    await records.close();
    const db = new DatabaseSync(path, { readOnly: true });
    const columns = db.prepare("select name from pragma_index_info('match_records_open_tables')").all();
    db.close();
    expect(columns.map((c) => c.name)).toEqual(["table_closed_at"]);
  });
});

describe("the records on PostgreSQL", () => {
  let postgres: RunningService;
  let url: string;

  beforeAll(async () => {
    postgres = await startPostgres();
    url = await freshDatabase(postgres, "lease_storage");
    const records = await MatchRecords.open({ kind: "postgres", url });
    for (const id of TABLES) await records.createRecord(header(id), HERE);
    await records.close();
  }, 60_000);

  afterAll(async () => {
    await postgres?.stop();
  });

  /** A connection of its own, so that a transaction's own counters can be read inside it. */
  async function withDatabase<T>(use: (db: Kysely<RecordsDatabase>) => Promise<T>): Promise<T> {
    const db = new Kysely<RecordsDatabase>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    });
    try {
      return await use(db);
    } finally {
      await db.destroy();
    }
  }

  it("renew every lease in place: each renewed row a heap-only update that writes no index entry", async () => {
    const counts = await withDatabase((db) =>
      db.transaction().execute(async (trx) => {
        const renewed = await renewLeases(trx, TABLES, { ...HERE, until: 20_000 });
        const { rows } = await sql<{ updated: string; inPlace: string }>`
          select pg_stat_get_xact_tuples_updated('match_records'::regclass) as "updated",
                 pg_stat_get_xact_tuples_hot_updated('match_records'::regclass) as "inPlace"`.execute(trx);
        return { renewed: renewed.size, updated: Number(rows[0]!.updated), inPlace: Number(rows[0]!.inPlace) };
      }),
    );
    expect(counts).toEqual({ renewed: TABLES.length, updated: TABLES.length, inPlace: TABLES.length });
  });

  it("leave room on the records' pages for the renewals, and keep a shot-sized action whole in its row", async () => {
    const options = await withDatabase(async (db) => {
      const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
        select relname, reloptions from pg_class where relname in ('match_records', 'record_actions')`.execute(db);
      return Object.fromEntries(rows.map((row) => [row.relname, row.reloptions]));
    });
    expect(options).toEqual({ match_records: ["fillfactor=70"], record_actions: ["toast_tuple_target=8160"] });

    // About a shot's size, and as compressible as its JSON: compressed and moved out of the row without the
    // target, stored as written with it.
    const events = Array.from({ length: 40 }, (_, i) => ({
      t: i / 7,
      type: "collision",
      a: i % 16,
      b: (i + 1) % 16,
      ax: Math.sin(i),
      ay: Math.cos(i),
    }));
    const action = JSON.stringify({ type: "shot", result: { events } });
    expect(action.length).toBeGreaterThan(3_000);
    const records = await MatchRecords.open({ kind: "postgres", url });
    try {
      await records.append(TABLES[0]!, 0, { at: 1500, action, type: "shot" }, {}, HERE.owner);
    } finally {
      await records.close();
    }
    const stored = await withDatabase(async (db) => {
      const { rows } = await sql<{ size: number; length: number; toast: string }>`
        select pg_column_size(action) as "size", octet_length(action) as "length",
               pg_relation_size((select reltoastrelid from pg_class where relname = 'record_actions')) as "toast"
        from record_actions where match_id = ${TABLES[0]!}`.execute(db);
      return rows[0]!;
    });
    expect(stored.size).toBeGreaterThanOrEqual(stored.length);
    expect(Number(stored.toast)).toBe(0);
  });
});
