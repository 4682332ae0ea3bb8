import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { PlayedShot, RecordHeader } from "@habibka/shared/match";
import { describe, expect, it } from "vitest";
import { MatchRecords } from "../src/records/match-records.ts";

const header = (matchId: string, visibility: "public" | "private" = "public"): RecordHeader => ({
  format: 1,
  matchId,
  code: "123456",
  settings: { visibility, opening: "lag", shotClock: 60, seatHoldSeconds: 180, spectatorCap: 50 },
  seed: 42,
  createdAt: 1000,
});

const sit = (player: 0 | 1, name: string) => JSON.stringify({ type: "sit", player, name, token: `hash-${player}` });

const played: PlayedShot = {
  kind: "shot",
  number: 2,
  seat: 0,
  request: { stroke: { cue: 1 } },
  before: [{ id: 1, x: -1, y: 0 }],
  events: [{ t: 0, type: "strike", ball: 1 }],
  trace: new Uint8Array([1, 2, 3]),
  duration: 1.5,
  verdict: { foul: false } as unknown as PlayedShot["verdict"],
};

const result = (finishedAt: number) => ({
  winner: 1 as const,
  reason: "eight" as const,
  shelves: [3, 8] as const,
  finishedAt,
});

describe("MatchRecords – matches kept as their actions", () => {
  it("keeps the header and every action in order, with a played stroke's trace, and reads them back", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    await records.createRecord(header("a"));
    await records.append("a", 0, { at: 1100, action: sit(0, "Анна") }, { players: ["Анна", null] });
    await records.append("a", 1, { at: 1200, action: sit(1, "Boris") }, { players: ["Анна", "Boris"] });
    await records.append("a", 2, { at: 1300, action: JSON.stringify({ type: "clock", shot: 2 }), played });
    const record = (await records.loadRecord("a"))!;
    expect(record.header).toEqual(header("a"));
    expect(record.actions.map((a) => a.action.type)).toEqual(["sit", "sit", "clock"]);
    expect(record.actions[2]).toMatchObject({ at: 1300, played: { ...played, trace: expect.any(Uint8Array) } });
    expect([...record.actions[2]!.played!.trace]).toEqual([1, 2, 3]);
    const stored = (await records.getMatch("a"))!;
    expect(stored.players).toEqual(["Анна", "Boris"]);
    expect(stored.shots).toHaveLength(1);
    expect(stored.shots[0]).toMatchObject({ number: 2, seat: 0, at: 1300 });
    expect(await records.loadRecord("missing")).toBeNull();
    expect(await records.getMatch("missing")).toBeNull();
    await records.close();
  });

  it("writes an action all or nothing: one that cannot be stored leaves no result behind", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    await records.createRecord(header("a"));
    await records.append("a", 0, { at: 1, action: sit(0, "A") });
    // The same position again breaks the primary key: the result written with it must not stay.
    await expect(records.append("a", 0, { at: 2, action: sit(1, "B") }, { result: result(9) })).rejects.toThrow();
    expect((await records.getMatch("a"))!.result).toBeNull();
    expect(await records.unfinished()).toEqual([{ id: "a", code: "123456" }]);
    await records.close();
  });

  it("lists finished public matches newest first, leaving out private ones, the unfinished and tables that closed", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    for (const [id, visibility, finishedAt] of [
      ["old", "public", 100],
      ["new", "public", 300],
      ["secret", "private", 200],
    ] as const) {
      await records.createRecord(header(id, visibility));
      await records.append(id, 0, { at: finishedAt, action: sit(0, "A") }, { result: result(finishedAt) });
    }
    await records.createRecord(header("running"));
    await records.createRecord(header("empty"));
    await records.closeRecord("empty", { winner: null, reason: "closed", shelves: [0, 0], finishedAt: 400 });
    expect((await records.recentResults(10)).map((m) => m.id)).toEqual(["new", "old"]);
    expect(await records.recentResults(1)).toHaveLength(1);
    expect((await records.unfinished()).map((r) => r.id)).toEqual(["running"]);
    await records.close();
  });

  it("keeps a match's chat in order and gives the latest lines back with the next number", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    await records.createRecord(header("a"));
    for (let i = 0; i < 5; i++) {
      await records.appendChat("a", i, { name: "A", role: "player", seat: 0, text: `line ${i}`, at: 1000 });
    }
    const chat = await records.recentChat("a", 3);
    expect(chat.lines.map((l) => l.text)).toEqual(["line 2", "line 3", "line 4"]);
    expect(chat.nextSeq).toBe(5);
    expect(await records.recentChat("b", 3)).toEqual({ lines: [], nextSeq: 0 });
    await records.close();
  });

  it("still reads a match written before matches were kept as actions", async () => {
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
    expect(stored.shots).toMatchObject([{ number: 1, seat: 0, kind: "shot", verdict: { foul: true }, before: [] }]);
    // Never restored: it has no actions to fold.
    expect(await records.unfinished()).toEqual([]);
    await records.close();
  });
});
