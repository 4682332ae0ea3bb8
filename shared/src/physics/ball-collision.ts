import type { SimBall } from "./ball.ts";
import { MIN_APPROACH } from "./contact-time.ts";
import { ballImpact, throwFriction } from "./throw-law.ts";

export { RESTING_APPROACH, throwFriction } from "./throw-law.ts";

/**
 * Resolves the impact of two touching balls with the impact law of throw-law.ts (normal restitution, slip
 * friction with throw and spin transfer). `friction` maps the slip speed to μ (tests pass `() => 0` to check
 * the frictionless laws). Returns false when the balls were not approaching (nothing to do).
 */
export function resolveBallCollision(a: SimBall, b: SimBall, friction = throwFriction): boolean {
  let nx = b.x - a.x;
  let ny = b.y - a.y;
  const distance = Math.hypot(nx, ny);
  nx /= distance;
  ny /= distance;
  const approach = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny;
  if (approach <= MIN_APPROACH / 2) return false;
  const change = ballImpact(nx, ny, approach, a, b, friction);
  a.wx += change.dwx;
  a.wy += change.dwy;
  a.wz += change.dwz;
  b.wx += change.dwx;
  b.wy += change.dwy;
  b.wz += change.dwz;
  a.vx += change.dvx;
  a.vy += change.dvy;
  b.vx -= change.dvx;
  b.vy -= change.dvy;
  a.moved = true;
  b.moved = true;
  return true;
}
