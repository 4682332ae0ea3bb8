import type { DrawingItem, VerdictDrawing } from "@habibka/painter";
import type { ShotEvent } from "@habibka/shared";
import {
  ballName,
  clauseName,
  fill,
  foulReasonText,
  pocketName,
  type VerdictLanguage,
  verdictWords,
} from "@habibka/shared/verdict-words";

/**
 * The verdict drawing's legend in the reader's words: one line per item, naming its clause, in the order
 * the things happened; and the safety rule's line (what satisfied it, or what was missing). The lines are
 * the shared verdict catalogue's `legend` (shared/src/rules/verdict-words), beside the verdict's own words.
 */

export interface LegendLine {
  readonly key: string;
  readonly text: string;
  /** The clause as the reader writes it: «п. 3в», "cl. 3c". */
  readonly clause: string;
  readonly proof: boolean;
  readonly kind: DrawingItem["kind"] | "safety-missing";
}

function itemText(item: DrawingItem, language: VerdictLanguage): string {
  const words = verdictWords(language);
  const w = words.legend;
  const ball = (id: number) => ballName(id, language);
  switch (item.kind) {
    case "first-contact":
      return fill(w["first-contact"], { cue: item.cue, ball: ball(item.ball) });
    case "contact":
      return fill(w.contact, { a: ball(item.a), b: ball(item.b) });
    case "miss":
      return fill(w.miss, { cue: item.cue });
    case "cushion":
      return fill(w.cushion, { ball: ball(item.ball), order: item.order });
    case "centre-line":
      return fill(w["centre-line"], { ball: ball(item.ball) });
    case "called-path":
      return fill(w.path[item.outcome], {
        ball: ball(item.ball),
        pocket: pocketName(item.pocket, language),
        way: w.way[item.way],
      });
    case "drop":
      return fill(w.drop, { ball: ball(item.ball) });
    case "coloured-touched":
      return fill(w["coloured-touched"], { by: ball(item.by) });
    case "in-mouth":
      return fill(w["in-mouth"], { ball: ball(item.ball) });
    case "off-table":
      return fill(w["off-table"], { ball: ball(item.ball) });
    case "spotted":
      return fill(w.spotted[item.why], { ball: item.ball });
    case "safety-chain":
      return fill(w.chain, { how: words.safetyWay[item.condition] });
  }
}

function clauseTag(clause: string, language: VerdictLanguage): string {
  return fill(verdictWords(language).legend.clause, { clause: clauseName(clause, language) });
}

export function legendLines(
  drawing: VerdictDrawing,
  events: readonly ShotEvent[],
  language: VerdictLanguage,
): LegendLine[] {
  const lines: LegendLine[] = drawing.items.map((item, i) => ({
    key: `${item.kind}-${i}`,
    text: itemText(item, language),
    clause: clauseTag(item.clause, language),
    proof: item.proof,
    kind: item.kind,
  }));
  if (drawing.safety && !drawing.safety.met) {
    lines.push({
      key: "safety-missing",
      // The same words as the verdict's own штраф for a failed safety.
      text: foulReasonText("no-safety", events, language),
      clause: clauseTag("3", language),
      proof: false,
      kind: "safety-missing",
    });
  }
  return lines;
}
