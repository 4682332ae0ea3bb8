import { COLOURED_BALL } from "../table/balls.ts";
import { collisionsOf, droppedBall, partnerOf, type ShotLog } from "./shot-queries.ts";

/**
 * Last-ball play (clauses 12–14, I19). Whether the position is last-ball play is `isLastBallPlay` in
 * position.ts; this module holds what changes once it is.
 */

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
 * double call failed).
 */
export function isLastBallCuePocketed(log: ShotLog, lastBall: boolean, droppedAsCalled: boolean): boolean {
  return lastBall && droppedBall(log, log.cue) !== undefined && !droppedAsCalled;
}
