import { fail, ok } from "../rules/result.ts";
import { foldActions } from "./apply-action.ts";
import { checkRecordFormat, initialMatch, type MatchRecord, type RecordedAction, type RecordHeader } from "./record.ts";
import type { RecordedStroke } from "./recorded-stroke.ts";
import type { MatchResult } from "./transition.ts";

/**
 * A record whose strokes travel apart from its actions, as `GET /api/matches/:id` serves it (the actions in
 * `record`, each stroke once, in `shots`), made whole again: each stroke goes back beside the action that
 * played it, the one at which the match's shot number passed the stroke's number. Which action that is comes
 * from folding the actions, so nothing is guessed from their types; the record's own fold (`foldRecord`,
 * `matchShots`) then checks every stroke against its action as it does for a stored record.
 */
export function recordWithStrokes(
  header: RecordHeader,
  actions: readonly Omit<RecordedAction, "played">[],
  strokes: readonly RecordedStroke[],
): MatchResult<MatchRecord> {
  const format = checkRecordFormat(header);
  if (!format.ok) return format;
  const byNumber = new Map(strokes.map((stroke) => [stroke.number, stroke]));
  if (byNumber.size !== strokes.length) return corrupt("two strokes have the same number");
  const numbered = new Map<number, number>();
  try {
    const folded = foldActions(
      initialMatch(header),
      actions.map((a) => a.action),
      (index, before, transition) => {
        if (transition.state.shotNumber !== before.shotNumber) numbered.set(index, before.shotNumber);
        return ok(null);
      },
    );
    if (!folded.ok) return folded;
  } catch (cause) {
    return corrupt(`the record does not fold: ${(cause as Error).message}`);
  }
  const whole: RecordedAction[] = actions.map(({ at, action }, index) => {
    const number = numbered.get(index);
    const played = number === undefined ? undefined : byNumber.get(number);
    if (played) byNumber.delete(played.number);
    return played ? { at, action, played } : { at, action };
  });
  const [stray] = byNumber.keys();
  if (stray !== undefined) return corrupt(`no action of the record played stroke ${stray}`);
  return ok({ header, actions: whole });
}

function corrupt(message: string): MatchResult<never> {
  return fail("record-corrupt", message, "Запись повреждена.", "shots");
}
