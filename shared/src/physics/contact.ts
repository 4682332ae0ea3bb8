import type { PocketId } from "../table/pockets.ts";
import type { SimBall } from "./ball.ts";
import type { Obstacle } from "./boundary.ts";

/**
 * A contact found during a drift: `time` seconds into the remaining drift, `a` (and `b`) indices into the
 * world's balls, `a < b` for a pair. The kinds are the three things a moving ball can meet: another ball, a
 * rail piece (cushion nose, jaw nose, jaw wall), or a pocket's drop line.
 */
export type Contact =
  | { readonly kind: "ball"; readonly time: number; readonly a: number; readonly b: number }
  | { readonly kind: "obstacle"; readonly time: number; readonly a: number; readonly obstacle: Obstacle }
  | { readonly kind: "drop"; readonly time: number; readonly a: number; readonly pocket: PocketId };

/**
 * What an engine contributes to a simulation: finding contacts. Everything else (cloth friction, impulses,
 * drops, events, trace) is the shared model's. `earliest` sees the balls moving in straight lines at their
 * present velocities and returns the first approaching contact within `limit` seconds, or null; ties go to a
 * fixed order (ball by ball in world order: pairs, then rail pieces, then drop lines), so results are
 * bit-identical run to run.
 */
export interface ContactFinder {
  earliest(balls: readonly SimBall[], limit: number): Contact | null;
  /**
   * How many drifts of `h` seconds in a row, from the present state, `earliest` is sure to answer null while
   * the balls only roll on the cloth (0 when that cannot be promised). An engine that cannot say leaves it out.
   */
  quietDrifts?(balls: readonly SimBall[], h: number): number;
}
