import { describe, expect, it } from "vitest";
import {
  FOOT_SPOT_LINE_X,
  freePlaceOnLine,
  SPOT_CLEARANCE,
  SPOT_LINE_HALF_SPAN,
  spotBalls,
  spotPosition,
} from "../../src/rules/spotting.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { hit, judge, pocket, R, shot, strike } from "./helpers.ts";

const X0 = FOOT_SPOT_LINE_X;
const D = 2 * R + SPOT_CLEARANCE;

describe("spotting at the foot cushion (clause 4, I20)", () => {
  it("clause 4: a ball is spotted tight to the foot cushion at its centre when free", () => {
    expect(X0).toBeCloseTo(HALF_LENGTH - R, 12);
    expect(spotPosition([{ id: 0, x: 0, y: 0 }], 3)).toEqual({ id: 3, x: X0, y: 0 });
  });

  it("I20: beside a ball on y = 0 the place is y = +(2R + 0.1 mm), +y first on a tie", () => {
    const p = spotPosition([{ id: 9, x: X0, y: 0 }], 3);
    expect(p.x).toBe(X0);
    expect(p.y).toBeCloseTo(D, 12);
  });

  it("I20: when +y is taken the -y side is used", () => {
    const p = spotPosition(
      [
        { id: 9, x: X0, y: 0 },
        { id: 10, x: X0, y: D },
      ],
      3,
    );
    expect(p.y).toBeCloseTo(-D, 12);
  });

  it("I20: the free place is computed exactly against a ball off the line (no steps)", () => {
    const dx = 0.03;
    const p = freePlaceOnLine([{ id: 9, x: X0 - dx, y: 0.01 }], X0);
    expect(p).not.toBeNull();
    const y = p!;
    expect(Math.hypot(dx, y - 0.01)).toBeCloseTo(D, 12);
    expect(y).toBeCloseTo(0.01 - Math.sqrt(D * D - dx * dx), 12);
  });

  it("I20: the line is usable for |y| <= W/2 - 3R, then the next line one diameter towards the head", () => {
    expect(SPOT_LINE_HALF_SPAN).toBeCloseTo(HALF_WIDTH - 3 * R, 12);
    // Fill the whole foot line with balls one clearance-diameter apart.
    const wall = [];
    for (let i = 0, y = -SPOT_LINE_HALF_SPAN; y <= SPOT_LINE_HALF_SPAN + D; i++, y += D * 0.999) {
      wall.push({ id: 100 + i, x: X0, y });
    }
    expect(freePlaceOnLine(wall, X0)).toBeNull();
    const p = spotPosition(wall, 3);
    expect(p.x).toBeCloseTo(X0 - 2 * R, 12);
    for (const b of wall) expect(Math.hypot(b.x - p.x, b.y - p.y)).toBeGreaterThanOrEqual(D - 1e-9);
  });

  it("I20: several balls are spotted one after another, each seeing the ones before", () => {
    const placed = spotBalls([{ id: 0, x: 0, y: 0 }], [3, 5, 9]);
    expect(placed.slice(1).map((b) => [b.id, Math.round(b.y / D)])).toEqual([
      [3, 0],
      [5, 1],
      [9, -1],
    ]);
  });

  it("clause 4, I20: a shot's balls go in the order they left play, then the penalty ball", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(5, "FR"), pocket(3, "FL"), hit(3, 0)), {
      shelves: [
        [1, 2, 4, 6, 8],
        [10, 11, 13, 14, 15],
      ],
    });
    expect(j.verdict.spotted).toEqual([5, 3, 8]);
    const at = (id: number) => j.position.table.find((b) => b.id === id)!;
    expect(at(5).y).toBe(0);
    expect(at(3).y).toBeCloseTo(D, 12);
    expect(at(8).y).toBeCloseTo(-D, 12);
  });
});
