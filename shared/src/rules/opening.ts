import type { Point } from "../table/marks.ts";
import { isInHouse } from "../table/regions.ts";
import { fail, ok, type Result } from "./result.ts";

/**
 * The opening shot is played from hand: the ball in hand is placed in the house, behind the line through the
 * first mark (clause 5, I3, I22). One check for the match's opening shot and for a `habibka-sim` scenario that
 * says it is the opening, with the same words for both.
 */
export function checkOpeningPlace(place: Point, field: string): Result<Point, "opening-cue-not-in-house"> {
  if (Number.isFinite(place.x) && Number.isFinite(place.y) && isInHouse(place)) return ok(place);
  return fail(
    "opening-cue-not-in-house",
    "The opening cue ball must lie in the house, behind the line through the first mark (clause 5, I3).",
    "Биток при начальном ударе должен стоять в доме, за линией первой отметки (п. 5).",
    field,
  );
}
