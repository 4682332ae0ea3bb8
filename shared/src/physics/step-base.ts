import { isTranslating, type SimBall } from "./ball.ts";
import { evolveOnCloth } from "./cloth.ts";

/**
 * The kick–drift–kick bookkeeping of one step. Each ball keeps the state it had at the start of the step or at
 * its last contact (its base); from it, its exact velocity and spin at any later instant of the step follow in
 * closed form, which is what an impulse must act on. Between contacts the ball drifts at its half-kicked
 * velocity, which covers exactly the distance of a constant deceleration.
 */
interface BaseState {
  t: number;
  /** When, in this step, the ball was last half-kicked after an impact (−1: not yet). */
  kickedAt: number;
  vx: number;
  vy: number;
  wx: number;
  wy: number;
  wz: number;
}

/** Per ball (world order), within the current step: its base, and whether it moves at all. */
export interface StepBases {
  readonly base: BaseState[];
  readonly driven: boolean[];
  /**
   * The driven balls' indices in ascending order (the first `drivenCount`): late in a shot one or two balls
   * move among sixteen, and the step's passes over the moving balls walk this instead of every ball.
   */
  readonly drivenList: Int32Array;
  drivenCount: number;
}

export function createStepBases(count: number): StepBases {
  return {
    base: Array.from({ length: count }, () => ({ t: 0, kickedAt: -1, vx: 0, vy: 0, wx: 0, wy: 0, wz: 0 })),
    driven: Array.from({ length: count }, () => false),
    drivenList: new Int32Array(count),
    drivenCount: 0,
  };
}

/** Marks ball `i` driven from now on in this step, keeping the list in ascending order. */
function drive(bases: StepBases, i: number): void {
  if (bases.driven[i]) return;
  bases.driven[i] = true;
  const list = bases.drivenList;
  let at = bases.drivenCount++;
  while (at > 0 && list[at - 1]! > i) {
    list[at] = list[at - 1]!;
    at--;
  }
  list[at] = i;
}

function saveBase(bases: StepBases, i: number, ball: SimBall, t: number): void {
  const s = bases.base[i]!;
  s.t = t;
  s.vx = ball.vx;
  s.vy = ball.vy;
  s.wx = ball.wx;
  s.wy = ball.wy;
  s.wz = ball.wz;
}

/** The step's first half-kick: every moving ball gets its base at t = 0 and half a step of friction. */
export function beginStep(bases: StepBases, balls: readonly SimBall[], h: number): void {
  bases.drivenCount = 0;
  for (let i = 0; i < balls.length; i++) {
    const ball = balls[i]!;
    bases.driven[i] = ball.onTable && isTranslating(ball);
    bases.base[i]!.kickedAt = -1;
    if (!bases.driven[i]) continue;
    bases.drivenList[bases.drivenCount++] = i;
    saveBase(bases, i, ball, 0);
    evolveOnCloth(ball, h / 2);
  }
}

/** The step's second half-kick: the rest of each driven ball's friction since its base. */
export function endStep(bases: StepBases, balls: readonly SimBall[], h: number): void {
  for (let k = 0; k < bases.drivenCount; k++) {
    const i = bases.drivenList[k]!;
    const ball = balls[i]!;
    if (ball.onTable) evolveOnCloth(ball, (h - bases.base[i]!.t) / 2);
  }
}

/** Puts into ball `i` its exact velocity and spin at `t` seconds into the step, from its base. */
export function syncToContact(bases: StepBases, balls: readonly SimBall[], i: number, t: number): void {
  if (!bases.driven[i]) return; // at rest since the step began: nothing has changed
  const ball = balls[i]!;
  const s = bases.base[i]!;
  ball.vx = s.vx;
  ball.vy = s.vy;
  ball.wx = s.wx;
  ball.wy = s.wy;
  ball.wz = s.wz;
  evolveOnCloth(ball, t - s.t);
}

/**
 * After an impact at `t`: the new state becomes the base; an exact (synced) state is half-kicked again for the
 * rest of the step, a drift state (the fallback) already is.
 */
export function afterImpact(
  bases: StepBases,
  balls: readonly SimBall[],
  i: number,
  t: number,
  h: number,
  exact: boolean,
): void {
  const ball = balls[i]!;
  const base = bases.base[i]!;
  saveBase(bases, i, ball, t);
  drive(bases, i);
  // Only one half-kick per ball per instant: within a cluster of simultaneous impacts the impulses alone act,
  // each one dissipating, so the cluster always settles (a kick between them could feed it for ever).
  if (exact && base.kickedAt !== t) {
    evolveOnCloth(ball, (h - t) / 2);
    base.kickedAt = t;
  }
}
