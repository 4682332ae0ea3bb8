import { describe, expect, it } from "vitest";
import { decide } from "../../src/computer/decide.ts";
import type { ShotDecision } from "../../src/computer/decision.ts";
import type { Situation } from "../../src/computer/situation.ts";
import { type EngineName, simulate } from "../../src/physics/index.ts";
import { judgeShot } from "../../src/rules/verdict.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { WHITE_BALLS } from "../../src/table/balls.ts";

/** A turn for player 0 with the given white balls on the table and the others shared out, at most 7 a shelf. */
function turn(table: BallPosition[], overrides: Partial<Situation> = {}): Situation {
  const off = WHITE_BALLS.filter((id) => !table.some((b) => b.id === id));
  const first = Math.min(7, off.length);
  return {
    phase: "turn",
    player: 0,
    shotNumber: 12,
    table,
    inHand: null,
    shelves: [off.slice(0, first), off.slice(first)],
    debts: [0, 0],
    offer: null,
    ...overrides,
  };
}

/** Plays a shot decision through the real simulator and rules. */
function play(situation: Situation, decision: ShotDecision, engine: EngineName = "exact") {
  const result = simulate({ balls: situation.table, strokes: [decision.stroke] }, engine);
  return judgeShot({
    position: { table: situation.table, shelves: situation.shelves, debts: situation.debts },
    striker: situation.player,
    stroke: decision.stroke,
    call: decision.call,
    opening: false,
    events: result.events,
    rest: result.rest,
  }).verdict;
}

const EASY = turn([
  { id: 0, x: 0, y: 0 },
  { id: 4, x: 1.2, y: 0.4 },
  { id: 9, x: 1.5, y: 0.7 },
  { id: 12, x: -1.0, y: -0.5 },
]);

describe("decide", { timeout: 30_000 }, () => {
  it("is deterministic: the same situation, level and seed give the same decision", () => {
    expect(decide(EASY, "amateur", 5)).toEqual(decide(EASY, "amateur", 5));
  });

  it("master calls an easy cut and the stroke it plays scores it", () => {
    const decision = decide(EASY, "master", 1);
    if (decision.type !== "shot") throw new Error(decision.type);
    expect(decision.kind).toBe("pot");
    expect(decision.expected.success).toBeGreaterThan(0.6);
    const verdict = play(EASY, decision);
    expect(verdict.foul).toBe(false);
    expect(verdict.counted).toEqual(decision.call.map((c) => c.ball));
  });

  it("in last-ball play the master wins the deciding ball: the coloured ball or the cue ball as called", () => {
    const lastBall = turn([
      { id: 0, x: 1.45, y: 0.62 },
      { id: 5, x: 1.05, y: 0.3 },
    ]);
    expect(lastBall.shelves.map((s) => s.length)).toEqual([7, 7]);
    const decision = decide(lastBall, "master", 3);
    if (decision.type !== "shot") throw new Error(decision.type);
    expect(decision.kind).toBe("pot");
    expect(play(lastBall, decision).winner).toBe(0);
  });

  it("plays a safety that breaks no rule when no pot is worth trying", () => {
    // Two balls far from every pocket, the coloured ball between them: only a kick off a cushion is fair.
    const hidden = turn([
      { id: 0, x: 0, y: 0 },
      { id: 3, x: -0.6, y: 0.05 },
      { id: 8, x: 0.9, y: -0.05 },
    ]);
    const decision = decide(hidden, "master", 2);
    if (decision.type !== "shot") throw new Error(decision.type);
    expect(decision.kind).toBe("safety");
    expect(decision.call).toEqual([]);
    expect(decision.expected.success).toBe(0);
    expect(play(hidden, decision).foul).toBe(false);
  });

  it("takes a bonus shot with an easy pot on, and passes a foul offer when every shot would foul", () => {
    const take = decide({ ...EASY, phase: "offer", offer: "bonus" }, "master", 4);
    expect(take.type).toBe("take");
    if (take.type === "take") expect(take.shot).toEqual(decide(EASY, "master", 4));
    // Both white balls frozen either side of the coloured ball: any stroke touches it or misses.
    const trapped = turn([
      { id: 0, x: 0, y: 0 },
      { id: 2, x: -0.0685, y: 0 },
      { id: 6, x: 0.0685, y: 0 },
    ]);
    expect(decide({ ...trapped, phase: "offer", offer: "foul" }, "master", 4).type).toBe("pass");
  });

  it("lags from the house on its own side, straight up the table", () => {
    for (const player of [0, 1] as const) {
      const lag = decide({ ...EASY, phase: "lag", player, table: [] }, "master", 9);
      if (lag.type !== "lag") throw new Error(lag.type);
      expect(Math.sign(lag.place.y)).toBe(player === 0 ? 1 : -1);
      expect(Math.min(lag.angle, 360 - lag.angle)).toBeLessThan(0.5);
      expect(lag.expected.success).toBeGreaterThan(0.5);
    }
  });

  it("searches on the engine it is given, and what it finds on Planck.js scores there", () => {
    const exact = decide(EASY, "master", 1, "exact");
    const planck = decide(EASY, "master", 1, "planck");
    if (exact.type !== "shot" || planck.type !== "shot") throw new Error("not a shot");
    // The aim is refined against simulated contacts, so the two engines' last digits tell which one ran.
    expect(planck.intended.angle).not.toBe(exact.intended.angle);
    expect(Math.abs(planck.intended.angle - exact.intended.angle)).toBeLessThan(1e-3);
    expect(planck.call).toEqual(exact.call);
    const verdict = play(EASY, planck, "planck");
    expect(verdict.foul).toBe(false);
    expect(verdict.counted).toEqual(planck.call.map((c) => c.ball));
  });
});
