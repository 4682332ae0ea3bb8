import { describe, expect, it, vi } from "vitest";
import { withCalled, withoutCalled, withWay } from "../src/game/call-builder.ts";
import { ballAt, pocketNear } from "../src/game/hit-test.ts";
import { clampOffset, clampSpeed, MAX_UI_OFFSET } from "../src/game/stroke-limits.ts";
import { lobbyFromRooms, lobbyWithoutRoom, lobbyWithRoom } from "../src/net/lobby-list.ts";
import { snapshotOf } from "../src/net/table-snapshot.ts";
import { createThrottle } from "../src/net/throttle.ts";
import { parseMarkdown } from "../src/rules/markdown.ts";
import { codeFromPath, isValidName } from "../src/ui/player-name.ts";

describe("call-builder", () => {
  it("keeps at most two called balls and re-aims a ball called again", () => {
    let call = withCalled([], 3, "FL");
    call = withCalled(call, 5, "ML");
    expect(call).toHaveLength(2);
    call = withCalled(call, 3, "FR");
    expect(call.map((c) => `${c.ball}${c.pocket}`)).toEqual(["5ML", "3FR"]);
    call = withCalled(call, 9, "HL");
    expect(call.map((c) => c.ball)).toEqual([3, 9]);
    expect(call.every((c) => !c.wayFixed)).toBe(true);
    expect(withWay(call, 9, "bank")[1]).toMatchObject({ way: "bank", wayFixed: true });
    expect(withoutCalled(call, 3).map((c) => c.ball)).toEqual([9]);
  });
});

describe("stroke limits", () => {
  it("the tip offset stops at 0.5 of the radius in the UI", () => {
    const o = clampOffset({ x: 0.8, y: 0.6 });
    expect(Math.hypot(o.x, o.y)).toBeCloseTo(MAX_UI_OFFSET, 2);
    expect(clampOffset({ x: 0.1, y: -0.2 })).toEqual({ x: 0.1, y: -0.2 });
  });
  it("speeds stay within 0.1–12 m/s", () => {
    expect(clampSpeed(0)).toBe(0.1);
    expect(clampSpeed(20)).toBe(12);
    expect(clampSpeed(Number.NaN)).toBe(0.1);
  });
});

describe("hit-test", () => {
  it("finds the tapped ball and the tapped pocket", () => {
    expect(ballAt({ x: 0.01, y: 0 }, [{ id: 4, x: 0, y: 0 }])).toBe(4);
    expect(ballAt({ x: 0.2, y: 0 }, [{ id: 4, x: 0, y: 0 }])).toBeNull();
    expect(pocketNear({ x: 1.77, y: 0.88 })).toBe("FL");
    expect(pocketNear({ x: 0, y: 0 })).toBeNull();
  });
});

describe("lobby list", () => {
  it("folds rooms, + and - messages", () => {
    let list = lobbyFromRooms([
      {
        roomId: "111111",
        metadata: { code: "111111", players: ["A", null], score: [0, 0], spectators: 0, phase: "waiting" },
      },
    ]);
    list = lobbyWithRoom(list, "222222", { roomId: "222222", metadata: { players: ["B", "C"], phase: "play" } });
    expect(list.get("222222")).toMatchObject({ code: "222222", players: ["B", "C"], phase: "play", spectators: 0 });
    list = lobbyWithoutRoom(list, "111111");
    expect([...list.keys()]).toEqual(["222222"]);
  });
});

describe("snapshotOf", () => {
  it("reads seats from the players map and tolerates a partial state", () => {
    const players = new Map([
      ["1", { name: "Борис", seat: 1, connected: false, shelf: [3, 4], debt: 1 }],
      ["0", { name: "Анна", seat: 0, connected: true, shelf: [], debt: 0 }],
    ]);
    const s = snapshotOf({ phase: "play", toMove: 1, players, balls: [{ id: 0, x: 0, y: 0, onTable: true }] });
    expect(s.players[0]?.name).toBe("Анна");
    expect(s.players[1]).toMatchObject({ shelf: [3, 4], debt: 1, connected: false });
    expect(s.phase).toBe("play");
    expect(snapshotOf({ phase: "nonsense" }).phase).toBe("waiting");
  });
});

describe("throttle", () => {
  it("sends the first value at once and only the latest after the interval", () => {
    vi.useFakeTimers();
    let now = 0;
    const sent: number[] = [];
    const throttle = createThrottle<number>(100, (v) => sent.push(v), { now: () => now });
    throttle.push(1);
    throttle.push(2);
    throttle.push(3);
    expect(sent).toEqual([1]);
    now = 100;
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([1, 3]);
    vi.useRealTimers();
  });
});

describe("names and invite paths", () => {
  it("accepts the server's name rules", () => {
    expect(isValidName("Анна")).toBe(true);
    expect(isValidName("O'Neil_2.0 - x")).toBe(true);
    expect(isValidName("  ")).toBe(false);
    expect(isValidName("a<b")).toBe(false);
    expect(isValidName("x".repeat(25))).toBe(false);
  });
  it("reads the code from /t/<code>", () => {
    expect(codeFromPath("/t/482913")).toBe("482913");
    expect(codeFromPath("/t/48291")).toBeNull();
    expect(codeFromPath("/")).toBeNull();
  });
});

describe("rules markdown", () => {
  it("reads headings, lists, tables and inline marks", () => {
    const blocks = parseMarkdown(
      "# Правила\n\nТекст **жирный** и *курсив*.\n\n- один\n- два\n\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    );
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "list", "table"]);
    const paragraph = blocks[1]!;
    expect(paragraph.kind === "paragraph" && paragraph.text.map((i) => i.kind)).toEqual([
      "text",
      "strong",
      "text",
      "em",
      "text",
    ]);
    const table = blocks[3]!;
    expect(table.kind === "table" && table.rows.length).toBe(2);
  });
});

describe("match history", () => {
  it("reads the record's shots for the log, with the trace and the table at the stroke to replay them", async () => {
    const { shotsFromRecord } = await import("../src/net/match-history.ts");
    const shots = shotsFromRecord("m1", {
      shots: [
        {
          number: 1,
          seat: -1,
          kind: "lag",
          before: [{ id: 1, x: -1.2, y: 0.3 }],
          verdict: { explanation: { ru: "р", en: "e" } },
          trace: "AQA=",
        },
        { number: 2, seat: 1, kind: "shot", events: [], verdict: { explanation: { ru: "р", en: "e" } } },
        { number: 3, seat: 0, kind: "shot", events: [] },
        { bogus: true },
      ],
    });
    // A shot without a verdict cannot be told in the log, so it is left out like anything unreadable.
    expect(shots.map((s) => `${s.kind}${s.number}`)).toEqual(["lag1", "shot2"]);
    expect(shots[0]!.verdict.explanation.ru).toBe("р");
    expect(shots[0]!.trace).toBe("AQA=");
    expect(shots[0]!.before).toEqual([{ id: 1, x: -1.2, y: 0.3 }]);
    expect(shots[1]!.trace).toBe("");
    expect(shotsFromRecord("m1", null)).toEqual([]);
  });
});

describe("the series at a table", () => {
  it("counts each finished match once, for each player by name, and survives a reload", async () => {
    const { withResult, seriesScore, loadSeries, saveSeries } = await import("../src/net/series.ts");
    let series = withResult({}, "m1", "Анна");
    series = withResult(series, "m1", "Анна");
    series = withResult(series, "m2", "Борис");
    series = withResult(series, "m3", "Анна");
    expect(seriesScore(series, ["Анна", "Борис"])).toEqual([2, 1]);
    const kept = new Map<string, string>();
    const storage = {
      getItem: (k: string) => kept.get(k) ?? null,
      setItem: (k: string, v: string) => void kept.set(k, v),
    } as unknown as Storage;
    saveSeries("482913", series, storage);
    expect(loadSeries("482913", storage)).toEqual(series);
    expect(loadSeries("000000", storage)).toEqual({});
    kept.set("habibka.series.111111", "not json");
    expect(loadSeries("111111", storage)).toEqual({});
  });
});
