import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { angleOf, angleTowards, normaliseAngle } from "../src/game/aim-geometry.ts";

describe("angles as the protocol has them", () => {
  it("are degrees counter-clockwise from +x, in [0, 360)", () => {
    expect(angleOf(1, 0)).toBe(0);
    expect(angleOf(0, 1)).toBeCloseTo(90);
    expect(angleOf(-1, 0)).toBeCloseTo(180);
    expect(angleOf(0, -1)).toBeCloseTo(270);
    expect(angleTowards({ x: 1, y: 1 }, { x: 1, y: 3 })).toBeCloseTo(90);
  });
  it("normaliseAngle keeps any angle in [0, 360) and keeps its direction", () => {
    expect(normaliseAngle(-0.05)).toBeCloseTo(359.95);
    expect(normaliseAngle(360.05)).toBeCloseTo(0.05);
    fc.assert(
      fc.property(fc.double({ min: -1e4, max: 1e4, noNaN: true }), (a) => {
        const n = normaliseAngle(a);
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThan(360);
        expect(Math.cos((n * Math.PI) / 180)).toBeCloseTo(Math.cos((a * Math.PI) / 180), 6);
      }),
    );
  });
});
