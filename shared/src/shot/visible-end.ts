import type { BallTrace, TracePoint } from "./trace-codec.ts";

/**
 * Less than a pixel of a laptop-sized table (about 3.6 mm a pixel at 1,000 px for the 3.6 m bed): once
 * every ball is this close to where it stops, nothing left to animate can be seen.
 */
export const INVISIBLE_CREEP = 0.002;

/**
 * When a shot stops being worth watching: the earliest moment after which no ball comes to rest more than
 * `tolerance` metres from where it is. The simulation and the resting places are untouched; only the
 * animation (and the wait for it) ends at the last millimetres of a ball's creep.
 */
export function visibleEnd(traces: readonly BallTrace[], tolerance = INVISIBLE_CREEP): number {
  let end = 0;
  for (const trace of traces) end = Math.max(end, settledAt(trace.points, tolerance));
  return end;
}

function settledAt(points: readonly TracePoint[], tolerance: number): number {
  const last = points.at(-1);
  if (!last) return 0;
  const away = (p: TracePoint) => Math.hypot(p[1] - last[1], p[2] - last[2]) > tolerance;
  let i = points.length - 2;
  while (i >= 0 && !away(points[i]!)) i--;
  if (i < 0) return points[0]![0];
  // The ball crosses into the tolerance circle between samples i (outside) and i + 1 (inside).
  const from = points[i]!;
  const to = points[i + 1]!;
  let lo = 0;
  let hi = 1;
  for (let step = 0; step < 30; step++) {
    const s = (lo + hi) / 2;
    const at: TracePoint = [0, from[1] + (to[1] - from[1]) * s, from[2] + (to[2] - from[2]) * s];
    if (away(at)) lo = s;
    else hi = s;
  }
  return from[0] + (to[0] - from[0]) * hi;
}
