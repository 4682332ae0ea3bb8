import type { SimBall } from "./ball.ts";
import {
  GRAVITY,
  INERTIA,
  MASS,
  MU_ROLL,
  MU_SLIDE,
  R,
  REST_SPEED,
  REST_SPIN,
  ROLL_SLIP,
  SPIN_DECAY,
} from "./constants.ts";

const SLIDE_DECEL = MU_SLIDE * GRAVITY;
const ROLL_DECEL = MU_ROLL * GRAVITY;
/** Sliding friction changes the contact point's slip at (1 + m·R²/I)·μs·g = 3.5·μs·g. */
const SLIP_DECEL = 3.5 * SLIDE_DECEL;
/** Angular acceleration from sliding friction: μs·m·g·R / I = 2.5·μs·g / R. */
const SLIDE_SPIN_ACCEL = (2.5 * SLIDE_DECEL) / R;

/** Contact-point slip on the cloth: u = v + ω × (−R·ẑ). */
function slipX(ball: SimBall): number {
  return ball.vx - R * ball.wy;
}
function slipY(ball: SimBall): number {
  return ball.vy + R * ball.wx;
}

export function isSliding(ball: SimBall): boolean {
  return Math.sqrt(slipX(ball) ** 2 + slipY(ball) ** 2) > ROLL_SLIP;
}

/**
 * The fastest the ball can ever move on the cloth alone, from now until its next impact. Sliding friction and
 * rolling resistance only take energy from the translation and the rolling spin together, and the spin about
 * the vertical never feeds either, so √(v² + (I/m)·(ωx² + ωy²)) only falls; a sliding ball may speed up
 * (its follow turning into speed), never beyond this. A tiny relative allowance covers rounding.
 */
export function speedBound(ball: SimBall): number {
  const spin = ball.wx * ball.wx + ball.wy * ball.wy;
  return Math.sqrt(ball.vx * ball.vx + ball.vy * ball.vy + (INERTIA / MASS) * spin) * (1 + 1e-9);
}

function decaySpin(ball: SimBall, duration: number): void {
  const drop = SPIN_DECAY * duration;
  ball.wz = Math.abs(ball.wz) <= drop ? 0 : ball.wz - Math.sign(ball.wz) * drop;
}

function setRolling(ball: SimBall): void {
  ball.wx = -ball.vy / R;
  ball.wy = ball.vx / R;
}

/**
 * Advances a ball's velocity and spin by `duration` under cloth friction, exactly: every phase has a
 * constant deceleration (sliding μs·g along the fixed slip direction, rolling μr·g along the velocity,
 * vertical spin decay), so each phase is integrated in closed form and its end time is found exactly.
 * Cloth friction never reverses a motion, so the ball's energy only falls.
 */
export function evolveOnCloth(ball: SimBall, duration: number): void {
  let left = duration;
  while (left > 0) {
    const ux = slipX(ball);
    const uy = slipY(ball);
    const slip = Math.sqrt(ux ** 2 + uy ** 2);
    if (slip > ROLL_SLIP) {
      // Sliding: the slip keeps its direction and shrinks at 3.5·μs·g until the ball rolls (t = 2u/(7μs·g)).
      const toRoll = slip / SLIP_DECEL;
      const span = Math.min(left, toRoll);
      const dx = ux / slip;
      const dy = uy / slip;
      ball.vx -= SLIDE_DECEL * dx * span;
      ball.vy -= SLIDE_DECEL * dy * span;
      // Torque (−R·ẑ) × (−μs·m·g·û) = μs·m·g·R·(ẑ × û).
      ball.wx -= SLIDE_SPIN_ACCEL * dy * span;
      ball.wy += SLIDE_SPIN_ACCEL * dx * span;
      decaySpin(ball, span);
      if (span === toRoll) setRolling(ball);
      left -= span;
      continue;
    }
    const speed = Math.sqrt(ball.vx ** 2 + ball.vy ** 2);
    if (speed > 0) {
      const toStop = speed / ROLL_DECEL;
      const span = Math.min(left, toStop);
      const after = span === toStop || speed - ROLL_DECEL * span < REST_SPEED ? 0 : speed - ROLL_DECEL * span;
      ball.vx *= after / speed;
      ball.vy *= after / speed;
      setRolling(ball);
      decaySpin(ball, span);
      left -= span;
      continue;
    }
    // At rest on the cloth: only a spin about the vertical can remain, and it decays.
    ball.vx = 0;
    ball.vy = 0;
    ball.wx = 0;
    ball.wy = 0;
    decaySpin(ball, left);
    if (Math.abs(ball.wz) < REST_SPIN) ball.wz = 0;
    left = 0;
  }
}
