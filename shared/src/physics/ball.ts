import { INERTIA, MASS } from "./constants.ts";

/**
 * One ball during a simulation. Position and velocity live on the table plane; the angular velocity is a
 * full 3-D vector kept here (not in any engine body) so follow, draw and side survive at any magnitude.
 */
export interface SimBall {
  readonly id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  wx: number;
  wy: number;
  wz: number;
  /** False once the ball has dropped into a pocket or left the table. */
  onTable: boolean;
  /** True once the ball has moved in this shot (I6 needs it for the mouth rule). */
  moved: boolean;
}

export function createBall(id: number, x: number, y: number): SimBall {
  return { id, x, y, vx: 0, vy: 0, wx: 0, wy: 0, wz: 0, onTable: true, moved: false };
}

/** True while the ball translates or its contact point slips (spin about the vertical alone moves nothing). */
export function isTranslating(ball: SimBall): boolean {
  return ball.vx !== 0 || ball.vy !== 0 || ball.wx !== 0 || ball.wy !== 0;
}

/** Kinetic energy, translational plus rotational (solid sphere), joules. */
export function kineticEnergy(ball: SimBall): number {
  const linear = 0.5 * MASS * (ball.vx * ball.vx + ball.vy * ball.vy);
  const angular = 0.5 * INERTIA * (ball.wx * ball.wx + ball.wy * ball.wy + ball.wz * ball.wz);
  return linear + angular;
}

/** A ball's velocity and spin, as one value (saved before an impact, restored if it must be redone). */
export type Motion = readonly [vx: number, vy: number, wx: number, wy: number, wz: number];

export const STILL: Motion = [0, 0, 0, 0, 0];

export function motionOf(b: SimBall): Motion {
  return [b.vx, b.vy, b.wx, b.wy, b.wz];
}

export function setMotion(b: SimBall, m: Motion): void {
  [b.vx, b.vy, b.wx, b.wy, b.wz] = m;
}
