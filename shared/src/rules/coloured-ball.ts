import { type BallPosition, COLOURED_BALL } from "../table/balls.ts";
import { CENTRE_SPOT } from "../table/marks.ts";
import { isCentreMarkFree, isColouredOnMark } from "./position.ts";

/**
 * The coloured (control) ball's return to the centre mark (clauses 10–11, I18), applied at the end of a
 * shot before any ball is spotted at the foot.
 */
export type ColouredAction =
  /** It was on the mark and stayed there, or it stays where it is because play leaves it alone. */
  | "in-place"
  /** Put back on the free centre mark. */
  | "returned"
  /** Not on the mark and the mark is taken: it stays where it is (table, pocket or off the table). */
  | "waiting";

export interface ColouredOutcome {
  readonly action: ColouredAction;
  readonly table: readonly BallPosition[];
}

/**
 * Returns the coloured ball to the centre mark when it is not there and the mark is free (no other ball's
 * centre closer than 2R); otherwise leaves it, and the check repeats after the next shot. `table` is the
 * position after the shot (a coloured ball in a pocket or off the table is simply absent from it).
 */
export function returnColouredBall(table: readonly BallPosition[]): ColouredOutcome {
  if (isColouredOnMark(table)) return { action: "in-place", table };
  if (!isCentreMarkFree(table)) return { action: "waiting", table };
  return {
    action: "returned",
    table: [...table.filter((b) => b.id !== COLOURED_BALL), { id: COLOURED_BALL, x: CENTRE_SPOT.x, y: CENTRE_SPOT.y }],
  };
}
