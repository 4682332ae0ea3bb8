import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { RecordHeader } from "@habibka/shared/match";
import { DummyDriver, Kysely, type LogEvent, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { sqliteDialect } from "../src/records/database.ts";
import { lastMatchAt, recentResults } from "../src/records/match-history.ts";
import { type Lease, MatchRecords } from "../src/records/match-records.ts";
import { migrationProvider } from "../src/records/migrations.ts";
import type { RecordResult } from "../src/records/record-writes.ts";
import type { RecordsDatabase } from "../src/records/records-schema.ts";

/**
 * The history leaves out tables closed before their match began by the record's reason, a column written
 * with its result (migration 006-result-reason), read through the results' index; records written before
 * the column existed get their reason from their result.
 */

const HERE: Lease = { owner: "this-process", until: 10_000 };

const header = (matchId: string): RecordHeader => ({
  format: 1,
  matchId,
  code: "123456",
  settings: { visibility: "public", opening: "lag", shotClock: 60, seatHoldSeconds: 180, spectatorCap: 50 },
  seed: 42,
  createdAt: matchId === "won" ? 1000 : 2000,
});

const ended = (reason: RecordResult["reason"], finishedAt: number): RecordResult => ({
  winner: reason === "closed" ? null : 1,
  reason,
  shelves: [3, 8],
  finishedAt,
});

/** A SQLite file with a match won at its table and, later at the same code, a table closed before it began. */
async function twoRecords(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), "habibka-reason-")), "r.sqlite");
  const records = await MatchRecords.open({ path });
  await records.createRecord(header("won"), HERE);
  const sit = JSON.stringify({ type: "sit", player: 0, name: "A", token: "hash" });
  await records.append("won", 0, { at: 1500, action: sit }, { result: ended("eight", 1500) }, HERE.owner);
  await records.markTableClosed("won", HERE.owner, 1600);
  await records.createRecord(header("empty"), HERE);
  await records.closeRecord("empty", ended("closed", 2500));
  await records.close();
  return path;
}

/** The statements the history's queries send, compiled for SQLite without running them. */
async function historyStatements(): Promise<{ sql: string; parameters: readonly unknown[] }[]> {
  const sent: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<RecordsDatabase>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log: (event: LogEvent) => {
      sent.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  await recentResults(db, { limit: 10 });
  await lastMatchAt(db, "123456");
  await db.destroy();
  return sent;
}

describe("the record's reason", () => {
  it("keeps a table closed before its match began out of the history and the table's link", async () => {
    const records = await MatchRecords.open({ path: await twoRecords() });
    expect((await records.recentResults({ limit: 10 })).map((m) => m.id)).toEqual(["won"]);
    expect(await records.lastMatchAt("123456")).toEqual({ id: "won", finishedAt: 1500 });
    await records.close();
  });

  it("is filled in from the result for records written before the column, by migration 006", async () => {
    // The file as the version before the migration left it: the schema up to 005, the records as it wrote them.
    const path = join(mkdtempSync(join(tmpdir(), "habibka-reason-")), "r.sqlite");
    const old = new Kysely<unknown>({ dialect: sqliteDialect({ kind: "sqlite", path }) });
    const { error } = await new Migrator({ db: old, provider: migrationProvider("sqlite") }).migrateTo(
      "005-table-closed",
    );
    expect(error).toBeUndefined();
    await old.destroy();
    const before = new DatabaseSync(path);
    const insert = before.prepare(
      `INSERT INTO match_records (id, format, code, visibility, settings, seed, created_at, players, result, finished_at)
       VALUES (?, 1, '123456', 'public', ?, 42, ?, '["A",null]', ?, ?)`,
    );
    for (const [id, reason, createdAt, finishedAt] of [
      ["won", "eight", 1000, 1500],
      ["empty", "closed", 2000, 2500],
    ] as const) {
      insert.run(
        id,
        JSON.stringify(header(id).settings),
        createdAt,
        JSON.stringify(ended(reason, finishedAt)),
        finishedAt,
      );
    }
    before.close();
    const records = await MatchRecords.open({ path });
    expect((await records.recentResults({ limit: 10 })).map((m) => m.id)).toEqual(["won"]);
    await records.close();
    const after = new DatabaseSync(path);
    const reasons = after.prepare("SELECT id, result_reason FROM match_records ORDER BY id").all();
    expect(reasons).toEqual([
      { id: "empty", result_reason: "closed" },
      { id: "won", result_reason: "eight" },
    ]);
    after.close();
  });

  it("is read through an index: the history's through the results' index, a table's link through its code's", async () => {
    const path = await twoRecords();
    const db = new DatabaseSync(path);
    const [history, link] = await historyStatements();
    const plan = (statement: { sql: string; parameters: readonly unknown[] }) =>
      db
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .all(...(statement.parameters as SQLInputValue[]))
        .map((row) => String(row.detail))
        .join("; ");
    expect(plan(history!)).toMatch(/USING INDEX match_records_results/);
    expect(plan(history!)).not.toMatch(/TEMP B-TREE/);
    expect(plan(link!)).toMatch(/USING INDEX match_records_code/);
    db.close();
  });
});
