import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { kineticEnergy } from "../../src/physics/ball.ts";
import { isOnTableRegion } from "../../src/physics/boundary.ts";
import { R } from "../../src/physics/constants.ts";
import { openingBreak, simulate } from "../../src/physics/index.ts";
import { stepWorld } from "../../src/physics/step.ts";
import type { StepWatcher } from "../../src/physics/step-watcher.ts";
import { createWorld, isMoving, strike } from "../../src/physics/world.ts";
import { MAX_STROKE_SPEED, MAX_TIP_OFFSET } from "../../src/shot/stroke.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { ENGINES } from "./helpers.ts";

/** Worst overlap tolerated anywhere, at any time (docs/PHYSICS.md: no overlap above 0.1 mm). */
const MAX_OVERLAP = 0.0001;

const ballSet = fc
  .array(
    fc.record({
      x: fc.double({ min: -(HALF_LENGTH - R), max: HALF_LENGTH - R, noNaN: true }),
      y: fc.double({ min: -(HALF_WIDTH - R), max: HALF_WIDTH - R, noNaN: true }),
    }),
    { minLength: 2, maxLength: 9 },
  )
  .map((points) => {
    // Drop the points that would overlap one kept earlier: the table must start legal.
    const kept: BallPosition[] = [];
    for (const p of points)
      if (kept.every((k) => Math.hypot(k.x - p.x, k.y - p.y) >= 2 * R)) kept.push({ id: kept.length, ...p });
    return kept;
  });

const stroke = fc.record({
  angle: fc.double({ min: 0, max: 360, noNaN: true }),
  speed: fc.double({ min: 0.05, max: MAX_STROKE_SPEED, noNaN: true }),
  side: fc.double({ min: -MAX_TIP_OFFSET / Math.SQRT2, max: MAX_TIP_OFFSET / Math.SQRT2, noNaN: true }),
  height: fc.double({ min: -MAX_TIP_OFFSET / Math.SQRT2, max: MAX_TIP_OFFSET / Math.SQRT2, noNaN: true }),
});

function worstOverlap(balls: readonly { x: number; y: number; onTable: boolean }[]): number {
  let worst = 0;
  for (let i = 0; i < balls.length; i++)
    for (let j = i + 1; j < balls.length; j++) {
      const a = balls[i]!;
      const b = balls[j]!;
      if (a.onTable && b.onTable) worst = Math.max(worst, 2 * R - Math.hypot(a.x - b.x, a.y - b.y));
    }
  return worst;
}

describe.each(ENGINES)("invariants on the %s engine over random shots (fast-check)", (engine) => {
  it("energy never increases, balls never overlap, every ball ends on the table, in a pocket or off the table", () => {
    fc.assert(
      fc.property(ballSet, stroke, (balls, s) => {
        const world = createWorld(balls, { engine });
        const watcher: StepWatcher = {
          impact: (_event, all) => expect(worstOverlap(all)).toBeLessThanOrEqual(MAX_OVERLAP),
        };
        strike(world, [{ cue: 0, angle: s.angle, speed: s.speed, offset: { x: s.side, y: s.height } }]);
        let energy = world.balls.reduce((sum, b) => sum + kineticEnergy(b), 0);
        while (isMoving(world)) {
          stepWorld(world, watcher);
          const now = world.balls.reduce((sum, b) => sum + (b.onTable ? kineticEnergy(b) : 0), 0);
          expect(now).toBeLessThanOrEqual(energy * (1 + 1e-12) + 1e-15);
          energy = now;
          expect(worstOverlap(world.balls)).toBeLessThanOrEqual(MAX_OVERLAP);
        }
        const gone = world.events.filter((e) => e.type === "pocket" || e.type === "off-table").map((e) => e.ball);
        const resting = world.balls.filter((b) => b.onTable);
        expect(new Set(gone).size).toBe(gone.length);
        expect([...gone, ...resting.map((b) => b.id)].sort((a, b) => a - b)).toEqual(balls.map((b) => b.id));
        for (const b of resting) expect(isOnTableRegion(b.x, b.y)).toBe(true);
      }),
      { numRuns: 40, seed: 20261130 },
    );
  });

  it("holds the same invariants in dense racks: random break seeds, speeds and cue-ball places in the house", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.double({ min: 0.5, max: MAX_STROKE_SPEED, noNaN: true }),
        fc.double({ min: -0.3, max: 0.3, noNaN: true }),
        (seed, speed, spread) => {
          const input = openingBreak(speed, seed);
          const stroke = { ...input.strokes[0]!, angle: input.strokes[0]!.angle + spread };
          let worst = 0;
          const world = createWorld(input.balls, { engine });
          const watcher: StepWatcher = { impact: (_e, all) => (worst = Math.max(worst, worstOverlap(all))) };
          strike(world, [stroke]);
          let energy = world.balls.reduce((sum, b) => sum + kineticEnergy(b), 0);
          while (isMoving(world)) {
            stepWorld(world, watcher);
            const now = world.balls.reduce((sum, b) => sum + (b.onTable ? kineticEnergy(b) : 0), 0);
            expect(now).toBeLessThanOrEqual(energy * (1 + 1e-12) + 1e-15);
            energy = now;
            worst = Math.max(worst, worstOverlap(world.balls));
          }
          expect(worst).toBeLessThanOrEqual(MAX_OVERLAP);
          expect(world.events.filter((e) => e.type === "off-table")).toEqual([]);
        },
      ),
      { numRuns: 25, seed: 42 },
    );
  });

  it("is deterministic: the same input gives bit-identical events, rest positions and trace", () => {
    fc.assert(
      fc.property(ballSet, stroke, (balls, s) => {
        const input = { balls, strokes: [{ cue: 0, angle: s.angle, speed: s.speed }], trace: true };
        const strip = (r: ReturnType<typeof simulate>) => JSON.stringify({ ...r, stats: { ...r.stats, wall_ms: 0 } });
        expect(strip(simulate(input, engine))).toBe(strip(simulate(input, engine)));
      }),
      { numRuns: 15, seed: 7 },
    );
    const a = simulate(openingBreak(12, 3, true), engine);
    const b = simulate(openingBreak(12, 3, true), engine);
    expect(JSON.stringify(a.events)).toBe(JSON.stringify(b.events));
    expect(JSON.stringify(a.rest)).toBe(JSON.stringify(b.rest));
    expect(JSON.stringify(a.trace)).toBe(JSON.stringify(b.trace));
  });

  it.each([8, 12])(
    "the %s m/s opening break: no overlap above 0.1 mm at any contact or step, no ball lost",
    (speed) => {
      const input = openingBreak(speed, 11);
      let worst = 0;
      const world = createWorld(input.balls, { engine });
      const watcher: StepWatcher = { impact: (_e, all) => (worst = Math.max(worst, worstOverlap(all))) };
      strike(world, input.strokes);
      while (isMoving(world)) {
        stepWorld(world, watcher);
        worst = Math.max(worst, worstOverlap(world.balls));
      }
      expect(worst).toBeLessThanOrEqual(MAX_OVERLAP);
      expect(world.events.filter((e) => e.type === "off-table")).toEqual([]);
      expect(world.events.filter((e) => e.type === "collision").length).toBeGreaterThan(15);
    },
  );

  it("no tunnelling at 12 m/s: a ball fired from up to 1.7 m away hits the target ball, from any of 24 directions", () => {
    for (let k = 0; k < 24; k++) {
      const angle = k * 15;
      const c = Math.cos((angle * Math.PI) / 180);
      const s = Math.sin((angle * Math.PI) / 180);
      const target = { id: 2, x: 0, y: 0 };
      const r = Math.min(1.7, (HALF_LENGTH - R - 0.01) / Math.abs(c), (HALF_WIDTH - R - 0.01) / Math.abs(s));
      const cue = { id: 1, x: -r * c, y: -r * s };
      const result = simulate({ balls: [cue, target], strokes: [{ cue: 1, angle, speed: MAX_STROKE_SPEED }] }, engine);
      const first = result.events.find((e) => e.type !== "strike");
      expect(first?.type, `angle ${angle}`).toBe("collision");
    }
  });
});
