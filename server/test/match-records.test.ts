import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { MatchRecords } from "../src/records/match-records.ts";

const match = (id: string, visibility: "public" | "private" = "public") => ({
  id,
  code: "123456",
  visibility,
  opening: "lag" as const,
  shotClock: 0,
  players: ["Анна", "Boris"] as const,
  startedAt: 1000,
});

const shot = (number: number) => ({
  number,
  seat: 0,
  kind: "shot",
  request: { stroke: { cue: 1 } },
  before: [{ id: 1, x: -1, y: 0 }],
  verdict: { foul: false },
  events: [{ t: 0, type: "strike", ball: 1 }],
  trace: new Uint8Array([1, 2, 3]),
  at: 2000 + number,
});

describe("MatchRecords – the SQLite match records", () => {
  it("keeps every shot in order with its table, verdict, events and trace, and the result", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    await records.recordAction({ matchId: "a", match: match("a"), shot: shot(2) });
    await records.recordAction({ matchId: "a", shot: shot(1) });
    await records.recordAction({
      matchId: "a",
      result: { winner: 1, reason: "eight", shelves: [3, 8], finishedAt: 5000 },
    });
    const stored = (await records.getMatch("a"))!;
    expect(stored.players).toEqual(["Анна", "Boris"]);
    expect(stored.shots.map((s) => s.number)).toEqual([1, 2]);
    expect(stored.shots[0]).toMatchObject({ before: [{ id: 1, x: -1, y: 0 }], verdict: { foul: false } });
    expect([...stored.shots[0]!.trace]).toEqual([1, 2, 3]);
    expect(stored.result).toEqual({ winner: 1, reason: "eight", shelves: [3, 8], finishedAt: 5000 });
    expect(await records.getMatch("missing")).toBeNull();
    await records.close();
  });

  it("lists only finished public matches, newest first, and never overwrites a result", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    for (const [id, visibility, finishedAt] of [
      ["old", "public", 100],
      ["new", "public", 300],
      ["secret", "private", 200],
    ] as const) {
      await records.recordAction({
        matchId: id,
        match: match(id, visibility),
        result: { winner: 0, reason: "resignation", shelves: [0, 0], finishedAt },
      });
    }
    await records.recordAction({ matchId: "running", match: match("running") });
    await records.recordAction({
      matchId: "new",
      result: { winner: 1, reason: "eight", shelves: [0, 8], finishedAt: 900 },
    });
    expect((await records.recentResults(10)).map((m) => m.id)).toEqual(["new", "old"]);
    expect((await records.getMatch("new"))!.result?.reason).toBe("resignation");
    expect(await records.recentResults(1)).toHaveLength(1);
    await records.close();
  });

  it("writes an action all or nothing: a shot that cannot be stored leaves no result behind", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    await records.recordAction({ matchId: "a", match: match("a"), shot: shot(1) });
    // The same shot number again breaks the primary key: the result written with it must not stay.
    await expect(
      records.recordAction({
        matchId: "a",
        shot: shot(1),
        result: { winner: 0, reason: "eight", shelves: [8, 0], finishedAt: 9 },
      }),
    ).rejects.toThrow();
    expect((await records.getMatch("a"))!.result).toBeNull();
    await records.close();
  });

  it("closes unfinished matches as abandoned, except the ones still live, and leaves them out of the results", async () => {
    const records = await MatchRecords.open({ path: ":memory:" });
    for (const id of ["gone", "live"]) await records.recordAction({ matchId: id, match: match(id) });
    expect(await records.abandonUnfinished(["live"], 7000)).toBe(1);
    expect((await records.getMatch("gone"))!.result).toEqual({
      winner: null,
      reason: "abandoned",
      shelves: [0, 0],
      finishedAt: 7000,
    });
    expect((await records.getMatch("live"))!.result).toBeNull();
    expect(await records.recentResults(10)).toEqual([]);
    await records.close();
  });

  it("adds the `before` column to a file written by an older version and keeps its rows", async () => {
    const path = join(mkdtempSync(join(tmpdir(), "habibka-records-")), "old.sqlite");
    const old = new DatabaseSync(path);
    old.exec(`
      CREATE TABLE matches (id TEXT PRIMARY KEY, code TEXT NOT NULL, visibility TEXT NOT NULL, opening TEXT NOT NULL,
        shot_clock INTEGER NOT NULL, players TEXT NOT NULL, started_at INTEGER NOT NULL, result TEXT, finished_at INTEGER);
      CREATE TABLE shots (match_id TEXT NOT NULL, number INTEGER NOT NULL, seat INTEGER NOT NULL, kind TEXT NOT NULL,
        request TEXT NOT NULL, verdict TEXT NOT NULL, events TEXT NOT NULL, trace BLOB NOT NULL, at INTEGER NOT NULL,
        PRIMARY KEY (match_id, number));
      INSERT INTO matches VALUES ('m', '111111', 'public', 'lag', 0, '["A","B"]', 1, NULL, NULL);
      INSERT INTO shots VALUES ('m', 1, 0, 'shot', '{}', '{}', '[]', x'01', 2);
    `);
    old.close();
    const records = await MatchRecords.open({ path });
    await records.recordAction({ matchId: "m", shot: shot(2) });
    const stored = (await records.getMatch("m"))!;
    expect(stored.shots.map((s) => s.before)).toEqual([null, [{ id: 1, x: -1, y: 0 }]]);
    await records.close();
  });
});
