import { fail, ok } from "../rules/result.ts";
import { toContractVerdict } from "../rules/verdict.ts";
import type { PlayedStroke, RecordedStroke } from "./recorded-stroke.ts";
import type { MatchResult } from "./transition.ts";

/**
 * Format 1 kept, with each stroke, copies of what its action and the fold already give: the physics' events,
 * the request as sent and the verdict as shown. Such a record is read as it is stored (migrated on read, not
 * rewritten by a schema migration): the copies are checked against the fold and then left unused, so the
 * one reader serves both formats and a stored row is never touched. That also covers a format-1 match a
 * restart resumed after the upgrade, whose later strokes were written without the copies. The verdict shown
 * is the fold's, so its explanation is in today's words of the verdict catalogue; every judged field is the
 * one the table showed then, or the record is corrupt.
 */

/** Whether two JSON values are the same, whatever the order of their keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** The verdict's judged part, which the fold must give again; its words may have been reworded since. */
function judged(played: PlayedStroke): unknown {
  if (played.kind === "lag") {
    const { losses, distances, winner } = played.verdict;
    return { losses, distances, winner };
  }
  return toContractVerdict(played.verdict);
}

function judgedOfStored(stored: unknown, like: unknown): unknown {
  if (typeof stored !== "object" || stored === null || typeof like !== "object" || like === null) return stored;
  return Object.fromEntries(Object.keys(like).map((key) => [key, (stored as Record<string, unknown>)[key]]));
}

/** A format-1 stroke's copies agree with what the fold made of its action; the first that does not is named. */
export function checkFormatOneCopies(stored: RecordedStroke, played: PlayedStroke): MatchResult<null> {
  const corrupt = (what: string) =>
    fail("record-corrupt", `stroke ${played.number}: ${what}`, "Запись повреждена.", "played");
  if ("events" in stored && !sameJson(stored.events, played.events)) {
    return corrupt("the events kept with the stroke are not its action's");
  }
  if ("request" in stored && !sameJson(stored.request, played.request)) {
    return corrupt("the request kept with the stroke is not its action's");
  }
  if ("verdict" in stored) {
    const folded = judged(played);
    if (!sameJson(judgedOfStored(stored.verdict, folded), folded)) {
      return corrupt("the verdict kept with the stroke is not the one the fold judges");
    }
  }
  return ok(null);
}
