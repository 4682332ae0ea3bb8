import type { Point } from "@habibka/shared/table";

/**
 * Plane geometry of aiming in table coordinates (metres, I1; angles as the protocol has them, degrees
 * counter-clockwise from +x). The guide itself is shot-guide.ts.
 */

/** A ball as the guide sees it: where it stands (the shared table's Point), and which it is. */
export interface Circle extends Point {
  readonly id: number;
}

/** The protocol's angle of a direction, in [0, 360). */
export function angleOf(dx: number, dy: number): number {
  const degrees = (Math.atan2(dy, dx) * 180) / Math.PI;
  return degrees < 0 ? degrees + 360 : degrees;
}

/** Keeps an angle in [0, 360) so that fine steps never wander outside the protocol's range. */
export function normaliseAngle(degrees: number): number {
  const a = degrees % 360;
  const r = a < 0 ? a + 360 : a;
  // A tiny negative angle rounds up to 360 itself.
  return r >= 360 ? 0 : r;
}

/** Angle that sends the cue ball straight at a point (e.g. a tapped ball's centre). */
export function angleTowards(from: Point, to: Point): number {
  return angleOf(to.x - from.x, to.y - from.y);
}
