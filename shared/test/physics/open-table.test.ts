import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createBall } from "../../src/physics/ball.ts";
import { DROP_ZONES, OBSTACLES } from "../../src/physics/boundary.ts";
import { R } from "../../src/physics/constants.ts";
import { inside, OPEN_TABLE_DEPTH, obstacleContactTime } from "../../src/physics/exact-contacts.ts";
import { dropTime } from "../../src/physics/pocket-drop.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";

/**
 * The exact engine skips the rails, jaws and drop lines for a ball out in the open (exact-contacts.ts). That
 * is only sound if, from anywhere that deep, none of them can be reached within the drift: checked here for
 * every one of them, from positions right at the bound, in every direction, at every speed a stroke gives.
 */
describe("the open table of the exact contact finder", () => {
  it("no rail, jaw or drop line can be reached in a drift from deeper than the bound", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0.001, max: 13, noNaN: true }),
        fc.double({ min: 1e-6, max: 0.01, noNaN: true }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        (where, heading, speed, limit, course) => {
          const travel = speed * limit;
          // A point just inside the bound: on the border of the open region, anywhere along it.
          const depth = OPEN_TABLE_DEPTH + travel + 1e-9;
          const hx = HALF_LENGTH - depth;
          const hy = HALF_WIDTH - depth;
          // Along a long side of the open region for the first half of `where`, along a short side for the rest.
          const along = 2 * (where % 0.5) * 2 - 1;
          const sx = Math.cos(heading) >= 0 ? 1 : -1;
          const sy = Math.sin(heading) >= 0 ? 1 : -1;
          const x = where < 0.5 ? hx * along : sx * hx;
          const y = where < 0.5 ? sy * hy : hy * along;
          const ball = createBall(1, x, y);
          ball.vx = speed * Math.cos(course);
          ball.vy = speed * Math.sin(course);
          expect(inside(x, y)).toBeGreaterThan(OPEN_TABLE_DEPTH + travel);
          for (const o of OBSTACLES) expect(obstacleContactTime(ball, o, limit, travel)).toBe(Number.POSITIVE_INFINITY);
          for (const zone of DROP_ZONES) expect(dropTime(ball, zone, travel, limit)).toBe(Number.POSITIVE_INFINITY);
        },
      ),
      { seed: 2026, numRuns: 3000 },
    );
  });

  it("leaves most of the table open: the bound is a few centimetres beyond a ball's radius from the rails", () => {
    expect(OPEN_TABLE_DEPTH).toBeGreaterThan(R);
    expect(OPEN_TABLE_DEPTH).toBeLessThan(0.2);
  });
});
