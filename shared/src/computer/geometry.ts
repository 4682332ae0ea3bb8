import type { BallPosition } from "../table/balls.ts";
import { CUSHIONS, type CushionId } from "../table/cushions.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import type { Point } from "../table/marks.ts";
import { POCKETS, type PocketId } from "../table/pockets.ts";

/**
 * Plane geometry of aiming: the ghost ball, the cut angle, the mirror image of a pocket in a cushion, and clear
 * paths. Angles in degrees, counter-clockwise from +x, as strokes are given.
 */

const R = BALL_RADIUS;
const DEGREES = 180 / Math.PI;

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y);
}

export function directionOf(from: Point, to: Point): number {
  return Math.atan2(to.y - from.y, to.x - from.x) * DEGREES;
}

export function unit(from: Point, to: Point): Point {
  const length = distance(from, to);
  return { x: (to.x - from.x) / length, y: (to.y - from.y) / length };
}

/** An angle in [0, 360). */
export function normaliseAngle(angle: number): number {
  const wrapped = angle % 360;
  return wrapped < 0 ? wrapped + 360 : wrapped;
}

/** The smallest difference between two directions, degrees in [0, 180]. */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs(normaliseAngle(a - b));
  return d > 180 ? 360 - d : d;
}

/**
 * Where the cue ball's centre must be at contact to send a ball at `object` towards `target`: one diameter
 * behind the object ball on the line from the target through it.
 */
export function ghostBall(object: Point, target: Point): Point {
  const u = unit(target, object);
  return { x: object.x + u.x * 2 * R, y: object.y + u.y * 2 * R };
}

/**
 * The cut angle: between the cue ball's path to the ghost ball and the object ball's path to its target
 * (0 for a full-ball hit; near 90 the object ball barely moves).
 */
export function cutAngle(cue: Point, object: Point, target: Point): number {
  return angleBetween(directionOf(cue, ghostBall(object, target)), directionOf(object, target));
}

/**
 * Свояк geometry: the contact positions of the cue ball from which, struck without spin at contact (stun), it
 * leaves along the tangent line through `target` (the 90° rule). The cue ball then stands on the circle over the
 * object ball and the target (Thales), one diameter from the object ball: two points, one for each side.
 */
export function ownBallContacts(object: Point, target: Point): Point[] {
  const d = distance(object, target);
  if (d <= 2 * R) return [];
  const beta = Math.acos((2 * R) / d);
  const base = Math.atan2(target.y - object.y, target.x - object.x);
  return [base + beta, base - beta].map((a) => ({
    x: object.x + Math.cos(a) * 2 * R,
    y: object.y + Math.sin(a) * 2 * R,
  }));
}

/**
 * For a stun свояк: whether a cue ball arriving from `cue` at `contact` leaves towards `target` (its velocity's
 * component along the tangent points at the target), and the cut angle of that contact.
 */
export function ownBallCut(cue: Point, contact: Point, object: Point, target: Point): number | null {
  const v = unit(cue, contact);
  const n = unit(contact, object);
  const along = v.x * n.x + v.y * n.y;
  if (along <= 0) return null;
  const tangent = { x: v.x - along * n.x, y: v.y - along * n.y };
  const towards = unit(contact, target);
  if (tangent.x * towards.x + tangent.y * towards.y <= 0) return null;
  return Math.acos(Math.min(1, along)) * DEGREES;
}

/** The point a ball's centre aims at to drop into a pocket: just past the middle of the mouth. */
export function pocketTarget(pocket: PocketId): Point {
  const p = POCKETS[pocket];
  const depth = 0.01;
  return { x: p.mouthCentre.x + p.axis.x * depth, y: p.mouthCentre.y + p.axis.y * depth };
}

/** How far off the pocket's axis a ball arrives from `from`, degrees (0 = straight down the axis). */
export function entryAngle(from: Point, pocket: PocketId): number {
  const { axis } = POCKETS[pocket];
  return angleBetween(directionOf(from, pocketTarget(pocket)), Math.atan2(axis.y, axis.x) * DEGREES);
}

/** The line a ball's centre touches a cushion segment on: the nose line moved one radius into the table. */
export interface CushionLine {
  readonly cushion: CushionId;
  readonly from: Point;
  readonly to: Point;
  readonly normal: Point;
}

export function cushionLine(cushion: CushionId): CushionLine {
  const c = CUSHIONS[cushion];
  const shift = (p: Point) => ({ x: p.x + c.normal.x * R, y: p.y + c.normal.y * R });
  return { cushion, from: shift(c.from), to: shift(c.to), normal: c.normal };
}

/** The mirror image of a point in a cushion line. */
export function mirrorPoint(point: Point, line: CushionLine): Point {
  const side = (point.x - line.from.x) * line.normal.x + (point.y - line.from.y) * line.normal.y;
  return { x: point.x - 2 * side * line.normal.x, y: point.y - 2 * side * line.normal.y };
}

/**
 * A bank off one cushion by the mirror: the ball at `from` aimed at the target's mirror image meets the cushion
 * line where the straight line crosses it, and (for an ideal rebound) goes on to the target. Null when that point
 * is not on the segment's straight part, keeping `margin` clear of its ends (the jaws).
 */
export function bankPoint(from: Point, target: Point, line: CushionLine, margin = 2 * R): Point | null {
  const image = mirrorPoint(target, line);
  const sideFrom = (from.x - line.from.x) * line.normal.x + (from.y - line.from.y) * line.normal.y;
  const sideImage = (image.x - line.from.x) * line.normal.x + (image.y - line.from.y) * line.normal.y;
  if (sideFrom <= 0 || sideImage >= 0) return null;
  const t = sideFrom / (sideFrom - sideImage);
  const hit = { x: from.x + (image.x - from.x) * t, y: from.y + (image.y - from.y) * t };
  const along = unit(line.from, line.to);
  const s = (hit.x - line.from.x) * along.x + (hit.y - line.from.y) * along.y;
  if (s < margin || s > distance(line.from, line.to) - margin) return null;
  return hit;
}

export function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/** How much room a moving ball's path must leave beside another ball, on top of a diameter. */
const PATH_CLEARANCE = 0.002;

/** No ball but those in `skip` stands within a ball's diameter (plus `clearance`) of the path from `from` to `to`. */
export function isPathClear(
  balls: readonly BallPosition[],
  from: Point,
  to: Point,
  skip: readonly number[],
  clearance = PATH_CLEARANCE,
): boolean {
  for (const b of balls) {
    if (skip.includes(b.id)) continue;
    if (distanceToSegment(b, from, to) < 2 * R + clearance) return false;
  }
  return true;
}

/** The ids of the balls (but those in `skip`) that stand in the way of the path from `from` to `to`. */
export function pathBlockers(
  balls: readonly BallPosition[],
  from: Point,
  to: Point,
  skip: readonly number[],
): number[] {
  return balls
    .filter((b) => !skip.includes(b.id) && distanceToSegment(b, from, to) < 2 * R + PATH_CLEARANCE)
    .map((b) => b.id);
}
