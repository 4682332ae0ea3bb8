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
  it("keeps every shot in order with its table, verdict, events and trace, and the result", () => {
    const records = new MatchRecords(":memory:");
    records.startMatch(match("a"));
    records.appendShot("a", shot(2));
    records.appendShot("a", shot(1));
    records.finishMatch("a", { winner: 1, reason: "eight", shelves: [3, 8], finishedAt: 5000 });
    const stored = records.getMatch("a")!;
    expect(stored.players).toEqual(["Анна", "Boris"]);
    expect(stored.shots.map((s) => s.number)).toEqual([1, 2]);
    expect(stored.shots[0]).toMatchObject({ before: [{ id: 1, x: -1, y: 0 }], verdict: { foul: false } });
    expect([...stored.shots[0]!.trace]).toEqual([1, 2, 3]);
    expect(stored.result).toEqual({ winner: 1, reason: "eight", shelves: [3, 8], finishedAt: 5000 });
    expect(records.getMatch("missing")).toBeNull();
    records.close();
  });

  it("lists only finished public matches, newest first, and never overwrites a result", () => {
    const records = new MatchRecords(":memory:");
    for (const [id, visibility, finishedAt] of [
      ["old", "public", 100],
      ["new", "public", 300],
      ["secret", "private", 200],
    ] as const) {
      records.startMatch(match(id, visibility));
      records.finishMatch(id, { winner: 0, reason: "resignation", shelves: [0, 0], finishedAt });
    }
    records.startMatch(match("running"));
    records.finishMatch("new", { winner: 1, reason: "eight", shelves: [0, 8], finishedAt: 900 });
    expect(records.recentResults(10).map((m) => m.id)).toEqual(["new", "old"]);
    expect(records.getMatch("new")!.result?.reason).toBe("resignation");
    expect(records.recentResults(1)).toHaveLength(1);
    records.close();
  });

  it("adds the `before` column to a file written by an older version and keeps its rows", () => {
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
    const records = new MatchRecords(path);
    records.appendShot("m", shot(2));
    const stored = records.getMatch("m")!;
    expect(stored.shots.map((s) => s.before)).toEqual([null, [{ id: 1, x: -1, y: 0 }]]);
    records.close();
  });
});
