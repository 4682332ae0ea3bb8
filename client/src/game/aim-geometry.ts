import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, POCKETS, type PocketId } from "@habibka/shared/table";

/**
 * The aiming guide's geometry: where the cue ball first touches something along the aim line, the ghost
 * ball there, and where the object ball goes. Pure functions of table coordinates (metres, I1) so they are
 * unit-tested; the guide is a promise to the player, so it must agree with the table's real geometry.
 */

export interface Vec {
  readonly x: number;
  readonly y: number;
}

export interface Circle extends Vec {
  readonly id: number;
}

/** Unit vector of an angle in degrees counter-clockwise from +x (the protocol's `angle`). */
export function directionOf(angleDegrees: number): Vec {
  const a = (angleDegrees * Math.PI) / 180;
  return { x: Math.cos(a), y: Math.sin(a) };
}

/** The protocol's angle of a direction, in [0, 360). */
export function angleOf(dx: number, dy: number): number {
  const degrees = (Math.atan2(dy, dx) * 180) / Math.PI;
  return degrees < 0 ? degrees + 360 : degrees;
}

/** Keeps an angle in [0, 360) so that fine steps never wander outside the protocol's range. */
export function normaliseAngle(degrees: number): number {
  const a = degrees % 360;
  return a < 0 ? a + 360 : a;
}

/**
 * Distance along a ray (unit direction) at which a moving circle's centre first comes within `reach` of a
 * point; null when it passes wide or the point lies behind. A point already within reach counts only if
 * the ray moves towards it (so a touching ball is hit, a ball just left behind is not).
 */
export function rayReach(origin: Vec, dir: Vec, point: Vec, reach: number): number | null {
  const fx = point.x - origin.x;
  const fy = point.y - origin.y;
  const along = fx * dir.x + fy * dir.y;
  const across2 = fx * fx + fy * fy - along * along;
  const r2 = reach * reach;
  if (across2 > r2) return null;
  const half = Math.sqrt(r2 - across2);
  const first = along - half;
  if (first >= 0) return first;
  // Already overlapping (touching balls): hit at once when heading into it.
  return along > 0 ? 0 : null;
}

export interface BallContact {
  readonly kind: "ball";
  readonly ball: number;
  readonly distance: number;
  /** The cue ball's centre at the contact: the ghost ball. */
  readonly ghost: Vec;
  /** Where the object ball goes: along the line of centres. */
  readonly objectDirection: Vec;
  /** Where a stun (no-spin) cue ball goes after the contact: along the tangent line; null for a full hit. */
  readonly cueDirection: Vec | null;
}

export interface CushionContact {
  readonly kind: "cushion";
  readonly distance: number;
  /** The cue ball's centre when it touches the cushion nose. */
  readonly ghost: Vec;
  /** A pocket the line runs into instead of the cushion, when the contact is inside its mouth. */
  readonly pocket: PocketId | null;
  /**
   * The mirror bounce off the cushion (angle in equals angle out), a first guide for a bank [дуплет]; a
   * real cushion shortens it with speed and spin. Null into a pocket.
   */
  readonly bounce: Vec | null;
}

export type Contact = BallContact | CushionContact;

/** Distance along the ray to where the ball's centre meets the cushion noses' inner rectangle. */
export function cushionDistance(origin: Vec, dir: Vec, radius = BALL_RADIUS): number {
  const limitX = HALF_LENGTH - radius;
  const limitY = HALF_WIDTH - radius;
  let best = Number.POSITIVE_INFINITY;
  if (dir.x > 1e-12) best = Math.min(best, (limitX - origin.x) / dir.x);
  if (dir.x < -1e-12) best = Math.min(best, (-limitX - origin.x) / dir.x);
  if (dir.y > 1e-12) best = Math.min(best, (limitY - origin.y) / dir.y);
  if (dir.y < -1e-12) best = Math.min(best, (-limitY - origin.y) / dir.y);
  return Math.max(0, best);
}

/** The pocket whose mouth a ball centred at `p` (against the cushion line) would be in, if any. */
export function pocketAt(p: Vec, radius = BALL_RADIUS): PocketId | null {
  for (const pocket of Object.values(POCKETS)) {
    const dx = p.x - pocket.mouthCentre.x;
    const dy = p.y - pocket.mouthCentre.y;
    // Within half the mouth of its centre, across the pocket's axis, plus the ball's own reach to the line.
    const along = dx * pocket.axis.x + dy * pocket.axis.y;
    const across = Math.abs(dx * -pocket.axis.y + dy * pocket.axis.x);
    if (across <= pocket.mouthWidth / 2 && along >= -radius * 1.5) return pocket.id;
  }
  return null;
}

/**
 * The first thing the cue ball meets moving from `cue` along `angle`: another ball (its ghost ball and the
 * object ball's line) or the cushion. `balls` may include the cue ball itself (skipped by id).
 */
export function firstContact(
  cue: Circle,
  angleDegrees: number,
  balls: readonly Circle[],
  radius = BALL_RADIUS,
): Contact {
  const dir = directionOf(angleDegrees);
  let best: { ball: Circle; distance: number } | null = null;
  for (const ball of balls) {
    if (ball.id === cue.id) continue;
    const d = rayReach(cue, dir, ball, 2 * radius);
    if (d !== null && (best === null || d < best.distance)) best = { ball, distance: d };
  }
  const wall = cushionDistance(cue, dir, radius);
  if (best && best.distance <= wall) {
    const ghost = { x: cue.x + dir.x * best.distance, y: cue.y + dir.y * best.distance };
    const nx = best.ball.x - ghost.x;
    const ny = best.ball.y - ghost.y;
    const n = Math.hypot(nx, ny) || 1;
    const objectDirection = { x: nx / n, y: ny / n };
    const dot = dir.x * objectDirection.x + dir.y * objectDirection.y;
    const tx = dir.x - dot * objectDirection.x;
    const ty = dir.y - dot * objectDirection.y;
    const t = Math.hypot(tx, ty);
    return {
      kind: "ball",
      ball: best.ball.id,
      distance: best.distance,
      ghost,
      objectDirection,
      cueDirection: t > 1e-6 ? { x: tx / t, y: ty / t } : null,
    };
  }
  const ghost = { x: cue.x + dir.x * wall, y: cue.y + dir.y * wall };
  const pocket = pocketAt(ghost, radius);
  return { kind: "cushion", distance: wall, ghost, pocket, bounce: pocket ? null : bounceOff(ghost, dir, radius) };
}

/** The direction after a mirror bounce at `p` on the cushion rectangle (both components flip at a corner). */
export function bounceOff(p: Vec, dir: Vec, radius = BALL_RADIUS): Vec {
  const eps = 1e-9;
  const flipX = Math.abs(Math.abs(p.x) - (HALF_LENGTH - radius)) < eps && Math.sign(dir.x) === Math.sign(p.x);
  const flipY = Math.abs(Math.abs(p.y) - (HALF_WIDTH - radius)) < eps && Math.sign(dir.y) === Math.sign(p.y);
  return { x: flipX ? -dir.x : dir.x, y: flipY ? -dir.y : dir.y };
}

/**
 * Suggests the way of a call (I8) from where the called ball is heading: `direct` when its line runs into
 * the called pocket before any cushion, else `bank`. A suggestion only: the player may change it.
 */
export function suggestWay(ball: Vec, heading: Vec, pocket: PocketId, radius = BALL_RADIUS): "direct" | "bank" {
  const wall = cushionDistance(ball, heading, radius);
  const end = { x: ball.x + heading.x * wall, y: ball.y + heading.y * wall };
  return pocketAt(end, radius) === pocket ? "direct" : "bank";
}

/** Angle that sends the cue ball straight at a point (e.g. a tapped ball's centre). */
export function angleTowards(from: Vec, to: Vec): number {
  return angleOf(to.x - from.x, to.y - from.y);
}
