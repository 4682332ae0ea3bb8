import { type BallPosition, COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import { type Pair, WINNING_SHELF, whiteBallsOnTable } from "./position.ts";
import { collisionsOf, droppedBall, partnerOf, type ShotLog } from "./shot-queries.ts";

/**
 * Last-ball play (clauses 12–14, I19): when it begins, what it changes (clause 10 off, the coloured ball
 * may be called and counts only under a condition, a white cue ball must not drop not as called) and
 * when clause 10 comes back.
 */

/**
 * The position is last-ball play (clause 12, I19): one white ball left on the table at 7:7. With fifteen white balls and no
 * shelf at eight, one white ball on the table already means 7:7; both are checked so that an inconsistent
 * position is never mistaken for it.
 */
export function isLastBallPlay(table: readonly BallPosition[], shelves: Pair<readonly number[]>): boolean {
  return (
    whiteBallsOnTable(table).length === 1 &&
    shelves[0].length === WINNING_SHELF - 1 &&
    shelves[1].length === WINNING_SHELF - 1
  );
}

/**
 * Clause 10 (the coloured ball must not be touched, and goes back to the centre mark) is off in last-ball
 * play, and back after a foul in it: the penalty ball from a 7-ball shelf always puts a second white ball
 * on the table (clause 12, I19). When it is off, a coloured ball that dropped not as called is spotted at
 * the foot instead (clause 13).
 */
export function isClause10InForce(lastBall: boolean, foul: boolean): boolean {
  return !lastBall || foul;
}

/** The cue ball and the coloured ball touched before `ball` dropped (at log index `droppedAt`). */
function cueStruckColouredBefore(log: ShotLog, droppedAt: number): boolean {
  return collisionsOf(log, log.cue).some((c) => c.index < droppedAt && partnerOf(c.event, log.cue) === COLOURED_BALL);
}

/**
 * The extra condition a deciding ball must meet (I19): the coloured ball counts only if the cue ball
 * struck it, and the white cue ball [свояк] only after striking the coloured ball. Other balls cannot
 * be in play in last-ball play, so they have no extra condition.
 */
export function meetsDecidingCondition(log: ShotLog, ball: number): boolean {
  if (ball !== COLOURED_BALL && ball !== log.cue) return true;
  const drop = droppedBall(log, ball);
  return drop !== undefined && cueStruckColouredBefore(log, drop.index);
}

/**
 * Clause 14: in last-ball play the white cue ball dropping not as called is a foul. `droppedAsCalled`
 * is the cue ball's own fate (I24: its own call fulfilled is "as called", even if the other half of a
 * double call failed). The clause concerns the last white ball only: a coloured ball struck with the cue
 * is already the foul of clause 1, whatever becomes of it (I24).
 */
export function isLastBallCuePocketed(log: ShotLog, lastBall: boolean, droppedAsCalled: boolean): boolean {
  return lastBall && isWhiteBall(log.cue) && droppedBall(log, log.cue) !== undefined && !droppedAsCalled;
}
