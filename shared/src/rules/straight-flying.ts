import { collisionsOf, cushionContacts, droppedBall, firstContact, type ShotLog } from "./shot-queries.ts";

/**
 * A straight-flying ball [прямолетящий шар] (clause 7, I9): the first ball the cue ball struck [чужой],
 * or the cue ball itself [свой], dropping after the first collision without touching any cushion (the
 * jaws of the pocket it drops into excepted) or any other ball — for the cue ball, the first struck ball
 * a second time included.
 */
export function isStraightFlying(log: ShotLog, ball: number): boolean {
  const first = firstContact(log);
  if (first === null) return false;
  if (ball !== log.cue && ball !== first.ball) return false;
  const drop = droppedBall(log, ball);
  if (drop === undefined || drop.index < first.index) return false;
  const cushions = cushionContacts(log, ball, first.index, drop.index);
  if (cushions.some((c) => c.event.jaw !== drop.pocket)) return false;
  return collisionsOf(log, ball, first.index).every((c) => c.index > drop.index);
}
