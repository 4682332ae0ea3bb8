import { describe, expect, it } from "vitest";
import {
  CUSHION_RESTITUTION as ec,
  CUSHION_FRICTION as mu,
  R,
  CUSHION_ANGLE as theta,
} from "../../src/physics/constants.ts";
import { PLANCK_SETTINGS } from "../../src/physics/planck-contacts.ts";
import { MAX_STROKE_SPEED } from "../../src/shot/stroke.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { ballIn, deg, ENGINES, play } from "./helpers.ts";

describe("the cushion contact point (the shared model)", () => {
  it("puts the contact at asin(h/R − 1) = 13.6° for a 42 mm nose (МКП)", () => {
    expect(deg(theta)).toBeCloseTo(13.6, 1);
  });
});

/**
 * How far a centre may come inside R of a rail: rounding for the exact engine; Planck's time of impact stops up to
 * ½ linearSlop inside the contact (planck-contacts.ts).
 */
const RAIL_DEPTH = { exact: 1e-9, planck: 1e-9 + PLANCK_SETTINGS.linearSlop / 2 } as const;

describe.each(ENGINES)(
  "cushion impact on the %s engine (Han 2005 model, contact 13.6° above the equator)",
  (engine) => {
    it("a stun ball square on rebounds at (1+e)·cos²θ + (2/7)·sin²θ − 1 of its speed (Han 2005, sticking friction)", () => {
      // Sticking holds when μ·(1+e)·cos θ ≥ (2/7)·sin θ: the friction impulse is the one that stops the slip.
      expect(mu * (1 + ec) * Math.cos(theta)).toBeGreaterThan((2 / 7) * Math.sin(theta));
      const start = { id: 1, x: HALF_LENGTH - R - 0.0001, y: 0 };
      const { impacts } = play([start], [{ cue: 1, angle: 0, speed: 1 }], { engine });
      const after = ballIn(impacts[0]!, 1);
      const ratio = (1 + ec) * Math.cos(theta) ** 2 + (2 / 7) * Math.sin(theta) ** 2 - 1;
      expect(-after.vx).toBeCloseTo(ratio * 1, 3);
      expect(after.vy).toBeCloseTo(0, 12);
    });

    it.each([1, 2, 4])("a rolling ball square on at %s m/s keeps 0.6–0.9 of its speed (published range)", (v) => {
      const { impacts } = play(
        [{ id: 1, x: HALF_LENGTH - 0.3, y: 0.1 }],
        [{ cue: 1, angle: 0, speed: v, offset: { x: 0, y: 0.4 } }],
        { engine },
      );
      const first = impacts[0]!;
      const after = ballIn(first, 1);
      // Incoming speed at the cushion: rolling deceleration over 0.3 m − R is tiny; use the stroke speed's bound.
      expect(-after.vx / v).toBeGreaterThan(0.6);
      expect(-after.vx / v).toBeLessThan(0.9);
    });

    it("side spin changes the rebound angle: right side (seen from behind) throws a square-on ball to the right", () => {
      const outcomes = [-0.4, 0, 0.4].map((side) => {
        const { impacts } = play(
          [{ id: 1, x: HALF_LENGTH - 0.3, y: 0 }],
          [{ cue: 1, angle: 0, speed: 1.5, offset: { x: side, y: 0 } }],
          { engine },
        );
        return ballIn(impacts[0]!, 1).vy;
      });
      // Shooting towards +x, the shooter's right is −y.
      expect(outcomes[0]).toBeGreaterThan(0.05);
      expect(outcomes[1]).toBeCloseTo(0, 12);
      expect(outcomes[2]).toBeLessThan(-0.05);
    });

    it("a 45° rolling approach comes off on the far side, near the mirror angle (within 10°)", () => {
      const { impacts } = play(
        [{ id: 1, x: 0.5, y: HALF_WIDTH - 0.4 }],
        [{ cue: 1, angle: 45, speed: 2, offset: { x: 0, y: 0.4 } }],
        { engine },
      );
      const after = ballIn(impacts[0]!, 1);
      expect(impacts[0]!.event.type === "cushion" && impacts[0]!.event.cushion).toBe("LF");
      expect(after.vy).toBeLessThan(0);
      expect(after.vx).toBeGreaterThan(0);
      expect(Math.abs(deg(Math.atan2(-after.vy, after.vx)) - 45)).toBeLessThan(10);
    });

    it(`never lets a ball through a cushion, even at ${MAX_STROKE_SPEED} m/s (no tunnelling)`, () => {
      for (const angle of [0, 33, 90, 147, 180, 211, 270, 333]) {
        const { world, paths } = play([{ id: 1, x: 0.1, y: -0.05 }], [{ cue: 1, angle, speed: MAX_STROKE_SPEED }], {
          engine,
        });
        const path = paths[0]!;
        const inPocket = world.events.some((e) => e.type === "pocket");
        for (const [, x, y] of inPocket ? path.slice(0, -1) : path) {
          expect(Math.abs(x)).toBeLessThanOrEqual(HALF_LENGTH - R + RAIL_DEPTH[engine]);
          expect(Math.abs(y)).toBeLessThanOrEqual(HALF_WIDTH - R + RAIL_DEPTH[engine]);
        }
        expect(world.events.filter((e) => e.type === "off-table")).toEqual([]);
      }
    });
  },
);
