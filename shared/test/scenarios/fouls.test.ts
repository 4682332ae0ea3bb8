import { describe, expect, it } from "vitest";
import { POCKETS } from "../../src/table/pockets.ts";
import { verdict } from "../kit/verdict.ts";
import { IN_MOUTH, MISS } from "./cases.ts";
import {
  at,
  axisAngle,
  ball,
  collisions,
  cushionsOf,
  drops,
  FOOT_SPOT,
  onAxis,
  parked,
  play,
  R,
  without,
} from "./shots.ts";

/**
 * Fouls with real shots: the miss (clause 17, I14) and its penalty (clause 15, I15), the safety rule
 * (clause 3, I6), the push-through (I17), and the coloured ball touched, struck with the cue and put back
 * (clauses 10–11, 17, I7, I18, I24). Every scenario first checks in the physics' log that the shot really
 * was what it is about (no ball touched, the ball in the mouth, the coloured ball struck, …).
 */
const centre = ball(0, { x: 0, y: 0 });

describe("scenario: a miss (clauses 15, 17, I14, I15)", () => {
  const { table, stroke } = MISS;

  it("I15: with balls on his shelf, the striker loses the one that reached it last (8 of 1,2,4,5,6,8), spotted at the foot", () => {
    const { sim, outcome } = play({ balls: table, shot: stroke, match: { shelf: [6, 5] } });
    expect(collisions(sim.events)).toEqual([]);
    expect(drops(sim.events)).toEqual([]);
    expect(outcome.verdict).toEqual(
      verdict({
        foul: true,
        reasons: ["miss"],
        spotted: [8],
        penalty: "shelf",
        next: { player: 1, mayPass: true },
        shelf: [5, 5],
      }),
    );
    expect(outcome.details.penaltyBall).toBe(8);
    expect(outcome.clauses).toEqual(expect.arrayContaining(["4", "15", "16", "17"]));
    expect(at(outcome.table, 8)).toEqual({ id: 8, ...FOOT_SPOT });
    expect(without(outcome.table, 8)).toEqual(sim.rest);
  });

  it("I15: with an empty shelf, the striker owes a ball (debt 1) and nothing is spotted", () => {
    const balls = [...table, ...parked([1, 2, 4, 5, 6, 8])];
    const { sim, outcome } = play({ balls, shot: stroke, match: { shelf: [0, 5] } });
    expect(collisions(sim.events)).toEqual([]);
    expect(outcome.verdict).toEqual(
      verdict({
        foul: true,
        reasons: ["miss"],
        penalty: "debt",
        next: { player: 1, mayPass: true },
        shelf: [0, 5],
        debt: [1, 0],
      }),
    );
    expect(outcome.table).toEqual(sim.rest);
  });

  it("I15: debts add up: owing one already, another miss makes two", () => {
    const balls = [...table, ...parked([1, 2, 4, 5, 6, 8])];
    const { outcome } = play({ balls, shot: stroke, match: { shelf: [0, 5], debt: [1, 0] } });
    expect(outcome.verdict).toMatchObject({ foul: true, reasons: ["miss"], penalty: "debt", debt: [2, 0] });
  });
});

describe("scenario: the cue ball pocketed on a miss, and the safety rule (clauses 3, 17, I6, I14, I20)", () => {
  it("I14, I20: the cue ball rolls into FL touching nothing: a miss; spotted first the cue ball, then the penalty ball", () => {
    const balls = [...MISS.table.filter((b) => b.id !== 7), ball(7, onAxis("FL", 0.5))];
    const { sim, outcome } = play({
      balls,
      shot: { cue: 7, angle: axisAngle("FL"), speed: 1.5 },
      match: { shelf: [6, 5] },
    });
    expect(collisions(sim.events)).toEqual([]);
    expect(drops(sim.events)).toEqual([[7, "FL"]]);
    expect(outcome.verdict).toEqual(
      verdict({
        foul: true,
        reasons: ["miss"],
        spotted: [7, 8],
        penalty: "shelf",
        next: { player: 1, mayPass: true },
        shelf: [5, 5],
      }),
    );
    expect(at(outcome.table, 7)).toEqual({ id: 7, ...FOOT_SPOT });
    expect(at(outcome.table, 8)?.y).toBeCloseTo(2 * R + 0.0001, 9);
  });

  const nearMouth = IN_MOUTH.table;
  const gentle = (speed: number) => ({ ...IN_MOUTH.stroke, speed });

  it("clause 3b, I6: 3 stops across the FL mouth line without touching the jaws: the safety rule holds, no foul", () => {
    const { sim, outcome } = play({ balls: nearMouth, shot: IN_MOUTH.stroke, match: { shelf: [6, 6] } });
    expect(drops(sim.events)).toEqual([]);
    expect(cushionsOf(sim.events, 3)).toEqual([]);
    expect(sim.events.at(-1)).toMatchObject({ type: "in-mouth", ball: 3, pocket: "FL" });
    // Its circle really crosses the mouth line: its centre is less than R from it, along the axis.
    const rest = at(sim.rest, 3)!;
    const { mouthCentre, axis } = POCKETS.FL;
    expect(Math.abs((rest.x - mouthCentre.x) * axis.x + (rest.y - mouthCentre.y) * axis.y)).toBeLessThan(R);
    expect(outcome.verdict).toMatchObject({ foul: false, reasons: [], counted: [], spotted: [] });
    expect(outcome.verdict.next).toEqual({ player: 1, mayPass: false });
    expect(outcome.details.safety).toBe("b");
  });

  it("clause 3: a softer touch leaves 3 short of the mouth: no clause-3 condition holds, a foul", () => {
    const { sim, outcome } = play({ balls: nearMouth, shot: gentle(0.3), match: { shelf: [6, 6] } });
    expect(collisions(sim.events)).toEqual([[3, 7]]);
    expect(sim.events.some((e) => e.type === "in-mouth" || e.type === "cushion" || e.type === "pocket")).toBe(false);
    expect(outcome.verdict).toMatchObject({
      foul: true,
      reasons: ["no-safety"],
      penalty: "shelf",
      spotted: [8],
      shelf: [5, 6],
      next: { player: 1, mayPass: true },
    });
    expect(outcome.clauses).toContain("3");
  });
});

describe("scenario: a push-through [пропих] (clause 17, I17)", () => {
  // The cue ball 1 cm (under R/2) behind 3, struck straight at it at 2 m/s.
  const close = [
    centre,
    ball(3, { x: 0.8, y: 0.3 }),
    ball(7, { x: 0.8 - 2 * R - 0.01, y: 0.3 }),
    ball(12, { x: -1, y: -0.5 }),
  ];
  const push = (offsetY: number) => ({ cue: 7, angle: 0, speed: 2, offset: { x: 0, y: offsetY } });

  it("I17: with follow (tip 0.3 R above centre) it is a push: a foul", () => {
    const { sim, outcome } = play({ balls: close, shot: push(0.3), match: { shelf: [6, 6] } });
    expect(collisions(sim.events)[0]).toEqual([3, 7]);
    expect(outcome.verdict.foul).toBe(true);
    expect(outcome.verdict.reasons).toContain("push");
    expect(outcome.verdict.penalty).toBe("shelf");
  });

  it("I17: the same stroke with draw (0.3 R below centre) is fair, and 3f holds (3 off F, then 7 over the centre line)", () => {
    const { sim, outcome } = play({ balls: close, shot: push(-0.3), match: { shelf: [6, 6] } });
    expect(cushionsOf(sim.events, 3)).toContain("F");
    expect(outcome.verdict).toMatchObject({ foul: false, reasons: [] });
    expect(outcome.details.safety).not.toBeNull();
  });
});

describe("scenario: the push-through test's limits (I17: gap ≤ R/2, within 45° of the line of centres)", () => {
  // 3 at (0.8, 0.3); the cue ball 7 behind it on the line y = 0.3, at a gap just under or over R/2 = 17 mm.
  const at3 = { x: 0.8, y: 0.3 };
  const tableWithGap = (gap: number) => [
    centre,
    ball(3, at3),
    ball(7, { x: at3.x - 2 * R - gap, y: at3.y }),
    ball(12, { x: -1, y: -0.5 }),
  ];
  const followAt = (angle: number) => ({ cue: 7, angle, speed: 2, offset: { x: 0, y: 0.3 } });

  it.each([
    [0.0169, true],
    [0.0171, false],
  ])("I17: a follow stroke straight at 3 with a gap of %s m: push %s", (gap, isPush) => {
    const { sim, outcome } = play({ balls: tableWithGap(gap), shot: followAt(0), match: { shelf: [6, 6] } });
    expect(collisions(sim.events)[0]).toEqual([3, 7]);
    expect(outcome.verdict.reasons.includes("push")).toBe(isPush);
  });

  it.each([
    [44, true],
    [46, false],
  ])("I17: a gap of 1 cm and a follow stroke %s° off the line of centres: push %s", (angle, isPush) => {
    // 46° still meets 3: the centres are 78 mm apart and 78 mm × sin 46° = 56 mm < 2R.
    const { sim, outcome } = play({ balls: tableWithGap(0.01), shot: followAt(angle), match: { shelf: [6, 6] } });
    expect(collisions(sim.events)[0]).toEqual([3, 7]);
    expect(outcome.verdict.reasons.includes("push")).toBe(isPush);
  });
});

describe("scenario: the coloured ball touched (clauses 10, 11, 17, I18)", () => {
  it("clause 10, I18: 7 cuts the coloured ball off the centre mark: a foul, and it is put back on the free mark", () => {
    // A thin-ish cut from (−0.5, 0.2) at −20°: the coloured ball runs to RF then F (clause 3c holds, so the
    // only reason is the touch), the cue ball crosses into the foot half; the mark ends up free.
    const balls = [centre, ball(7, { x: -0.5, y: 0.2 }), ball(3, { x: 1.2, y: -0.3 }), ball(12, { x: -1.0, y: -0.5 })];
    const { sim, outcome } = play({ balls, shot: { cue: 7, angle: -20, speed: 2 }, match: { shelf: [6, 6] } });
    expect(collisions(sim.events)).toEqual([[0, 7]]);
    expect(cushionsOf(sim.events, 0)).toEqual(["RF", "F"]);
    const stopped = at(sim.rest, 0)!;
    expect(Math.hypot(stopped.x, stopped.y)).toBeGreaterThan(1);
    expect(outcome.verdict).toEqual(
      verdict({
        foul: true,
        reasons: ["coloured-touched"],
        spotted: [8],
        penalty: "shelf",
        next: { player: 1, mayPass: true },
        shelf: [5, 6],
      }),
    );
    expect(outcome.details.coloured).toBe("returned");
    expect(outcome.details.safety).toBe("c");
    expect(outcome.clauses).toEqual(expect.arrayContaining(["10", "15", "17"]));
    // Back on the centre mark, and not listed among the spotted balls (I18).
    expect(at(outcome.table, 0)).toEqual({ id: 0, x: 0, y: 0 });
    expect(at(outcome.table, 8)).toEqual({ id: 8, ...FOOT_SPOT });
    expect(without(outcome.table, 0, 8)).toEqual(without(sim.rest, 0));
  });

  it("clause 10, I18: with a white ball on the centre mark, the struck coloured ball stays where it stopped", () => {
    // The coloured ball waits off the mark at (0.6, 0.4) because 12 sits on it (clause 11: its place counts
    // as correct). 7 strikes it from (0.7, 0) at 100°: it runs to LF and back across the centre line (3e).
    const balls = [
      ball(0, { x: 0.6, y: 0.4 }),
      ball(7, { x: 0.7, y: 0 }),
      ball(12, { x: 0, y: 0 }),
      ball(3, { x: 1.2, y: -0.3 }),
      ball(14, { x: -1.2, y: 0.4 }),
    ];
    const { sim, outcome } = play({ balls, shot: { cue: 7, angle: 100, speed: 1.5 }, match: { shelf: [6, 5] } });
    expect(collisions(sim.events)).toEqual([[0, 7]]);
    expect(at(sim.rest, 12)).toEqual({ id: 12, x: 0, y: 0 });
    expect(outcome.verdict).toMatchObject({
      foul: true,
      reasons: ["coloured-touched"],
      spotted: [8],
      penalty: "shelf",
      shelf: [5, 5],
      next: { player: 1, mayPass: true },
    });
    expect(outcome.details.coloured).toBe("waiting");
    expect(at(outcome.table, 0)).toEqual(at(sim.rest, 0));
    expect(without(outcome.table, 8)).toEqual(sim.rest);
  });

  it("I18: a waiting coloured ball returns to the mark as soon as a shot frees it, without being touched", () => {
    // 12 on the centre mark pots 3 (on the ML axis, 30 cm from the mark) called into ML; stunned, 12 stops
    // where it met 3, 23 cm from the mark: the mark is free, so the coloured ball waiting at (0.6, 0.4)
    // goes back to it.
    const balls = [
      ball(0, { x: 0.6, y: 0.4 }),
      ball(12, { x: 0, y: 0 }),
      ball(3, { x: 0, y: 0.3 }),
      ball(14, { x: -1.2, y: 0.4 }),
      ball(7, { x: 1.2, y: -0.3 }),
    ];
    const { sim, outcome } = play({
      balls,
      shot: { cue: 12, angle: 90, speed: 2 },
      call: [{ ball: 3, pocket: "ML", way: "direct" }],
      match: { shelf: [6, 5] },
    });
    expect(drops(sim.events)).toEqual([[3, "ML"]]);
    expect(collisions(sim.events)).toEqual([[3, 12]]);
    expect(Math.hypot(at(sim.rest, 12)!.x, at(sim.rest, 12)!.y)).toBeGreaterThan(0.068);
    expect(outcome.verdict).toMatchObject({ foul: false, reasons: [], counted: [3], spotted: [], shelf: [7, 5] });
    expect(outcome.details.coloured).toBe("returned");
    expect(at(outcome.table, 0)).toEqual({ id: 0, x: 0, y: 0 });
  });

  it("I7, I24: the coloured ball named as the cue ball and driven into 3: struck with the cue and touching", () => {
    const balls = [centre, ball(3, { x: 0.5, y: 0 }), ball(12, { x: -1.0, y: -0.5 }), ball(14, { x: -1.2, y: 0.4 })];
    const { sim, outcome } = play({ balls, shot: { cue: 0, angle: 0, speed: 2 }, match: { shelf: [6, 6] } });
    expect(sim.events[0]).toMatchObject({ type: "strike", ball: 0 });
    expect(collisions(sim.events)[0]).toEqual([0, 3]);
    expect(outcome.verdict.foul).toBe(true);
    expect(outcome.verdict.reasons).toEqual(expect.arrayContaining(["cue-struck-coloured", "coloured-touched"]));
    expect(outcome.verdict.reasons).not.toContain("miss");
    // I15: several reasons, one penalty: only the last ball of his shelf (7 of 1, 2, 4, 5, 6, 7) comes back.
    expect(outcome.verdict).toMatchObject({ penalty: "shelf", spotted: [7], shelf: [5, 6] });
    expect(outcome.clauses).toEqual(expect.arrayContaining(["1", "17"]));
  });

  it("I24: the coloured ball named as the cue ball touching no ball: struck with the cue and a miss", () => {
    // Sent straight down into MR from the centre mark: it drops, and is put back on the free mark (I18).
    const balls = [centre, ball(3, { x: 0.5, y: 0.5 }), ball(12, { x: -1.0, y: -0.5 }), ball(14, { x: -1.2, y: 0.4 })];
    const { sim, outcome } = play({ balls, shot: { cue: 0, angle: -90, speed: 1 }, match: { shelf: [6, 6] } });
    expect(collisions(sim.events)).toEqual([]);
    expect(drops(sim.events)).toEqual([[0, "MR"]]);
    expect([...outcome.verdict.reasons].sort()).toEqual(["cue-struck-coloured", "miss"]);
    expect(outcome.verdict).toMatchObject({ foul: true, counted: [], penalty: "shelf" });
    expect(at(outcome.table, 0)).toEqual({ id: 0, x: 0, y: 0 });
  });
});
