import type { BallPosition } from "../table/balls.ts";
import { CUSHION_IDS } from "../table/cushions.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import type { FullStroke } from "./decision.ts";
import { clampTip, isPushRisk } from "./execution-error.ts";
import { bankPoint, cushionLine, directionOf, distance, isPathClear, normaliseAngle } from "./geometry.ts";

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
function aimBeside(cue: BallPosition, object: BallPosition, offset: number): number {
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
  const kicks = kickStrokes(table, cues, objects);
  const direct: SafetyCandidate[] = [];
  const directCount = pairs.length === 0 ? 0 : count - Math.min(kicks.length, Math.ceil(count / 4));
  for (const variant of VARIANTS) {
    for (const { cue, object } of pairs) {
      if (direct.length >= directCount) break;
      const angle = aimBeside(cue, object, variant.thickness * 2 * R);
      const offset = clampTip({ x: 0, y: 0 }, isPushRisk({ cue: cue.id, angle }, table));
      direct.push({ table, stroke: { cue: cue.id, angle, speed: variant.speed, offset } });
    }
  }
  return [...direct, ...kicks.map((stroke) => ({ table, stroke }))].slice(0, count);
}

const KICK_SPEEDS = [2.5, 3.6] as const;

/**
 * Kicks [в отыгрыш от борта]: the cue ball off one cushion onto a ball it cannot reach straight (by the mirror
 * image of that ball in the cushion), for when every direct path is blocked, the coloured ball in the way.
 */
function kickStrokes(
  table: readonly BallPosition[],
  cues: readonly BallPosition[],
  objects: (cue: BallPosition) => readonly BallPosition[],
): FullStroke[] {
  const out: { stroke: FullStroke; length: number }[] = [];
  for (const cue of cues) {
    for (const object of objects(cue)) {
      if (object.id === cue.id || isPathClear(table, cue, object, [cue.id, object.id])) continue;
      for (const cushion of CUSHION_IDS) {
        const hit = bankPoint(cue, object, cushionLine(cushion));
        if (!hit) continue;
        if (!isPathClear(table, cue, hit, [cue.id]) || !isPathClear(table, hit, object, [cue.id, object.id])) continue;
        const angle = normaliseAngle(directionOf(cue, hit));
        const length = distance(cue, hit) + distance(hit, object);
        for (const speed of KICK_SPEEDS)
          out.push({ stroke: { cue: cue.id, angle, speed, offset: { x: 0, y: 0 } }, length });
      }
    }
  }
  return out
    .sort((a, b) => a.length - b.length || a.stroke.cue - b.stroke.cue || a.stroke.angle - b.stroke.angle)
    .map((k) => k.stroke);
}
