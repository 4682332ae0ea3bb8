import type { BallPosition } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import type { FullStroke } from "./decision.ts";
import { clampTip, isPushRisk } from "./execution-error.ts";
import { directionOf, distance, isPathClear, normaliseAngle } from "./geometry.ts";

/**
 * Strokes meant to satisfy the safety rule (clause 3) and leave little: the cue ball sent at a ball it can
 * reach clear of the others (never the coloured ball outside last-ball play), full, half or thin, soft or firm.
 * The simulator and the rules then say which are fair and what each leaves.
 */

const R = BALL_RADIUS;

/** How full the cue ball meets the object ball (the fraction of a diameter off the line of centres) and how hard. */
const VARIANTS = [
  { thickness: 0.55, speed: 2.2 },
  { thickness: -0.55, speed: 2.2 },
  { thickness: 0, speed: 3 },
  { thickness: 0.85, speed: 1.6 },
  { thickness: -0.85, speed: 1.6 },
  { thickness: 0.3, speed: 4.2 },
  { thickness: -0.3, speed: 4.2 },
  { thickness: 0, speed: 1.4 },
] as const;

export interface SafetyCandidate {
  /** The table at the stroke (for the opening: with the ball in hand placed). */
  readonly table: readonly BallPosition[];
  readonly stroke: FullStroke;
}

/** The stroke direction that passes the cue ball's centre `offset` metres beside the object ball's centre. */
export function aimBeside(cue: BallPosition, object: BallPosition, offset: number): number {
  const d = distance(cue, object);
  return normaliseAngle(directionOf(cue, object) + (Math.asin(Math.max(-1, Math.min(1, offset / d))) * 180) / Math.PI);
}

/**
 * Up to `count` safety strokes. Each cue ball is paired with the nearest balls it can reach; the variants are
 * dealt round the pairs, nearest pair first, so a small count still spreads over the cue balls.
 */
export function safetyCandidates(
  table: readonly BallPosition[],
  cues: readonly BallPosition[],
  objects: (cue: BallPosition) => readonly BallPosition[],
  count: number,
  pairsPerCue = 2,
): SafetyCandidate[] {
  const pairs: { cue: BallPosition; object: BallPosition; gap: number }[] = [];
  for (const cue of cues) {
    const reachable = objects(cue)
      .filter((o) => o.id !== cue.id && isPathClear(table, cue, o, [cue.id, o.id], -0.5 * R))
      .sort((a, b) => distance(cue, a) - distance(cue, b) || a.id - b.id)
      .slice(0, pairsPerCue);
    for (const object of reachable) pairs.push({ cue, object, gap: distance(cue, object) });
  }
  pairs.sort((a, b) => a.gap - b.gap || a.cue.id - b.cue.id || a.object.id - b.object.id);
  const out: SafetyCandidate[] = [];
  for (const variant of VARIANTS) {
    for (const { cue, object } of pairs) {
      if (out.length >= count) return out;
      const angle = aimBeside(cue, object, variant.thickness * 2 * R);
      const offset = clampTip({ x: 0, y: 0 }, isPushRisk({ cue: cue.id, angle }, table));
      out.push({ table, stroke: { cue: cue.id, angle, speed: variant.speed, offset } });
    }
  }
  return out;
}
