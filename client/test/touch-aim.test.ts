import { MAX_STROKE_SPEED } from "@habibka/shared";
import type { Point } from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pocketNear } from "../src/game/hit-test.ts";
import {
  type GestureContext,
  type GestureEffect,
  type GestureEvent,
  type GestureState,
  gesture,
  IDLE,
  POWER_PER_PX,
} from "../src/game/pointer-gesture.ts";
import { MIN_SPEED } from "../src/game/stroke-limits.ts";

/**
 * The finger on the table, as properties: every small turn of a drag counts, the farther from the cue
 * ball the finer, and the power pull moves 0.02 m/s a pixel from the power set. The context is left as it
 * was at the press (the angle shown does not follow the drag), as when moves come faster than renders.
 */

const PIXEL = 0.004;
const CUE: Point = { x: -0.9, y: 0.1 };

function context(angle: number, speed = 2.5, balls: GestureContext["balls"] = []): GestureContext {
  return { cue: CUE, angle, speed, balls, placing: false, pending: false, pixel: PIXEL };
}

function run(events: readonly GestureEvent[], ctx: GestureContext) {
  let state: GestureState = IDLE;
  const effects: GestureEffect[] = [];
  for (const event of events) {
    const step = gesture(state, event, ctx);
    state = step.state;
    effects.push(...step.effects);
  }
  return effects;
}

const around = (bearing: number, radiusPx: number): Point => ({
  x: CUE.x + radiusPx * PIXEL * Math.cos((bearing * Math.PI) / 180),
  y: CUE.y + radiusPx * PIXEL * Math.sin((bearing * Math.PI) / 180),
});

/** The finger's arc round the cue ball: pressed at `from`, moved in `steps` equal parts by `arc` degrees. */
function arc(from: number, arcDegrees: number, radiusPx: number, steps: number): GestureEvent[] {
  const points = Array.from({ length: steps + 1 }, (_, i) => around(from + (arcDegrees * i) / steps, radiusPx));
  return [
    { kind: "down", at: points[0]!, device: "touch" },
    ...points.slice(1).map((at) => ({ kind: "move", at }) as const),
    { kind: "up", at: points.at(-1)! },
  ];
}

const lastAim = (effects: readonly GestureEffect[]) =>
  (effects.filter((e) => e.kind === "aim").at(-1) as { angle: number } | undefined)?.angle;

const turnOf = (from: number, to: number) => ((((to - from) % 360) + 540) % 360) - 180;

describe("the finger's aim and power", () => {
  it("honours every small turn: a 0.05–5° arc at 60–300 px turns the aim by that arc, in 1–20 moves", () => {
    let asserted = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0.05, max: 5, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 60, max: 300 }),
        fc.integer({ min: 1, max: 20 }),
        (angle, bearing, size, clockwise, radius, steps) => {
          const events = arc(bearing, clockwise ? -size : size, radius, steps);
          // Off a pocket's reach the press is on bare cloth (no balls here but the cue ball).
          fc.pre(pocketNear(events[0]!.at, Math.max(0.12, 26 * PIXEL)) === null);
          const aimed = lastAim(run(events, context(angle)));
          expect(aimed).toBeDefined();
          expect(turnOf(angle, aimed!)).toBeCloseTo(clockwise ? -size : size, 6);
          asserted++;
        },
      ),
      { numRuns: 300 },
    );
    expect(asserted).toBeGreaterThan(200);
  });

  it("a 2° arc at 200 px (7 px of travel) turns the aim 2°", () => {
    const aimed = lastAim(run(arc(90, 2, 200, 7), context(0)));
    expect(aimed).toBeCloseTo(2, 6);
  });

  it("turns finer the farther the finger: s px across the line at r px is s/r radians", () => {
    let asserted = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 250 }),
        fc.integer({ min: 1, max: 200 }),
        fc.double({ min: 1, max: 10, noNaN: true }),
        (near, farther, travel) => {
          const turnAt = (r: number) => {
            // Straight across the line, `travel` pixels, pressed at the foot of the line (bearing 0).
            const start = around(0, r);
            const end = { x: start.x, y: start.y + travel * PIXEL };
            return lastAim(
              run(
                [
                  { kind: "down", at: start, device: "touch" },
                  { kind: "move", at: end },
                ],
                context(0),
              ),
            )!;
          };
          const a = turnAt(near);
          const b = turnAt(near + farther);
          expect(b).toBeLessThan(a);
          expect(a).toBeCloseTo((Math.atan(travel / near) * 180) / Math.PI, 6);
          asserted++;
        },
      ),
      { numRuns: 200 },
    );
    expect(asserted).toBe(200);
  });

  it("pulls the power from where it was, 0.02 m/s a pixel back, within the stroke's limits", () => {
    let asserted = 0;
    fc.assert(
      fc.property(
        fc.double({ min: MIN_SPEED, max: MAX_STROKE_SPEED, noNaN: true }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: -300, max: 300, noNaN: true }),
        (speed, angle, pixels) => {
          // The first pixels back grab the pull; then it may go either way.
          const grab = around(angle + 180, 8);
          const end = around(angle + 180, pixels);
          const effects = run(
            [
              { kind: "down", at: CUE, device: "touch" },
              { kind: "move", at: grab },
              { kind: "move", at: end },
            ],
            context(angle, speed, [{ id: 1, ...CUE }]),
          );
          const power = effects.filter((e) => e.kind === "power").at(-1) as { speed: number };
          const want = Math.min(MAX_STROKE_SPEED, Math.max(MIN_SPEED, speed + pixels * POWER_PER_PX));
          expect(power.speed).toBeCloseTo(want, 9);
          asserted++;
        },
      ),
      { numRuns: 300 },
    );
    expect(asserted).toBe(300);
    expect(POWER_PER_PX).toBe(0.02);
  });

  it("a press on a ball stays a tap below 6 px, and past it the whole travel counts", () => {
    const ball = { id: 5, ...around(90, 200) };
    const ctx = context(0, 2.5, [{ id: 1, ...CUE }, ball]);
    const wobble = run(arc(90, 1.4, 200, 4), ctx);
    expect(wobble.map((e) => e.kind)).toEqual(["tap-ball"]);
    expect(lastAim(run(arc(90, 2, 200, 4), ctx))).toBeCloseTo(2, 6);
  });
});
