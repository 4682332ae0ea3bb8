import { canBallStandAt } from "@habibka/shared/aim";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, type Point } from "@habibka/shared/table";
import type { Circle } from "../game/aim-geometry.ts";
import { pushClear } from "../game/push-clear.ts";

/**
 * Where a ball dragged on the practice table goes: anywhere a ball can stand (clear of the cushions and
 * the jaws, short of a pocket's drop line, on no other ball), or off the table when dropped on the rails.
 */

/** Kept this far inside the cushion lines, so a ball put down against a cushion is not pressed into it. */
const CUSHION_MARGIN = 1e-4;
/** Dropped beyond the cushion lines by more than this, the ball leaves the table. */
const OFF_TABLE_REACH = 2 * BALL_RADIUS;

/** True when a ball dropped here is meant to leave the table: on the rails or beyond them. */
export function isOffTable(at: Point): boolean {
  return Math.abs(at.x) > HALF_LENGTH + OFF_TABLE_REACH || Math.abs(at.y) > HALF_WIDTH + OFF_TABLE_REACH;
}

function clampToCloth(p: Point): Point {
  const maxX = HALF_LENGTH - BALL_RADIUS - CUSHION_MARGIN;
  const maxY = HALF_WIDTH - BALL_RADIUS - CUSHION_MARGIN;
  return { x: Math.min(maxX, Math.max(-maxX, p.x)), y: Math.min(maxY, Math.max(-maxY, p.y)) };
}

/** True when a ball may stand at `p` with `others` on the table. */
function canStandAt(p: Point, others: readonly Circle[]): boolean {
  return canBallStandAt(p.x, p.y) && others.every((b) => Math.hypot(b.x - p.x, b.y - p.y) >= 2 * BALL_RADIUS);
}

/**
 * The legal spot nearest to where the ball is dropped: clamped inside the cushions, pushed off the balls it
 * would overlap. Null when there is none near (by a jaw, in a cluster): the ball stays where it was.
 */
export function placeOnCloth(wanted: Point, others: readonly Circle[]): Point | null {
  const p = pushClear(wanted, others, clampToCloth);
  return p && canStandAt(p, others) ? p : null;
}
