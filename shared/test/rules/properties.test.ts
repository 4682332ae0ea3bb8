import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/random.ts";
import { validateCall } from "../../src/rules/call.ts";
import { isLastBallPlay } from "../../src/rules/last-ball.ts";
import type { Pair } from "../../src/rules/position.ts";
import { judgeShot } from "../../src/rules/verdict.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { BALL_RADIUS } from "../../src/table/dimensions.ts";
import { pick, randomSpot, syntheticShot } from "./arbitrary.ts";
import { checkInvariants } from "./invariants.ts";

const WHITES = Array.from({ length: 15 }, (_, i) => i + 1);

/** A random match position: every white ball on the table or on one shelf, no shelf at eight yet. */
function randomPosition(seed: number) {
  const random = seededRandom(seed);
  const shelves: [number[], number[]] = [[], []];
  const table: BallPosition[] = [];
  for (const id of WHITES) {
    const r = random();
    if (r < 0.3 && shelves[0].length < 7) shelves[0].push(id);
    else if (r < 0.6 && shelves[1].length < 7) shelves[1].push(id);
    else table.push(randomSpot(random, id));
  }
  if (table.length === 0) table.push(randomSpot(random, shelves[0].pop()!));
  const coloured = random();
  if (coloured < 0.6) table.push({ id: 0, x: 0, y: 0 });
  else if (coloured < 0.85) table.push(randomSpot(random, 0));
  const debts: Pair<number> = [
    shelves[0].length === 0 ? Math.floor(random() * 3) : 0,
    shelves[1].length === 0 ? Math.floor(random() * 3) : 0,
  ];
  return { random, table, shelves: shelves as Pair<number[]>, debts };
}

describe("rules invariants over random synthetic shots (fast-check)", () => {
  it("all 15 white balls stay on the table or on exactly one shelf; debts >= 0; a shelf passes seven only by the winning shot (eight, or nine on a double call); the coloured ball reaches a shelf only as a last-ball winner", () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 1 }), (seed, striker) => {
        const { random, table, shelves, debts } = randomPosition(seed);
        const whites = table.filter((b) => b.id !== 0).map((b) => b.id);
        const cue = random() < 0.05 && table.some((b) => b.id === 0) ? 0 : pick(random, whites);
        const s = syntheticShot(random, table, cue);
        const lastBall = isLastBallPlay(table, shelves);
        const call = validateCall(s.call, { table, lastBall });
        const j = judgeShot({
          position: { table, shelves, debts },
          striker: striker as 0 | 1,
          stroke: { cue, angle: random() * 360, speed: 2, offset: { x: 0, y: random() - 0.5 } },
          call: call.ok ? call.value : [],
          opening: false,
          events: s.events,
          rest: s.rest,
        });
        const v = j.verdict;
        checkInvariants(j.position.table, j.position.shelves, j.position.debts, v.winner);
        if (v.winner === null && !lastBall) expect(j.position.shelves.flat()).not.toContain(0);
        if (v.foul) {
          expect(v.counted).toEqual([]);
          expect(v.next).toEqual({ player: 1 - striker, mayPass: true });
        }
        if (v.penalty === "shelf") expect(v.spotted.at(-1)).toBe(shelves[striker as 0 | 1].at(-1));
        // Spotted balls never overlap another ball.
        for (const id of v.spotted) {
          const b = j.position.table.find((p) => p.id === id)!;
          for (const o of j.position.table) {
            if (o.id !== id) expect(Math.hypot(o.x - b.x, o.y - b.y)).toBeGreaterThanOrEqual(2 * BALL_RADIUS);
          }
        }
        expect(v.shelf).toEqual([j.position.shelves[0].length, j.position.shelves[1].length]);
      }),
      { numRuns: 400 },
    );
  });
});
