import { portableMath } from "../shot/portable-math.ts";
import { BALL_RESTITUTION, MASS, R, THROW_A, THROW_B, THROW_C } from "./constants.ts";

/**
 * The law of one ball–ball impact, apart from any simulation: what the impulse does to two balls' motion.
 * The simulator applies it at every collision, and the aiming guide predicts the object ball's line and the
 * throw with the same function, so the line drawn and the line played cannot disagree.
 */

/** Approach speeds below this are treated as resting contact (no bounce), so pressed clusters settle at once. */
export const RESTING_APPROACH = 1e-5;

/** Ball–ball friction coefficient for a slip speed at the contact point (Alciatore TP A-14). */
export function throwFriction(slipSpeed: number): number {
  return THROW_A + THROW_B * portableMath.exp(-THROW_C * slipSpeed);
}

/** A ball's velocity (m/s) and angular velocity (rad/s): everything the impact reads. */
export interface BallMotion {
  readonly vx: number;
  readonly vy: number;
  readonly wx: number;
  readonly wy: number;
  readonly wz: number;
}

/** What one impact changes: ball a's velocity (ball b's changes by the opposite) and both balls' spin. */
export interface ImpactChange {
  readonly dvx: number;
  readonly dvy: number;
  readonly dwx: number;
  readonly dwy: number;
  readonly dwz: number;
}

/**
 * Resolves the impact of two touching balls of equal mass as one instantaneous impulse.
 * Normal: Newton restitution e on the line of centres, J_n = (1 + e)·(m/2)·v_approach.
 * Tangent: Coulomb friction with the slip-dependent μ of TP A-14, capped at the impulse that stops the
 * slip (m·|s|/7 for two solid spheres), which gives throw and the spin transfer between the balls.
 * Vertical impulse components are dropped: both balls stay on the cloth.
 * `(nx, ny)` is the unit line of centres from a to b and `approach` the closing speed along it (> 0);
 * `friction` maps the slip speed to μ (tests pass `() => 0` to check the frictionless laws).
 */
export function ballImpact(
  nx: number,
  ny: number,
  approach: number,
  a: BallMotion,
  b: BallMotion,
  friction = throwFriction,
): ImpactChange {
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
  let dwx = 0;
  let dwy = 0;
  let dwz = 0;
  if (slip > 0) {
    const impulse = Math.min(friction(slip) * jn, (MASS * slip) / 7);
    const fx = (-impulse * tx) / slip;
    const fy = (-impulse * ty) / slip;
    const fz = (-impulse * tz) / slip;
    jx += fx;
    jy += fy;
    // Δω = (R·n × J_t) / I, the same for both balls (b's arm and impulse are both reversed).
    const k = R / (0.4 * MASS * R * R);
    dwx = k * (ny * fz);
    dwy = k * -(nx * fz);
    dwz = k * (nx * fy - ny * fx);
  }
  return { dvx: jx / MASS, dvy: jy / MASS, dwx, dwy, dwz };
}
