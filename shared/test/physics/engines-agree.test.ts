import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canBallStandAt } from "../../src/physics/boundary.ts";
import { R } from "../../src/physics/constants.ts";
import { openingBreak, type SimulationResult, simulate } from "../../src/physics/index.ts";
import { judgeScenario, type Scenario } from "../../src/rules/scenario.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import { WHITE_BALLS } from "../../src/table/balls.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { POCKET_IDS } from "../../src/table/pockets.ts";

/**
 * The two engines checked against each other: the same shared model, two independent ways of finding contacts
 * (closed forms; Planck's broad phase and time of impact), so every disagreement is a place where finding a
 * contact decided something. Planck's contacts land within ½ linearSlop (0.05 µm) of the exact ones.
 */

const SHOTS = 300;
const MAX_COLLISIONS = 3;
/** The verdicts must agree on at least this share of the shots. */
const VERDICT_AGREEMENT = 0.99;
/** Rest positions count as the same within this distance (a few millimetres), on at least this share. */
const REST_TOLERANCE = 0.003;
const REST_AGREEMENT = 0.99;

/** Uniform on [min, max] in a million steps (fast-check's doubles crowd near zero, its bias near the ends). */
const uniform = (min: number, max: number) =>
  fc.integer({ min: 0, max: 1_000_000 }).map((k) => min + ((max - min) * k) / 1_000_000);

const point = fc.record({
  x: uniform(-(HALF_LENGTH - R), HALF_LENGTH - R),
  y: uniform(-(HALF_WIDTH - R), HALF_WIDTH - R),
});

/**
 * A simple shot of a Habibka position: 3–6 white balls and perhaps the coloured ball; the cue ball driven at
 * another ball (up to 0.3 rad off its centre) at 0.3–4 m/s with any tip offset up to 0.4; the object ball called
 * into some pocket in most shots. The shelves hold the other white balls (5 to player 0, the rest to player 1).
 */
const simpleShot = fc
  .noBias(
    fc.record({
      whites: fc.shuffledSubarray([...WHITE_BALLS], { minLength: 6, maxLength: 6 }),
      count: fc.integer({ min: 3, max: 6 }),
      coloured: fc.boolean(),
      points: fc.array(point, { minLength: 20, maxLength: 20 }),
      target: fc.nat(),
      miss: uniform(-0.3, 0.3),
      speed: uniform(0.3, 4),
      side: uniform(-0.4, 0.4),
      height: uniform(-0.4, 0.4),
      called: uniform(0, 1),
      pocket: fc.constantFrom(...POCKET_IDS),
    }),
  )
  .map((s): Scenario | null => {
    const ids = [...(s.coloured ? [0] : []), ...s.whites.slice(0, s.count)];
    const balls: { id: number; x: number; y: number }[] = [];
    for (const p of s.points) {
      if (balls.length === ids.length) break;
      if (!canBallStandAt(p.x, p.y) || balls.some((b) => Math.hypot(b.x - p.x, b.y - p.y) < 2 * R)) continue;
      balls.push({ id: ids[balls.length]!, ...p });
    }
    if (balls.length < ids.length) return null;
    const cue = balls.find((b) => b.id === s.whites[0])!;
    const others = balls.filter((b) => b !== cue);
    const object = others[s.target % others.length]!;
    const angle = ((Math.atan2(object.y - cue.y, object.x - cue.x) + s.miss) * 180) / Math.PI;
    const call =
      object.id !== 0 && s.called < 0.7 ? [{ ball: object.id, pocket: s.pocket, way: "direct" as const }] : [];
    return {
      balls,
      shot: { cue: cue.id, angle, speed: s.speed, offset: { x: s.side, y: s.height } },
      call,
      match: { shelf: [5, 15 - s.count - 5], debt: [0, 0], opening: false },
    };
  });

const collisions = (r: SimulationResult) => r.events.filter((e) => e.type === "collision").length;
const touchesJaw = (events: readonly ShotEvent[]) => events.some((e) => e.type === "cushion" && e.jaw !== undefined);

/** What the rules decided: foul, reasons, counted, spotted and who plays next. */
function decision(scenario: Scenario, shot: SimulationResult): string {
  const judged = judgeScenario(scenario, shot.events, shot.rest);
  if (!judged.ok) throw new Error(judged.error.message);
  const { foul, reasons, counted, spotted, next } = judged.value.verdict;
  return JSON.stringify({ foul, reasons, counted, spotted, next: next.player });
}

/** The largest distance between a ball's two resting places (Infinity when different balls rest). */
function restGap(a: SimulationResult, b: SimulationResult): number {
  if (a.rest.map((p) => p.id).join() !== b.rest.map((p) => p.id).join()) return Number.POSITIVE_INFINITY;
  return Math.max(0, ...a.rest.map((p, k) => Math.hypot(p.x - b.rest[k]!.x, p.y - b.rest[k]!.y)));
}

describe("the exact and Planck engines against each other", () => {
  it(`agree on ${SHOTS} seeded simple shots (≤ ${MAX_COLLISIONS} collisions): verdicts, and rest within 3 mm`, {
    timeout: 60_000,
  }, () => {
    const scenarios = fc
      .sample(simpleShot, { seed: 20261201, numRuns: 2 * SHOTS })
      .filter((s): s is Scenario => s !== null);
    let compared = 0;
    let sameVerdict = 0;
    let sameRest = 0;
    const unexplained: string[] = [];
    for (const scenario of scenarios) {
      if (compared === SHOTS) break;
      const input = { balls: scenario.balls, strokes: [scenario.shot] };
      const exact = simulate(input, "exact");
      if (collisions(exact) > MAX_COLLISIONS) continue;
      const planck = simulate(input, "planck");
      compared++;
      const verdictAgrees = decision(scenario, exact) === decision(scenario, planck);
      const restAgrees = restGap(exact, planck) <= REST_TOLERANCE;
      if (verdictAgrees) sameVerdict++;
      if (restAgrees) sameRest++;
      // Contacts differ by under 0.05 µm, which only a pocket's jaws amplify into millimetres: a rattle in the
      // mouth, or a hit where a cushion meets a jaw nose, where that much decides which of the two is met first.
      if ((!verdictAgrees || !restAgrees) && !touchesJaw(exact.events) && !touchesJaw(planck.events))
        unexplained.push(JSON.stringify(scenario));
    }
    expect(compared).toBe(SHOTS);
    expect(sameVerdict / SHOTS).toBeGreaterThanOrEqual(VERDICT_AGREEMENT);
    expect(sameRest / SHOTS).toBeGreaterThanOrEqual(REST_AGREEMENT);
    expect(unexplained).toEqual([]);
  });

  it("give the same distributions over 100 seeded racks at 8–12 m/s: balls potted, cushion contacts, duration", {
    timeout: 60_000,
  }, () => {
    const figures = { exact: new Figures(), planck: new Figures() };
    for (let seed = 1; seed <= 100; seed++) {
      const input = openingBreak(8 + (seed % 5), seed);
      for (const engine of ["exact", "planck"] as const) figures[engine].add(simulate(input, engine));
    }
    for (const measure of ["potted", "cushions", "duration"] as const) {
      const a = figures.exact[measure];
      const b = figures.planck[measure];
      // Two-sample Kolmogorov–Smirnov at α = 0.01 for 100 against 100: D ≤ 1.628·√(2/100) = 0.230.
      expect(ksDistance(a, b), measure).toBeLessThanOrEqual(0.23);
      // And the means within three standard errors of their difference.
      expect(Math.abs(mean(a) - mean(b)), measure).toBeLessThanOrEqual(
        3 * Math.sqrt((variance(a) + variance(b)) / 100),
      );
    }
  });
});

class Figures {
  readonly potted: number[] = [];
  readonly cushions: number[] = [];
  readonly duration: number[] = [];

  add(shot: SimulationResult): void {
    this.potted.push(shot.events.filter((e) => e.type === "pocket").length);
    this.cushions.push(shot.events.filter((e) => e.type === "cushion").length);
    this.duration.push(shot.stats.simulated_s);
  }
}

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const variance = (xs: readonly number[]) => xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1);

/** The largest gap between the two empirical distribution functions. */
function ksDistance(a: readonly number[], b: readonly number[]): number {
  let worst = 0;
  for (const v of [...a, ...b]) {
    const fa = a.filter((x) => x <= v).length / a.length;
    const fb = b.filter((x) => x <= v).length / b.length;
    worst = Math.max(worst, Math.abs(fa - fb));
  }
  return worst;
}
