import { describe, expect, it } from "vitest";
import { isSliding } from "../../src/physics/cloth.ts";
import { GRAVITY as g, MU_ROLL as mr, MU_SLIDE as ms, R } from "../../src/physics/constants.ts";
import { simulate } from "../../src/physics/index.ts";
import { STEP, stepWorld } from "../../src/physics/step.ts";
import { createWorld, strike } from "../../src/physics/world.ts";
import { ballIn, cutSetup, ENGINES, play } from "./helpers.ts";

describe.each(ENGINES)(
  "ball on the cloth on the %s engine: sliding, rolling, stopping (Alciatore's sliding/rolling formulas; constant-deceleration friction)",
  (engine) => {
    it("a centre-ball hit slides, then rolls at 5/7 v0 after t = 2v0/(7μs·g) and s = 12v0²/(49μs·g)", () => {
      const v0 = 2;
      const x0 = -1.5;
      const world = createWorld([{ id: 1, x: x0, y: 0 }], { engine });
      strike(world, [{ cue: 1, angle: 0, speed: v0 }]);
      const ball = world.balls[0]!;
      const tRoll = (2 * v0) / (7 * ms * g);
      const sRoll = (12 * v0 * v0) / (49 * ms * g);
      // Closed-form position along the path (both phases have constant deceleration).
      const exact = (t: number) =>
        t <= tRoll
          ? v0 * t - 0.5 * ms * g * t * t
          : sRoll + (5 / 7) * v0 * (t - tRoll) - 0.5 * mr * g * (t - tRoll) ** 2;
      expect(tRoll).toBeCloseTo(0.2912, 4);
      expect(sRoll).toBeCloseTo(0.4993, 4);
      while (isSliding(ball)) {
        stepWorld(world);
        // The drift is within a·dt²/8 of the true path: 25 µm.
        expect(Math.abs(ball.x - x0 - exact(world.t))).toBeLessThan(3e-5);
      }
      expect(world.t).toBeGreaterThanOrEqual(tRoll);
      expect(world.t - tRoll).toBeLessThan(STEP);
      expect(ball.vx).toBeCloseTo((5 / 7) * v0 - mr * g * (world.t - tRoll), 9);
      expect(ball.wy * R).toBeCloseTo(ball.vx, 9);
      for (let k = 0; k < 50; k++) {
        stepWorld(world);
        expect(Math.abs(ball.x - x0 - exact(world.t))).toBeLessThan(3e-5);
      }
    });

    it("a rolling ball stops after v²/(2μr·g), in v/(μr·g)", () => {
      const v = 0.5;
      // Tip 0.4 R above centre gives ω·R = 2.5·0.4·v = v: rolling from the start.
      const result = simulate(
        {
          balls: [{ id: 1, x: -1.5, y: 0.2 }],
          strokes: [{ cue: 1, angle: 0, speed: v, offset: { x: 0, y: 0.4 } }],
        },
        engine,
      );
      const rest = result.rest[0]!;
      expect(rest.x - -1.5).toBeCloseTo((v * v) / (2 * mr * g), 3);
      expect(rest.y).toBeCloseTo(0.2, 12);
      expect(Math.abs(result.stats.simulated_s - v / (mr * g))).toBeLessThanOrEqual(STEP);
    });

    it("follow and draw: after a full hit the cue ball settles at (5v + 2Rω)/7 (angular momentum about the cloth contact)", () => {
      const object = { x: 0.4, y: 0 };
      for (const [name, tip, sign, run] of [
        ["follow", 0.5, 1, 0.25],
        ["stun", 0, 0, 0.001],
        ["draw", -0.6, -1, 0.25],
      ] as const) {
        const cue = cutSetup(object, 0, run);
        const { world, impacts } = play(
          [
            { id: 1, ...cue },
            { id: 2, ...object },
          ],
          [{ cue: 1, angle: 0, speed: 2, offset: { x: 0, y: tip } }],
          { engine },
        );
        const after = ballIn(impacts[0]!, 1);
        const predicted = (5 * after.vx + 2 * R * after.wy) / 7;
        // Follow runs on, draw comes back, a stun shot stops almost dead (only the (1−e)/2 remainder).
        if (sign === 0) expect(Math.abs(predicted)).toBeLessThan(0.05);
        else expect(Math.sign(predicted), name).toBe(sign);
        const cueRest = world.balls.find((b) => b.id === 1)!;
        const contactX = impacts[0]!.event.type === "collision" ? ballIn(impacts[0]!, 1).x : Number.NaN;
        if (sign !== 0) expect(Math.sign(cueRest.x - contactX), name).toBe(sign);
        // Follow from a rolling cue ball: (5·(1−e)/2·v + 2v)/7 ≈ 0.30 v forward.
        if (name === "follow") expect(predicted / after.wy / R).toBeGreaterThan(0.28);
      }
    });
  },
);

describe("the stroke (the shared model: no contact, the same for every engine)", () => {
  it("the stroke gives ω·R = 2.5·b·v for a tip offset b·R (level cue: angular impulse m·v·b·R = 2/5·m·R²·ω); side spin is about the vertical", () => {
    const world = createWorld([{ id: 1, x: 0, y: 0 }]);
    strike(world, [{ cue: 1, angle: 90, speed: 2, offset: { x: 0.3, y: -0.2 } }]);
    const ball = world.balls[0]!;
    expect(ball.vy).toBeCloseTo(2, 12);
    // Travelling +y, a rolling ball turns about −x; draw (b < 0) turns it about +x.
    expect(ball.wx * R).toBeCloseTo(2.5 * 0.2 * 2, 12);
    expect(ball.wz * R).toBeCloseTo(2.5 * 0.3 * 2, 12);
  });
});
