import { type Stroke, strokeDirection } from "../shot/stroke.ts";
import type { BallPosition } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { ballOnTable } from "./position.ts";

/** I17: the club test for a push-through [пропих] applies when the gap is at most R/2 ... */
export const PUSH_MAX_GAP = BALL_RADIUS / 2;
/** ... and the stroke is within 45° (inclusive) of the line of centres. */
export const PUSH_MAX_ANGLE_DEG = 45;
const PUSH_MAX_COSINE = strokeDirection(PUSH_MAX_ANGLE_DEG).dx;

/**
 * Emulated push-through (I17). The stroke here is an impulse, so a real push cannot happen; the club
 * test stands in for it: on a ball that close and that full, follow can only come from pushing through.
 * Read from the stroke and the table before the shot; `firstStruck` is the ball the cue ball hit first.
 */
export function isPushThrough(stroke: Stroke, before: readonly BallPosition[], firstStruck: number | null): boolean {
  if (firstStruck === null) return false;
  const cue = ballOnTable(before, stroke.cue);
  const object = ballOnTable(before, firstStruck);
  if (!cue || !object) return false;
  const dx = object.x - cue.x;
  const dy = object.y - cue.y;
  const distance = Math.hypot(dx, dy);
  const gap = distance - 2 * BALL_RADIUS;
  if (gap > PUSH_MAX_GAP + 1e-12) return false;
  const direction = strokeDirection(stroke.angle);
  const cosine = (direction.dx * dx + direction.dy * dy) / distance;
  // A tiny tolerance keeps an exact 45° stroke inside, as I17 says "inclusive".
  if (cosine < PUSH_MAX_COSINE - 1e-12) return false;
  return (stroke.offset?.y ?? 0) > 0;
}
