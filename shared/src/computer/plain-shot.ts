import { type BallPosition, COLOURED_BALL } from "../table/balls.ts";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "../table/dimensions.ts";
import { HOUSE_LINE_X, type Point } from "../table/marks.ts";
import { isInHouse } from "../table/regions.ts";
import type { FullStroke } from "./decision.ts";
import { directionOf, distance, normaliseAngle } from "./geometry.ts";

/**
 * The plainest shot there is, found without a simulation: the cue ball softly at its nearest ball. The search
 * plays it when it found nothing else, and the table when the search could not be had at all.
 */

/** A place in the house clear of every ball (the ball in hand may go there, clause 5, I3). */
export function isFreeHouseSpot(table: readonly BallPosition[], place: Point): boolean {
  return isInHouse(place) && table.every((b) => distance(b, place) > 2 * BALL_RADIUS + 1e-3);
}

/** The first free spot in the house, scanning from the house line back towards the head cushion. */
export function freeHousePlace(table: readonly BallPosition[]): Point {
  const step = BALL_RADIUS;
  for (let x = HOUSE_LINE_X - step; x > -HALF_LENGTH + BALL_RADIUS; x -= step) {
    for (let y = 0; y < HALF_WIDTH - BALL_RADIUS; y += step) {
      for (const place of [
        { x, y },
        { x, y: -y },
      ])
        if (isFreeHouseSpot(table, place)) return place;
    }
  }
  throw new Error("no free spot in the house");
}

/**
 * A soft centre-ball stroke of `cue` at the nearest of the balls it may strike first (the coloured ball only in
 * last-ball play), else at the nearest ball of all, else up the table.
 */
export function plainStroke(table: readonly BallPosition[], cue: BallPosition, lastBall: boolean): FullStroke {
  const others = table.filter((b) => b.id !== cue.id).sort((a, b) => distance(cue, a) - distance(cue, b));
  const allowed = others.filter((b) => (b.id === COLOURED_BALL) === lastBall);
  const target = allowed[0] ?? others[0];
  const angle = target ? directionOf(cue, target) : cue.x < 0 ? 0 : 180;
  return { cue: cue.id, angle: normaliseAngle(angle), speed: 1.5, offset: { x: 0, y: 0 } };
}
