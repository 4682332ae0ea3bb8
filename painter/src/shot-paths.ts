import { BALL_RADIUS, type BallPosition, type Point } from "@habibka/shared/table";
import { polyline, type TableContext } from "./canvas-context.ts";
import { withTableTransform } from "./draw-table.ts";
import type { Viewport } from "./viewport.ts";

/**
 * A played shot as one still picture: where each ball that moved ran, from where it stood at the stroke to
 * where it stopped. A still of the table at the stroke with the verdict's marks over it says nothing of how
 * the balls got to the cushions and pockets the marks point at; the paths do.
 */

export interface BallPath {
  readonly id: number;
  /** Its centre from the stroke to its rest (or the pocket), thinned to what a picture needs. */
  readonly points: readonly Point[];
  /** It left the table through a pocket or over the rail: no resting ring at its end. */
  readonly gone: boolean;
}

/** One ball's trace as the codec gives it: [t, x, y] samples. */
export interface TracedBall {
  readonly id: number;
  readonly points: readonly (readonly [number, number, number])[];
}

/** Samples closer than this to the last kept one add nothing a picture can show, metres. */
const THIN = 0.004;
/** A ball that moved less than this did not move, to the eye. */
const STILL = 0.005;

/** The paths of the balls that moved, from the shot's trace. */
export function pathsOfTrace(traces: readonly TracedBall[], gone: ReadonlySet<number> = new Set()): BallPath[] {
  const paths: BallPath[] = [];
  for (const trace of traces) {
    const kept: Point[] = [];
    for (const [, x, y] of trace.points) {
      const last = kept.at(-1);
      if (!last || Math.hypot(x - last.x, y - last.y) >= THIN) kept.push({ x, y });
    }
    const end = trace.points.at(-1);
    const lastKept = kept.at(-1);
    if (end && lastKept && (lastKept.x !== end[1] || lastKept.y !== end[2])) kept.push({ x: end[1], y: end[2] });
    const first = kept[0];
    const moved = first ? Math.max(...kept.map((p) => Math.hypot(p.x - first.x, p.y - first.y))) : 0;
    if (kept.length >= 2 && moved >= STILL) paths.push({ id: trace.id, points: kept, gone: gone.has(trace.id) });
  }
  return paths;
}

const CUE_PATH = "rgba(255,255,255,0.95)";
const BALL_PATH = "rgba(255,236,170,0.8)";

/**
 * The paths under the balls: the cue ball's solid, the others dashed, each ending in a ring where the ball
 * stopped (a dashed outline of a ball, so it is never taken for a ball still standing there).
 */
export function drawBallPaths(
  ctx: TableContext,
  viewport: Viewport,
  paths: readonly BallPath[],
  cue: number,
  rest: readonly BallPosition[] = [],
): void {
  const px = 1 / Math.max(viewport.scale, 1e-6);
  withTableTransform(ctx, viewport, () => {
    for (const path of paths) {
      const own = path.id === cue;
      ctx.globalAlpha = 1;
      polyline(ctx, path.points, own ? CUE_PATH : BALL_PATH, (own ? 2.5 : 2) * px, own ? [] : [7 * px, 5 * px]);
      if (path.gone) continue;
      const stop = rest.find((b) => b.id === path.id) ?? path.points.at(-1);
      if (!stop) continue;
      ctx.strokeStyle = own ? CUE_PATH : BALL_PATH;
      ctx.lineWidth = 1.5 * px;
      ctx.setLineDash([3 * px, 3 * px]);
      ctx.beginPath();
      ctx.arc(stop.x, stop.y, BALL_RADIUS, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.setLineDash([]);
    }
  });
}
