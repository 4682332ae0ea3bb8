import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeTrace, openingBreak, simulate, simulateForTable } from "../../src/physics/index.ts";
import { visibleEnd } from "../../src/shot/visible-end.ts";

/** The table's form of a simulation: the same judgement, the paths as the codec's bytes, the same length. */
describe("simulateForTable", () => {
  it("keeps the simulation's events and rest, its trace encoded and its visible length", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0.5, max: 7, noNaN: true }),
        fc.integer({ min: 1, max: 1000 }),
        (angle, speed, seed) => {
          // A racked table with a white ball in hand, struck any way at all.
          const rack = openingBreak(speed, seed, true);
          const input = { ...rack, strokes: [{ ...rack.strokes[0]!, angle }] };
          const full = simulate(input);
          const table = simulateForTable(input);
          expect(table.events).toEqual(full.events);
          expect(table.rest).toEqual(full.rest);
          expect(table.duration).toBe(visibleEnd(full.trace ?? []));
          const decoded = decodeTrace(table.trace);
          expect(decoded.map((t) => t.id)).toEqual((full.trace ?? []).map((t) => t.id));
          for (const [i, trace] of decoded.entries()) {
            const points = full.trace![i]!.points;
            expect(trace.points.length).toBe(points.length);
            for (const [k, [t, x, y]] of trace.points.entries()) {
              expect(Math.abs(t - points[k]![0])).toBeLessThan(1e-5);
              expect(Math.hypot(x - points[k]![1], y - points[k]![2])).toBeLessThan(1e-4);
            }
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
