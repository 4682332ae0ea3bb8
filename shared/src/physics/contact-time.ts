/**
 * Times of impact for a ball centre moving in a straight line during a drift (constant velocity), solved in
 * closed form: contacts are found at the exact instant, whatever the speed (no tunnelling, no overlap), and
 * the contact normal is the exact line of centres. Each returns the time in [0, limit] or Infinity.
 * A pair already touching (or, through rounding, a hair inside) and approaching collides at time 0.
 */

/**
 * Closing speeds at or below this (m/s) are not an approach. The resolvers accept anything above half of it, so
 * a contact found here is always resolved, and a resolved contact (closing speed driven to zero, give or take
 * rounding) is never found again: touching balls cannot loop on impulses lost to rounding.
 */
export const MIN_APPROACH = 2e-9;

/** True when two discs of combined reach `reach` (relative position p, relative velocity v) close on each other. */
export function isApproaching(px: number, py: number, vx: number, vy: number, reach: number): boolean {
  return px * vx + py * vy < -MIN_APPROACH * reach;
}

/** True when a centre moves towards a line (`normalVelocity` along the line's normal towards the centre). */
export function isApproachingLine(normalVelocity: number): boolean {
  return normalVelocity < -MIN_APPROACH;
}

/** Two discs of combined reach `reach`: relative position (px, py), relative velocity (vx, vy). */
export function discContactTime(px: number, py: number, vx: number, vy: number, reach: number, limit: number): number {
  if (!isApproaching(px, py, vx, vy, reach)) return Number.POSITIVE_INFINITY;
  const b = px * vx + py * vy;
  const c = px * px + py * py - reach * reach;
  if (c <= 0) return 0;
  const a = vx * vx + vy * vy;
  const disc = b * b - a * c;
  if (disc < 0) return Number.POSITIVE_INFINITY;
  // Stable smaller root of a·t² + 2b·t + c = 0.
  const t = c / (-b + Math.sqrt(disc));
  return t <= limit ? t : Number.POSITIVE_INFINITY;
}

/** Deeper than this inside a wall's reach, a centre is taken to be on the wall's other side. */
const BEHIND = 0.001;

/**
 * A centre reaching distance `reach` from a line (point a, unit normal n towards the centre) while moving
 * towards it (the caller checks that the contact lies on the wall's extent).
 */
export function lineContactTime(distance: number, normalVelocity: number, reach: number, limit: number): number {
  if (!isApproachingLine(normalVelocity)) return Number.POSITIVE_INFINITY;
  const gap = distance - reach;
  // A centre well past the line is behind the wall (seen through its far side): no contact.
  if (gap < -BEHIND) return Number.POSITIVE_INFINITY;
  if (gap <= 0) return 0;
  const t = gap / -normalVelocity;
  return t <= limit ? t : Number.POSITIVE_INFINITY;
}
