import { fitTable, toScreen, toTable } from "@habibka/painter";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loupeRadius, loupeViewport, placeLoupes } from "../src/table/loupe.ts";

const laptop = fitTable(930, 500);
const phone = fitTable(300, 560);

describe("the loupe's mapping", () => {
  it("draws its focus at its centre, magnified, in the table's own orientation", () => {
    for (const base of [laptop, phone]) {
      const loupe = { focus: { x: 1.2, y: -0.3 }, centreX: 60, centreY: 70, radius: 50, zoom: 5 };
      const inset = loupeViewport(base, loupe);
      const centre = toScreen(inset, 1.2, -0.3);
      expect(centre.px).toBeCloseTo(60, 9);
      expect(centre.py).toBeCloseTo(70, 9);
      // A step on the table moves five times as far in the loupe as on the table, the same way on screen.
      const onTable = [toScreen(base, 1.2, -0.3), toScreen(base, 1.21, -0.29)];
      const inLoupe = [centre, toScreen(inset, 1.21, -0.29)];
      expect(inLoupe[1]!.px - inLoupe[0]!.px).toBeCloseTo(5 * (onTable[1]!.px - onTable[0]!.px), 9);
      expect(inLoupe[1]!.py - inLoupe[0]!.py).toBeCloseTo(5 * (onTable[1]!.py - onTable[0]!.py), 9);
    }
  });

  it("maps back: a point in the loupe is the table point it shows (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1.7, max: 1.7, noNaN: true }),
        fc.double({ min: -0.85, max: 0.85, noNaN: true }),
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.double({ min: -40, max: 40, noNaN: true }),
        fc.boolean(),
        (x, y, dx, dy, rotated) => {
          const base = rotated ? phone : laptop;
          const inset = loupeViewport(base, { focus: { x, y }, centreX: 80, centreY: 80, radius: 60, zoom: 5 });
          const back = toTable(inset, 80 + dx, 80 + dy);
          const there = toScreen(inset, back.x, back.y);
          expect(there.px).toBeCloseTo(80 + dx, 6);
          expect(there.py).toBeCloseTo(80 + dy, 6);
          expect(Math.hypot(back.x - x, back.y - y) * base.scale * 5).toBeCloseTo(Math.hypot(dx, dy), 6);
        },
      ),
    );
  });

  it("places each loupe in a different corner, away from what it shows", () => {
    const ghost = { x: 1.5, y: 0.7, ...toScreen(laptop, 1.5, 0.7) };
    const pocket = { x: 1.75, y: 0.87, ...toScreen(laptop, 1.75, 0.87) };
    const [a, b] = placeLoupes(laptop, [ghost, pocket]);
    expect(a!.focus).toEqual({ x: 1.5, y: 0.7 });
    // The ghost ball is near the top-right corner: its loupe goes to the bottom-left.
    expect(a!.centreX).toBeLessThan(laptop.width / 2);
    expect(a!.centreY).toBeGreaterThan(laptop.height / 2);
    expect([b!.centreX, b!.centreY]).not.toEqual([a!.centreX, a!.centreY]);
    const r = loupeRadius(laptop);
    for (const l of [a!, b!]) {
      expect(Math.hypot(l.centreX - ghost.px, l.centreY - ghost.py)).toBeGreaterThan(r);
      expect(l.radius).toBe(r);
    }
  });
});
