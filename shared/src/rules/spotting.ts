import { type BallPosition, COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import { BALL_DIAMETER, BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "../table/dimensions.ts";

/**
 * Spotting a ball [выставление шара] (clause 4, I20): tight against the foot cushion behind the pyramid,
 * as near the cushion's centre as possible, not touching other balls.
 */

/** Clearance kept from every ball so that a spotted ball never starts frozen to another (I20). */
export const SPOT_CLEARANCE = 0.0001;
/** The first spotting line: the ball's centre one radius from the foot cushion. */
export const FOOT_SPOT_LINE_X = HALF_LENGTH - BALL_RADIUS;
/** How far along a line a ball may be spotted: |y| ≤ W/2 − 3R keeps it clear of the corner jaws. */
export const SPOT_LINE_HALF_SPAN = HALF_WIDTH - 3 * BALL_RADIUS;

const EPSILON = 1e-12;

/**
 * The free place on the line x = `lineX` nearest to y = 0, or null when the line is full. Computed
 * exactly: each ball within reach blocks an open interval of y, and the answer is 0 or an end of one of
 * those intervals; on equal distance +y is taken first.
 */
export function freePlaceOnLine(table: readonly BallPosition[], lineX: number): number | null {
  const reach = 2 * BALL_RADIUS + SPOT_CLEARANCE;
  const blocks: { from: number; to: number }[] = [];
  for (const b of table) {
    const dx = b.x - lineX;
    if (Math.abs(dx) >= reach) continue;
    const half = Math.sqrt(reach * reach - dx * dx);
    blocks.push({ from: b.y - half, to: b.y + half });
  }
  const isFree = (y: number) =>
    Math.abs(y) <= SPOT_LINE_HALF_SPAN + EPSILON && blocks.every((k) => y <= k.from + EPSILON || y >= k.to - EPSILON);
  const candidates = [0, ...blocks.flatMap((k) => [k.from, k.to])]
    .filter(isFree)
    .sort((p, q) => Math.abs(p) - Math.abs(q) || q - p);
  const best = candidates[0];
  if (best === undefined) return null;
  // Near-ties (within float noise) still prefer +y, as I20 asks.
  const tie = candidates.find((y) => y > 0 && Math.abs(y) - Math.abs(best) < EPSILON);
  return tie ?? best;
}

/** Where ball `id` is spotted on `table` (I20): the foot line first, then lines one diameter nearer the head. */
export function spotPosition(table: readonly BallPosition[], id: number): BallPosition {
  const others = table.filter((b) => b.id !== id);
  for (let lineX = FOOT_SPOT_LINE_X; lineX > -HALF_LENGTH + BALL_RADIUS; lineX -= BALL_DIAMETER) {
    const y = freePlaceOnLine(others, lineX);
    if (y !== null) return { id, x: lineX, y };
  }
  // Sixteen balls cannot fill every line of the table; reaching this is a bug, not a player's mistake.
  throw new Error(`spotPosition: no free place for ball ${id}`);
}

/** Spots the balls one after another in the given order (I20), each seeing the ones before it. */
export function spotBalls(table: readonly BallPosition[], ids: readonly number[]): BallPosition[] {
  let placed = table.filter((b) => !ids.includes(b.id));
  for (const id of ids) placed = [...placed, spotPosition(placed, id)];
  return placed;
}

/**
 * The balls a shot leaves to be spotted, in the order they are placed (I20): the balls that left play and
 * reached no shelf, in the order they left it — the white ones always (clause 4), the coloured one only
 * when clause 13 spots it — and then the penalty ball from the shelf (clause 15).
 */
export function ballsToSpot(
  leftPlay: readonly number[],
  onShelf: ReadonlySet<number>,
  options: { readonly colouredAtFoot: boolean; readonly penaltyBall: number | null },
): number[] {
  const spotted = leftPlay.filter(
    (ball) => !onShelf.has(ball) && (isWhiteBall(ball) || (ball === COLOURED_BALL && options.colouredAtFoot)),
  );
  return options.penaltyBall === null ? spotted : [...spotted, options.penaltyBall];
}
