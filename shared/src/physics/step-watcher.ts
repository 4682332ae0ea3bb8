import type { CollisionEvent, CushionEvent } from "../shot/shot-events.ts";
import type { TracePoint } from "../shot/trace-codec.ts";
import type { SimBall } from "./ball.ts";

/**
 * A view from inside the stepper, for checking physical laws at the instants they are stated for: right after
 * an impulse, and along the simulated path. Production passes none; the physics tests do.
 */
export interface StepWatcher {
  /** Right after each ball–ball or cushion impulse, with every ball in its post-impact state. */
  readonly impact?: (event: CollisionEvent | CushionEvent, balls: readonly SimBall[]) => void;
  /** Every vertex of a ball's simulated path (index in world order), which is piecewise linear between them. */
  readonly vertex?: (index: number, point: TracePoint) => void;
}

export const UNWATCHED: StepWatcher = {};
