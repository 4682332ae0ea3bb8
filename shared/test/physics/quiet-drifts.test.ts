import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createBall } from "../../src/physics/ball.ts";
import { canBallStandAt } from "../../src/physics/boundary.ts";
import { evolveOnCloth, speedBound } from "../../src/physics/cloth.ts";
import { R } from "../../src/physics/constants.ts";
import type { ContactFinder } from "../../src/physics/contact.ts";
import { exactContacts } from "../../src/physics/exact-contacts.ts";
import { runToRest, STEP, stepWorld } from "../../src/physics/step.ts";
import { createWorld, restPositions, strike, traces, type World } from "../../src/physics/world.ts";
import type { Stroke } from "../../src/shot/stroke.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";

/**
 * The exact engine skips its contact search in drifts it can promise to find nothing in (exact-contacts.ts,
 * `quietDrifts`): from each ball's speed bound and its distance to every other ball and rail piece. That is
 * only an optimisation if it changes nothing, which these check: the promise holds drift by drift, and whole
 * shots come out bit for bit the same with and without it.
 */

/** Uniform on [min, max] in a million steps (fast-check's doubles crowd near zero). */
const uniform = (min: number, max: number) =>
  fc.integer({ min: 0, max: 1_000_000 }).map((k) => min + ((max - min) * k) / 1_000_000);

/** Up to all sixteen balls, anywhere a ball may stand (in a pocket's mouth too), none overlapping. */
const table = fc
  .array(fc.record({ x: uniform(-HALF_LENGTH, HALF_LENGTH), y: uniform(-HALF_WIDTH, HALF_WIDTH) }), {
    minLength: 2,
    maxLength: 60,
  })
  .map((points) => {
    const balls: BallPosition[] = [];
    for (const p of points) {
      if (balls.length === 16) break;
      if (!canBallStandAt(p.x, p.y) || balls.some((b) => Math.hypot(b.x - p.x, b.y - p.y) < 2 * R)) continue;
      balls.push({ id: balls.length, ...p });
    }
    return balls;
  })
  .filter((balls) => balls.length >= 2);

/** Any stroke a player can give: every direction, soft to hard, any tip offset. */
const stroke = fc.record({
  cue: fc.nat(),
  angle: uniform(-180, 180),
  speed: uniform(0.2, 8),
  offset: fc.record({ x: uniform(-0.5, 0.5), y: uniform(-0.5, 0.5) }),
});

/** The exact finder without its promise, counting its searches. */
function searchingAlways(): ContactFinder & { searches: number } {
  const finder = {
    searches: 0,
    earliest: (balls: Parameters<ContactFinder["earliest"]>[0], limit: number) => {
      finder.searches++;
      return exactContacts.earliest(balls, limit);
    },
  };
  return finder;
}

function shot(balls: readonly BallPosition[], s: Stroke, finder?: ContactFinder): World {
  const world = createWorld(balls, { trace: true });
  const played = finder ? { ...world, finder } : world;
  strike(played, [s]);
  runToRest(played);
  return played;
}

describe("the exact engine's quiet drifts", () => {
  it("leave every shot as it was: the same events, resting places and traces, bit for bit", () => {
    let searchedAlways = 0;
    let searchedWithPromise = 0;
    fc.assert(
      fc.property(table, stroke, (balls, s) => {
        const cued = { ...s, cue: balls[s.cue % balls.length]!.id };
        const quiet = shot(balls, cued);
        const counting = searchingAlways();
        const plain = shot(balls, cued, counting);
        expect(quiet.events).toEqual(plain.events);
        expect(restPositions(quiet)).toEqual(restPositions(plain));
        expect(traces(quiet)).toEqual(traces(plain));
        expect(quiet.steps).toBe(plain.steps);
        searchedAlways += counting.searches;
        // The same drifts again, counting only the searches the promise left.
        const counted = searchingAlways();
        const withPromise = shot(balls, cued, { ...counted, quietDrifts: exactContacts.quietDrifts });
        searchedWithPromise += counted.searches;
        expect(withPromise.events).toEqual(plain.events);
      }),
      { seed: 2026, numRuns: 150 },
    );
    // Not a figure to hold, only a sign that drifts are skipped at all.
    expect(searchedWithPromise).toBeLessThan(searchedAlways);
  });

  it("promise only drifts in which the search finds nothing", () => {
    fc.assert(
      fc.property(
        table,
        fc.array(stroke, { minLength: 1, maxLength: 4 }),
        fc.nat({ max: 400 }),
        (balls, strokes, skip) => {
          // Set several balls moving at once, and look at the table some steps into the shot.
          const world = createWorld(balls);
          const struck = new Set<number>();
          const cued = strokes
            .map((s) => ({ ...s, cue: balls[s.cue % balls.length]!.id }))
            .filter((s) => !struck.has(s.cue) && struck.add(s.cue));
          strike(world, cued);
          for (let k = 0; k < skip; k++) stepWorld(world);
          const promised = exactContacts.quietDrifts!(world.balls, STEP);
          const counting = searchingAlways();
          const plain = { ...world, finder: counting };
          let found = 0;
          const earliest = counting.earliest;
          counting.earliest = (b, limit) => {
            const contact = earliest(b, limit);
            if (contact) found++;
            return contact;
          };
          for (let k = 0; k < Math.min(promised, 300); k++) stepWorld(plain);
          expect(found).toBe(0);
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it("rest on a speed bound that cloth friction never exceeds, whatever the spin", () => {
    fc.assert(
      fc.property(
        uniform(-8, 8),
        uniform(-8, 8),
        uniform(-400, 400),
        uniform(-400, 400),
        uniform(-400, 400),
        fc.array(uniform(0, 0.05), { minLength: 1, maxLength: 200 }),
        (vx, vy, wx, wy, wz, spans) => {
          const ball = createBall(1, 0, 0);
          Object.assign(ball, { vx, vy, wx, wy, wz });
          let bound = speedBound(ball);
          for (const span of spans) {
            evolveOnCloth(ball, span);
            const speed = Math.hypot(ball.vx, ball.vy);
            expect(speed).toBeLessThanOrEqual(bound);
            const next = speedBound(ball);
            expect(next).toBeLessThanOrEqual(bound);
            bound = next;
          }
        },
      ),
      { seed: 11, numRuns: 2000 },
    );
  });

  it("are promised out in the open and refused at a touching pair", () => {
    const rolling = createBall(1, 0, 0);
    rolling.vx = 0.5;
    rolling.wy = 0.5 / R;
    const far = createBall(2, -1, 0.5);
    // 0.5 m/s, about a metre from anything it can reach: dozens of steps with nothing to find.
    expect(exactContacts.quietDrifts!([rolling, far], STEP)).toBeGreaterThan(20);
    const touching = createBall(2, 2 * R + 1e-6, 0);
    expect(exactContacts.quietDrifts!([rolling, touching], STEP)).toBe(0);
  });
});
