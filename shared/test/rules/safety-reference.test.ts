import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/random.ts";
import { analyseSafety, type SafetyCondition } from "../../src/rules/safety-rule.ts";
import { readShotLog } from "../../src/rules/shot-queries.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import { tableHalf } from "../../src/table/regions.ts";
import { randomSpot, syntheticShot } from "./arbitrary.ts";

/**
 * A deliberately naive reading of clause 3 (every combination of events, straight from the text and I23),
 * to check the fast search in safety-rule.ts against. Conditions a and b are shared logic and left out.
 */
function reference(events: readonly ShotEvent[], cue: number): Set<SafetyCondition> {
  const log = readShotLog(events, cue).events;
  const found = new Set<SafetyCondition>();
  const first = log.findIndex((e) => e.type === "collision" && (e.a === cue || e.b === cue));
  if (first < 0) return found;
  const after = (i: number) => log.map((e, j) => [e, j] as const).filter(([, j]) => j > i);
  const cushionsOf = (ball: number, i: number) =>
    after(i).filter(([e]) => e.type === "cushion" && e.ball === ball) as [
      Extract<ShotEvent, { type: "cushion" }>,
      number,
    ][];
  const crossingsOf = (ball: number, i: number) =>
    after(i).filter(([e]) => e.type === "centre-line" && e.ball === ball);
  const hitsOf = (ball: number, i: number) =>
    after(i).filter(([e]) => e.type === "collision" && (e.a === ball || e.b === ball)) as [
      Extract<ShotEvent, { type: "collision" }>,
      number,
    ][];
  const other = (e: Extract<ShotEvent, { type: "collision" }>, ball: number) => (e.a === ball ? e.b : e.a);
  const balls = new Set(
    log.flatMap((e) => (e.type === "collision" ? [e.a, e.b] : e.type === "strike" ? [] : [e.ball])),
  );
  for (const b of balls) {
    for (const [c1, i] of cushionsOf(b, first)) {
      if (cushionsOf(b, i).some(([c2]) => c2.cushion !== c1.cushion)) found.add("c");
      if (crossingsOf(b, i).length > 0) found.add("e");
      for (const [h, k] of hitsOf(b, i)) {
        const d = other(h, b);
        if (cushionsOf(d, k).some(([c2]) => c2.cushion !== c1.cushion)) found.add("d");
        if (crossingsOf(d, k).length > 0) found.add("f");
        const half = tableHalf(c1);
        for (const [t] of hitsOf(d, k)) {
          const e3 = other(t, d);
          const at = t.a === e3 ? { x: t.ax, y: t.ay } : { x: t.bx, y: t.by };
          if (half !== 0 && tableHalf(at) === -half) found.add("f");
        }
      }
    }
    for (const [, i] of crossingsOf(b, first)) {
      if (cushionsOf(b, i).length > 0) found.add("g");
      for (const [h, k] of hitsOf(b, i)) {
        const d = other(h, b);
        if (cushionsOf(d, k).length > 0) found.add("h");
        for (const [t, m] of hitsOf(d, k)) {
          const e3 = other(t, d);
          if (e3 !== b && cushionsOf(e3, m).length > 0) found.add("i");
        }
      }
    }
  }
  return found;
}

describe("analyseSafety agrees with a naive reading of clause 3 (fast-check)", () => {
  it("clause 3c–3i: the fast chain search finds exactly the conditions an exhaustive search finds", () => {
    const seen = new Set<SafetyCondition>();
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const random = seededRandom(seed);
        const table = [0, 3, 5, 7, 9, 12].map((id) => randomSpot(random, id));
        const s = syntheticShot(random, table, 7, { scoring: 0, events: 14 });
        const fast = analyseSafety(readShotLog(s.events, 7), table, s.rest)
          .proofs.map((p) => p.condition)
          .filter((c) => c !== "a" && c !== "b");
        expect(fast).toEqual([...reference(s.events, 7)].sort());
        for (const c of fast) seen.add(c);
      }),
      { numRuns: 1500 },
    );
    // The random logs must reach every chain for the comparison to mean anything.
    expect([...seen].sort()).toEqual(["c", "d", "e", "f", "g", "h", "i"]);
  });
});
