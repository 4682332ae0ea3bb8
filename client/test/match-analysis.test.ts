import { describe, expect, it } from "vitest";
import { decisiveMoments, ghostsOf, parseAnalysis } from "../src/match-page/analysis-data.ts";
import type { PageShot } from "../src/match-page/match-data.ts";
import type { ShotBroadcast } from "../src/net/messages.ts";

/** The match page's reading of an analysis: the document field by field, the decisive moments, the ghosts. */

const ID = "0b7c5f9e-3f52-4b8e-9a51-6c2d1e0f4a77";

const stroke = (number: number, seat: 0 | 1, loss: number, mark: string, place?: { x: number; y: number }) => ({
  number,
  seat,
  played: { chance: 0.9 - loss },
  best: {
    shot: { cue: 1, angle: 10, speed: 2, offset: { x: 0, y: 0 } },
    call: [{ ball: 3, pocket: "FR", way: "direct" }],
    ...(place ? { place } : {}),
    chance: 0.9,
  },
  loss,
  mark,
});

const document = {
  matchId: ID,
  level: "master",
  shots: [stroke(2, 0, 0, "good", { x: -1, y: 0.2 }), stroke(3, 1, 0.8, "blunder"), stroke(4, 0, 0.3, "mistake")],
  players: [
    { seat: 0, accuracy: 85 },
    { seat: 1, accuracy: 20 },
  ],
};

function pageShot(number: number, score: [number, number], fields: Partial<ShotBroadcast> = {}): PageShot {
  const message: ShotBroadcast = {
    matchId: ID,
    number,
    kind: "shot",
    seat: number % 2,
    request: { stroke: { cue: 1, angle: 0, speed: 1, offset: { x: 0, y: 0 } }, call: [] },
    before: [
      { id: 1, x: -1.2, y: 0 },
      { id: 3, x: 1, y: 0.4 },
    ],
    verdict: {} as ShotBroadcast["verdict"],
    events: [],
    trace: "",
    duration: 1,
    elapsed: 0,
    ...fields,
  };
  return { message, rest: null, after: null, score };
}

describe("parseAnalysis", () => {
  it("reads the document the server sends", () => {
    const analysis = parseAnalysis(JSON.parse(JSON.stringify(document)));
    expect(analysis?.shots.map((s) => [s.number, s.mark])).toEqual([
      [2, "good"],
      [3, "blunder"],
      [4, "mistake"],
    ]);
    expect(analysis?.shots[0]?.best.place).toEqual({ x: -1, y: 0.2 });
    expect(analysis?.players).toEqual(document.players);
  });

  it("refuses what is not an analysis: a bad mark, a chance out of 0–1, a pocket it does not know, no level", () => {
    const bad = [
      { ...document, level: "expert" },
      { ...document, shots: [{ ...stroke(2, 0, 0, "good"), mark: "brilliant" }] },
      { ...document, shots: [{ ...stroke(2, 0, 0, "good"), loss: 2 }] },
      {
        ...document,
        shots: [
          { ...stroke(2, 0, 0, "good"), best: { ...stroke(2, 0, 0, "good").best, call: [{ ball: 3, pocket: "XX" }] } },
        ],
      },
      { status: "running", progress: { done: 1, total: 3 } },
      null,
    ];
    for (const value of bad) expect(parseAnalysis(value)).toBeNull();
  });
});

describe("decisiveMoments", () => {
  it("finds where the winner took the lead for good, the loser's stroke before it and the dearest strokes", () => {
    const analysis = parseAnalysis(document)!;
    const shots = [
      pageShot(1, [0, 0], { kind: "lag", seat: -1 }),
      pageShot(2, [0, 1]),
      pageShot(3, [1, 1]),
      pageShot(4, [2, 1]),
    ];
    const moments = decisiveMoments(analysis.shots, shots, 0);
    expect(moments.turningPoint).toBe(4);
    expect(moments.deciding?.number).toBe(3);
    expect(moments.dearest.map((s) => s.number)).toEqual([3, 4]);
    expect(decisiveMoments(analysis.shots, shots, null).turningPoint).toBeNull();
  });
});

describe("ghostsOf", () => {
  it("gives the played stroke and the best, the opening's ball in hand moved to the best's place", () => {
    const analysis = parseAnalysis(document)!;
    const shot = pageShot(2, [0, 0]);
    const ghosts = ghostsOf(shot, analysis.shots[0], { played: "сыграно 90 %", best: "лучший 90 %" })!;
    expect(ghosts.map((g) => g.kind)).toEqual(["played", "best"]);
    expect(ghosts[0]!.table).toBe(shot.message.before);
    expect(ghosts[1]!.table.find((b) => b.id === 1)).toEqual({ id: 1, x: -1, y: 0.2 });
    expect(ghosts[1]!.call).toEqual([{ ball: 3, pocket: "FR", way: "direct" }]);
    expect(ghostsOf(pageShot(5, [0, 0], { kind: "clock" }), analysis.shots[0], { played: "", best: "" })).toBeNull();
    expect(ghostsOf(shot, undefined, { played: "", best: "" })).toBeNull();
  });
});
