import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import {
  type MatchRecord,
  matchShots,
  type RecordedStroke,
  type RecordHeader,
  replayMatch,
} from "@habibka/shared/match";
import { GOLDEN_RECORDS, readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { playRandomMatch } from "@habibka/shared/testing/random-match";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseLocation } from "../src/records/database.ts";
import { type Lease, LeaseLostError, MatchRecords } from "../src/records/match-records.ts";
import { freshDatabase, type RunningService, startPostgres } from "./support/services.ts";

/**
 * The match records, on both databases they run on: an embedded SQLite file and a real PostgreSQL server
 * started for this file. Every test runs on each, with a database of its own.
 */

const header = (matchId: string, visibility: "public" | "private" = "public"): RecordHeader => ({
  format: 1,
  matchId,
  code: "123456",
  settings: { visibility, opening: "lag", shotClock: 60, seatHoldSeconds: 180, spectatorCap: 50 },
  seed: 42,
  createdAt: 1000,
});

const HERE: Lease = { owner: "this-process", until: 10_000 };
const sit = (player: 0 | 1, name: string) => JSON.stringify({ type: "sit", player, name, token: `hash-${player}` });

const played: RecordedStroke = {
  kind: "shot",
  number: 2,
  seat: 0,
  before: [{ id: 1, x: -1, y: 0 }],
  trace: new Uint8Array([1, 2, 3]),
  duration: 1.5,
};

const result = (finishedAt: number) => ({
  winner: 1 as const,
  reason: "eight" as const,
  shelves: [3, 8] as const,
  finishedAt,
});

/** Stores a record as the room does (one append per action) and reads it back. */
async function storeAndLoad(records: MatchRecords, record: MatchRecord): Promise<MatchRecord> {
  await records.createRecord(record.header, HERE);
  for (const [seq, entry] of record.actions.entries()) {
    await records.append(
      record.header.matchId,
      seq,
      { at: entry.at, action: JSON.stringify(entry.action), ...(entry.played ? { played: entry.played } : {}) },
      {},
      HERE.owner,
    );
  }
  return (await records.loadRecord(record.header.matchId))!;
}

let postgres: RunningService;
let count = 0;
const places: [string, () => Promise<DatabaseLocation>][] = [
  ["SQLite", async () => ({ kind: "sqlite", path: join(mkdtempSync(join(tmpdir(), "habibka-records-")), "r.sqlite") })],
  ["PostgreSQL", async () => ({ kind: "postgres", url: await freshDatabase(postgres, `records_${++count}`) })],
];

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

describe.each(places)("MatchRecords on %s", (_name, place) => {
  async function open(): Promise<MatchRecords> {
    return MatchRecords.open(await place());
  }

  it("keeps the header and every action in order, with a played stroke's trace, and reads them back", async () => {
    const records = await open();
    await records.createRecord(header("a"), HERE);
    await records.append("a", 0, { at: 1100, action: sit(0, "Анна") }, { players: ["Анна", null] }, HERE.owner);
    await records.append("a", 1, { at: 1200, action: sit(1, "Boris") }, { players: ["Анна", "Boris"] }, HERE.owner);
    await records.append(
      "a",
      2,
      { at: 1300, action: JSON.stringify({ type: "clock", shot: 2 }), played },
      {},
      HERE.owner,
    );
    const record = (await records.loadRecord("a"))!;
    expect(record.header).toEqual(header("a"));
    expect(record.actions.map((a) => a.action.type)).toEqual(["sit", "sit", "clock"]);
    expect(record.actions[2]).toMatchObject({ at: 1300, played: { ...played, trace: expect.any(Uint8Array) } });
    expect([...record.actions[2]!.played!.trace]).toEqual([1, 2, 3]);
    const stored = (await records.getMatch("a"))!;
    expect(stored.players).toEqual(["Анна", "Boris"]);
    expect(stored.record?.actions[2]).toMatchObject({ at: 1300, played: { number: 2, seat: 0 } });
    expect(stored.legacyShots).toEqual([]);
    expect(await records.loadRecord("missing")).toBeNull();
    expect(await records.getMatch("missing")).toBeNull();
    await records.close();
  });

  it("writes an action all or nothing, and only for the process holding the table", async () => {
    const records = await open();
    await records.createRecord(header("a"), HERE);
    await records.append("a", 0, { at: 1, action: sit(0, "A") }, {}, HERE.owner);
    // The same position again breaks the primary key: the result written with it must not stay.
    await expect(
      records.append("a", 0, { at: 2, action: sit(1, "B") }, { result: result(9) }, HERE.owner),
    ).rejects.toThrow();
    expect((await records.getMatch("a"))!.result).toBeNull();
    // Another process's lease: nothing is written, and the writer learns it lost the table.
    await expect(records.append("a", 1, { at: 3, action: sit(1, "B") }, {}, "other")).rejects.toThrow(LeaseLostError);
    expect((await records.loadRecord("a"))!.actions).toHaveLength(1);
    await records.close();
  });

  it("writes actions arriving together, each table told only of what happened to its own", async () => {
    const records = await open();
    const ids = Array.from({ length: 40 }, (_, i) => `t${i}`);
    for (const id of ids) await records.createRecord(header(id), HERE);
    await records.createRecord(header("elsewhere"), { owner: "other", until: 10_000 });
    await records.append("t0", 0, { at: 1, action: sit(0, "A") }, {}, HERE.owner);
    // Sent at once: forty tables' next actions, one repeating a position already written, one for a table
    // another process holds. Those two are refused; every other is written, listing included.
    const writes = [
      ...ids.map((id) => records.append(id, 0, { at: 2, action: sit(0, "B") }, { players: ["B", null] }, HERE.owner)),
      records.append("elsewhere", 0, { at: 2, action: sit(0, "C") }, {}, HERE.owner),
    ];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes[0]!.status).toBe("rejected");
    expect(outcomes.slice(1, 40).every((o) => o.status === "fulfilled")).toBe(true);
    expect(outcomes[40]).toMatchObject({ status: "rejected", reason: expect.any(LeaseLostError) });
    expect((await records.loadRecord("t0"))!.actions).toHaveLength(1);
    expect((await records.loadRecord("t7"))!.actions).toHaveLength(1);
    expect((await records.getMatch("t7"))!.players).toEqual(["B", null]);
    expect((await records.getMatch("t0"))!.players).toEqual([null, null]);
    expect((await records.loadRecord("elsewhere"))!.actions).toHaveLength(0);
    await records.close();
  });

  it("writes actions arriving together that change no listing, under the leases without writing them", async () => {
    const records = await open();
    const ids = Array.from({ length: 30 }, (_, i) => `q${i}`);
    for (const id of ids) await records.createRecord(header(id), HERE);
    await records.createRecord(header("elsewhere"), { owner: "other", until: 10_000 });
    await records.append("q0", 0, { at: 1, action: sit(0, "A") }, {}, HERE.owner);
    const writes = [
      ...ids.map((id) =>
        records.append(id, id === "q0" ? 1 : 0, { at: 2, action: sit(1, "B"), played }, {}, HERE.owner),
      ),
      records.append("elsewhere", 0, { at: 2, action: sit(0, "C") }, {}, HERE.owner),
    ];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.slice(0, 30).every((o) => o.status === "fulfilled")).toBe(true);
    expect(outcomes[30]).toMatchObject({ status: "rejected", reason: expect.any(LeaseLostError) });
    const q3 = (await records.loadRecord("q3"))!;
    expect(q3.actions).toHaveLength(1);
    expect(q3.actions[0]).toMatchObject({ at: 2, played: { number: 2, seat: 0 } });
    expect([...q3.actions[0]!.played!.trace]).toEqual([1, 2, 3]);
    expect((await records.loadRecord("q0"))!.actions).toHaveLength(2);
    expect((await records.loadRecord("elsewhere"))!.actions).toHaveLength(0);
    const leases = await records.database.db
      .selectFrom("match_records")
      .select(["id", "lease_until"])
      .where("id", "in", ["q5", "elsewhere"])
      .execute();
    // Renewing is the process's own round (renewLeases): an action leaves the lease as it was.
    expect(Object.fromEntries(leases.map((row) => [row.id, Number(row.lease_until)]))).toEqual({
      q5: HERE.until,
      elsewhere: 10_000,
    });
    await records.close();
  });

  it("hands out an unheld table to one claimant only, renews and gives back leases", async () => {
    const records = await open();
    await records.createRecord(header("held"), { owner: "p1", until: 5_000 });
    await records.createRecord(header("lapsed"), { owner: "p1", until: 1_000 });
    expect((await records.unheld(2_000, { all: false, limit: 10 })).map((r) => r.id)).toEqual(["lapsed"]);
    expect((await records.unheld(2_000, { all: true, limit: 10 })).map((r) => r.id).sort()).toEqual(["held", "lapsed"]);
    const [lapsed] = await records.unheld(2_000, { all: false, limit: 10 });
    const claims = await Promise.all([
      records.claim(lapsed!, { owner: "p2", until: 20_000 }),
      records.claim(lapsed!, { owner: "p3", until: 20_000 }),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await records.unheld(2_000, { all: false, limit: 10 })).toEqual([]);
    expect(await records.renewLeases(["held", "lapsed"], { owner: "p1", until: 30_000 })).toEqual(new Set(["held"]));
    await records.releaseLeases(["held"], "p1", 1_500);
    expect((await records.unheld(2_000, { all: false, limit: 10 })).map((r) => r.id)).toEqual(["held"]);
    await records.close();
  });

  it("hands out a finished table whose process stopped for a while, unless it closed or a later record took its code", async () => {
    const records = await open();
    const ended = (id: string, code: string, createdAt: number) => ({ ...header(id), code, createdAt });
    // One table per case, each finished and let go by its process (its lease ended at 10 s).
    for (const [id, code, createdAt] of [
      ["open", "100001", 1000],
      ["closed", "100002", 1000],
      ["replaced", "100003", 1000],
      ["rematch", "100003", 2000],
    ] as const) {
      await records.createRecord(ended(id, code, createdAt), HERE);
      await records.append(id, 0, { at: 5_000, action: sit(0, "A") }, { result: result(5_000) }, HERE.owner);
    }
    await records.markTableClosed("closed", HERE.owner, 6_000);
    await records.markTableClosed("replaced", "another-process", 6_000);
    const unheldAt = async (now: number) =>
      (await records.unheld(now, { all: false, limit: 10 })).map((r) => [r.id, r.finished]);
    // The one marked by another process than its keeper's is not marked; the rematch's record is newer.
    expect(await unheldAt(20_000)).toEqual([
      ["open", true],
      ["rematch", true],
    ]);
    // Five minutes after the lease ended, nobody is coming back: not restored.
    expect(await unheldAt(10_000 + 5 * 60_000)).toHaveLength(2);
    expect(await unheldAt(10_000 + 5 * 60_000 + 1)).toEqual([]);
    const [open_] = await records.unheld(20_000, { all: false, limit: 10 });
    expect(await records.claim(open_!, { owner: "p2", until: 30_000 })).toBe(true);
    expect(await records.claim(open_!, { owner: "p3", until: 30_000 })).toBe(false);
    // A table marked closed after its lease was read is not taken by a stale read.
    const [rematch] = await records.unheld(20_000, { all: false, limit: 10 });
    await records.markTableClosed("rematch", HERE.owner, 21_000);
    expect(await records.claim(rematch!, { owner: "p2", until: 30_000 })).toBe(false);
    // The one taken is held now: the one finished table still open, as the health counts them.
    expect(await unheldAt(20_000)).toEqual([]);
    expect(await records.health(20_000)).toMatchObject({ ok: true, unfinished: 0, finishedOpen: 1 });
    await records.close();
  });

  it("lists finished public matches newest first, leaving out private ones, the unfinished and tables that closed", async () => {
    const records = await open();
    for (const [id, visibility, finishedAt] of [
      ["old", "public", 100],
      ["new", "public", 300],
      ["secret", "private", 200],
    ] as const) {
      await records.createRecord(header(id, visibility), HERE);
      await records.append(id, 0, { at: finishedAt, action: sit(0, "A") }, { result: result(finishedAt) }, HERE.owner);
      await records.markTableClosed(id, HERE.owner, finishedAt + 10);
    }
    await records.createRecord(header("running"), HERE);
    await records.createRecord(header("empty"), HERE);
    await records.closeRecord("empty", { winner: null, reason: "closed", shelves: [0, 0], finishedAt: 400 });
    expect((await records.recentResults({ limit: 10 })).map((m) => m.id)).toEqual(["new", "old"]);
    expect(await records.recentResults({ limit: 1 })).toHaveLength(1);
    expect((await records.unheld(0, { all: true, limit: 10 })).map((r) => r.id)).toEqual(["running"]);
    await records.close();
  });

  it("keeps a match's chat in order and gives the latest lines back with the next number", async () => {
    const records = await open();
    await records.createRecord(header("a"), HERE);
    for (let i = 0; i < 5; i++) {
      await records.appendChat("a", i, { name: "A", role: "player", seat: 0, text: `line ${i}`, at: 1000 });
    }
    const chat = await records.recentChat("a", 3);
    expect(chat.lines.map((l) => l.text)).toEqual(["line 2", "line 3", "line 4"]);
    expect(chat.nextSeq).toBe(5);
    expect(await records.recentChat("b", 3)).toEqual({ lines: [], nextSeq: 0 });
    await records.close();
  });

  it("stores random matches so that each folds back to its live match, to the last bit", async () => {
    const records = await open();
    for (const seed of [3, 17, 101, 4242, 90_001]) {
      const match = playRandomMatch(seed);
      const record: MatchRecord = { header: { ...match.header, matchId: `random-${seed}` }, actions: match.actions };
      const loaded = await storeAndLoad(records, record);
      const folded = replayMatch(loaded);
      if (!folded.ok) throw new Error(folded.error.message);
      expect(folded.value).toEqual(match.played.at(-1)!.after);
    }
    await records.close();
  });

  // Appended today, a format-1 record's strokes lose their copies: the shape of a format-1 match that a restart
  // resumed after the upgrade, its header format 1 and its later strokes written by this version.
  it.each(GOLDEN_RECORDS)(
    "keeps the golden record %s readable: stored and read back, it folds to its match",
    async (name) => {
      const records = await open();
      const { record, final } = readGoldenRecord(name);
      const folded = replayMatch(await storeAndLoad(records, record));
      if (!folded.ok) throw new Error(folded.error.message);
      expect(folded.value).toEqual(final);
      await records.close();
    },
  );
});

describe("MatchRecords on a SQLite file from before matches were kept as actions", () => {
  it("still shows its matches, and never restores them", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "habibka-records-")), "old.sqlite");
    const old = new DatabaseSync(path);
    old.exec(`
      CREATE TABLE matches (id TEXT PRIMARY KEY, code TEXT NOT NULL, visibility TEXT NOT NULL, opening TEXT NOT NULL,
        shot_clock INTEGER NOT NULL, players TEXT NOT NULL, started_at INTEGER NOT NULL, result TEXT, finished_at INTEGER);
      CREATE TABLE shots (match_id TEXT NOT NULL, number INTEGER NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
        request TEXT NOT NULL, verdict TEXT NOT NULL, events TEXT NOT NULL, trace BLOB NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (match_id, number));
      INSERT INTO matches VALUES ('m', '111111', 'public', 'lag', 0, '["A","B"]', 1, NULL, NULL);
      INSERT INTO shots VALUES ('m', 1, 0, 'shot', '{}', '{"foul":true}', '[]', x'01', 2);
    `);
    old.close();
    const records = await MatchRecords.open({ path });
    const stored = (await records.getMatch("m"))!;
    expect(stored).toMatchObject({ code: "111111", players: ["A", "B"], record: null });
    expect(stored.legacyShots).toMatchObject([
      { number: 1, seat: 0, kind: "shot", verdict: { foul: true }, before: [] },
    ]);
    expect(await records.unheld(0, { all: true, limit: 10 })).toEqual([]);
    await records.close();
  });
});

describe("MatchRecords with format-1 rows as the version before format 2 wrote them", () => {
  /** A SQLite file holding `record` row by row as it was stored then: each stroke with its copies. */
  async function storedThen(record: MatchRecord): Promise<string> {
    const path = join(mkdtempSync(join(tmpdir(), "habibka-records-")), "format-1.sqlite");
    const records = await MatchRecords.open({ path });
    await records.createRecord(record.header, HERE);
    await records.close();
    const db = new DatabaseSync(path);
    const insert = db.prepare(
      "INSERT INTO record_actions (match_id, seq, at, type, action, played, trace) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    for (const [seq, { at, action, played }] of record.actions.entries()) {
      const { trace, ...kept } = played ?? { trace: null };
      insert.run(
        record.header.matchId,
        seq,
        at,
        action.type,
        JSON.stringify(action),
        played ? JSON.stringify(kept) : null,
        trace,
      );
    }
    db.close();
    return path;
  }

  it("reads them as stored and folds them to the match and strokes the format-1 reader gave", async () => {
    const { record, final, shots } = readGoldenRecord("format-1-lag-match.json");
    const records = await MatchRecords.open({ path: await storedThen(record) });
    const loaded = (await records.loadRecord(record.header.matchId))!;
    expect(loaded.header.format).toBe(1);
    expect(loaded.actions.find((a) => a.played)?.played).toHaveProperty("verdict");
    expect(replayMatch(loaded)).toEqual({ ok: true, value: final });
    const folded = matchShots(loaded);
    if (!folded.ok) throw new Error(folded.error.message);
    expect(folded.value.map(({ played, ...around }) => ({ number: played.number, ...around, at: 0 }))).toEqual(
      shots!.map((s) => ({ ...s, at: 0 })),
    );
    await records.close();
  });

  it("reports a stored copy that the fold does not give again as a corrupt record", async () => {
    const { record } = readGoldenRecord("format-1-lag-match.json");
    const lag = record.actions.findIndex((a) => a.played?.kind === "lag");
    const tampered: MatchRecord = {
      ...record,
      actions: record.actions.map((a, i) =>
        i === lag && a.played ? { ...a, played: { ...a.played, events: [] } as typeof a.played } : a,
      ),
    };
    const records = await MatchRecords.open({ path: await storedThen(tampered) });
    const folded = replayMatch((await records.loadRecord(record.header.matchId))!);
    expect(folded).toMatchObject({ ok: false, error: { code: "record-corrupt" } });
    if (!folded.ok) expect(folded.error.message).toMatch(/the events kept with the stroke are not its action's/);
    await records.close();
  });
});
