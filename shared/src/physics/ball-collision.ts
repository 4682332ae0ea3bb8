import type { SimBall } from "./ball.ts";
import { BALL_RESTITUTION, MASS, R, THROW_A, THROW_B, THROW_C } from "./constants.ts";
import { MIN_APPROACH } from "./contact-time.ts";

/** Approach speeds below this are treated as resting contact (no bounce), so pressed clusters settle at once. */
export const RESTING_APPROACH = 1e-5;

/** Ball–ball friction coefficient for a slip speed at the contact point (Alciatore TP A-14). */
export function throwFriction(slipSpeed: number): number {
  return THROW_A + THROW_B * Math.exp(-THROW_C * slipSpeed);
}

/**
 * Resolves the impact of two touching balls of equal mass as one instantaneous impulse.
 * Normal: Newton restitution e on the line of centres, J_n = (1 + e)·(m/2)·v_approach.
 * Tangent: Coulomb friction with the slip-dependent μ of TP A-14, capped at the impulse that stops the
 * slip (m·|s|/7 for two solid spheres), which gives throw and the spin transfer between the balls.
 * Vertical impulse components are dropped: both balls stay on the cloth.
 * `friction` maps the slip speed to μ (tests pass `() => 0` to check the frictionless laws).
 * Returns false when the balls were not approaching (nothing to do).
 */
export function resolveBallCollision(a: SimBall, b: SimBall, friction = throwFriction): boolean {
  let nx = b.x - a.x;
  let ny = b.y - a.y;
  const distance = Math.hypot(nx, ny);
  nx /= distance;
  ny /= distance;
  const approach = (a.vx - b.vx) * nx + (a.vy - b.vy) * ny;
  if (approach <= MIN_APPROACH / 2) return false;
  const restitution = approach < RESTING_APPROACH ? 0 : BALL_RESTITUTION;
  const jn = (1 + restitution) * 0.5 * MASS * approach;

  // Contact-point velocities: a's point at +R·n, b's at −R·n; ω × (R·n) = R·(−ωz·ny, ωz·nx, ωx·ny − ωy·nx).
  const sx = a.vx - b.vx - R * (a.wz + b.wz) * ny;
  const sy = a.vy - b.vy + R * (a.wz + b.wz) * nx;
  const sz = R * ((a.wx + b.wx) * ny - (a.wy + b.wy) * nx);
  const along = sx * nx + sy * ny;
  const tx = sx - along * nx;
  const ty = sy - along * ny;
  const tz = sz;
  const slip = Math.hypot(tx, ty, tz);

  let jx = -jn * nx;
  let jy = -jn * ny;
  if (slip > 0) {
    const impulse = Math.min(friction(slip) * jn, (MASS * slip) / 7);
    const fx = (-impulse * tx) / slip;
    const fy = (-impulse * ty) / slip;
    const fz = (-impulse * tz) / slip;
    jx += fx;
    jy += fy;
    // Δω = (R·n × J_t) / I, the same for both balls (b's arm and impulse are both reversed).
    const k = R / (0.4 * MASS * R * R);
    const dwx = k * (ny * fz);
    const dwy = k * -(nx * fz);
    const dwz = k * (nx * fy - ny * fx);
    a.wx += dwx;
    a.wy += dwy;
    a.wz += dwz;
    b.wx += dwx;
    b.wy += dwy;
    b.wz += dwz;
  }
  a.vx += jx / MASS;
  a.vy += jy / MASS;
  b.vx -= jx / MASS;
  b.vy -= jy / MASS;
  a.moved = true;
  b.moved = true;
  return true;
}
