import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openingBreak } from "../../src/physics/index.ts";
import { runToRest } from "../../src/physics/step.ts";
import { createWorld, strike, TRACE_TOLERANCE, traces } from "../../src/physics/world.ts";
import { type BallTrace, decodeTrace, encodeTrace, traceAt, traceStarts } from "../../src/shot/trace-codec.ts";
import { ENGINES, watch } from "./helpers.ts";

/** The contract's bound: linear interpolation of the trace stays within 1 mm of the simulated path. */
const CONTRACT_TOLERANCE = 0.001;

function worstError(trace: BallTrace, path: readonly (readonly [number, number, number])[]): number {
  let worst = 0;
  for (const [t, x, y] of path) {
    const p = traceAt(trace, t);
    worst = Math.max(worst, Math.hypot(p.x - x, p.y - y));
  }
  return worst;
}

describe.each(ENGINES)("trace on the %s engine: error-bounded samples, compact in binary form", (engine) => {
  it.each([2, 8, 12])(
    "the %s m/s break's trace interpolates every ball's path within 1 mm, raw and decoded",
    (speed) => {
      const input = openingBreak(speed, 2);
      const world = createWorld(input.balls, { trace: true, engine });
      const { watcher, paths } = watch(world);
      strike(world, input.strokes);
      runToRest(world, watcher);
      const raw = traces(world);
      const decoded = decodeTrace(encodeTrace(raw));
      expect(decoded.map((t) => t.id)).toEqual(raw.map((t) => t.id));
      for (const [k, trace] of raw.entries()) {
        const i = world.balls.findIndex((b) => b.id === trace.id);
        // The simulated path is piecewise linear between these vertices (step ends and contacts).
        const path = paths[i]!;
        expect(worstError(trace, path)).toBeLessThanOrEqual(TRACE_TOLERANCE + 1e-12);
        expect(worstError(decoded[k]!, path)).toBeLessThanOrEqual(CONTRACT_TOLERANCE);
        // First sample: the position at t = 0; last: where the ball stopped, dropped or left.
        const start = input.balls.find((b) => b.id === trace.id)!;
        expect(trace.points[0]).toEqual([0, start.x, start.y]);
        const end = path[path.length - 1]!;
        expect(trace.points[trace.points.length - 1]).toEqual(end);
        expect(trace.points.every((p, n) => n === 0 || trace.points[n - 1]![0] <= p[0])).toBe(true);
      }
      // Only balls that moved are traced; the coloured ball on the centre mark is not hit by this break's cue ball
      // before the rack, and compactness: far fewer samples than steps.
      const samples = raw.reduce((sum, t) => sum + t.points.length, 0);
      expect(samples).toBeLessThan(world.steps * raw.length);
    },
  );

  it("is compact: a 12 m/s break encodes in a few kilobytes", () => {
    const input = openingBreak(12, 4, true);
    const world = createWorld(input.balls, { trace: true, engine });
    strike(world, input.strokes);
    runToRest(world);
    const bytes = encodeTrace(traces(world));
    expect(bytes.length).toBeLessThan(16_000);
  });
});

describe("the binary form of a trace (no physics)", () => {
  it("round-trips through the binary form within its quantisation (10 µs, 0.05 mm)", () => {
    const traceIn: BallTrace[] = [
      { id: 0, points: [[0, 0, 0]] },
      {
        id: 15,
        points: [
          [0, -1.7411, 0.8533],
          [0.0123456, -1.2, -0.85],
          [3.5, 1.77, 0.0001],
          [120.25, 1.7, -0.8],
        ],
      },
    ];
    const bytes = encodeTrace(traceIn);
    expect(bytes).toBeInstanceOf(Uint8Array);
    const out = decodeTrace(bytes);
    expect(out.map((t) => t.id)).toEqual([0, 15]);
    for (const [k, trace] of traceIn.entries()) {
      for (const [n, [t, x, y]] of trace.points.entries()) {
        const [dt, dx, dy] = out[k]!.points[n]!;
        expect(Math.abs(dt - t)).toBeLessThanOrEqual(5e-6 + 1e-12);
        expect(Math.abs(dx - x)).toBeLessThanOrEqual(2.5e-5 + 1e-12);
        expect(Math.abs(dy - y)).toBeLessThanOrEqual(2.5e-5 + 1e-12);
      }
    }
  });

  it("rejects damaged data instead of decoding garbage", () => {
    const bytes = encodeTrace([
      {
        id: 3,
        points: [
          [0, 1, 1],
          [1, 0, 0],
        ],
      },
    ]);
    expect(() => decodeTrace(bytes.slice(0, bytes.length - 1))).toThrow(/truncated/);
    expect(() => decodeTrace(new Uint8Array([9, 0]))).toThrow(/version/);
    expect(() => decodeTrace(new Uint8Array([...bytes, 0]))).toThrow(/trailing/);
  });

  it("gives each ball's first sample as the full decoding does, and refuses what it refuses", () => {
    const sample = fc.tuple(
      fc.double({ min: 0, max: 60, noNaN: true }),
      fc.double({ min: -2, max: 2, noNaN: true }),
      fc.double({ min: -1, max: 1, noNaN: true }),
    );
    const ball = fc.record({ id: fc.integer({ min: 0, max: 15 }), points: fc.array(sample, { maxLength: 12 }) });
    fc.assert(
      fc.property(fc.array(ball, { maxLength: 16 }), fc.nat(), (balls, cut) => {
        const bytes = encodeTrace(balls);
        const full = decodeTrace(bytes);
        expect(traceStarts(bytes)).toEqual(full.map(({ id, points }) => ({ id, points: points.slice(0, 1) })));
        const damaged = bytes.slice(0, cut % bytes.length);
        let refusal: unknown = null;
        try {
          decodeTrace(damaged);
        } catch (error) {
          refusal = (error as Error).message;
        }
        if (refusal === null) expect(traceStarts(damaged)).toHaveLength(decodeTrace(damaged).length);
        else expect(() => traceStarts(damaged)).toThrow(refusal as string);
      }),
    );
  });
});
