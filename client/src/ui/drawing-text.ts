import type { DrawingItem, VerdictDrawing } from "@habibka/painter";
import type { ShotEvent } from "@habibka/shared";
import { clauseName } from "@habibka/shared/rules";
import { COLOURED_BALL } from "@habibka/shared/table";
import type { TFunction } from "i18next";
import { safetyShortfall } from "./verdict-text.ts";

/**
 * The verdict drawing's legend in the reader's words: one line per item, naming its clause, in the order
 * the things happened; and the safety rule's line (what satisfied it, or what was missing).
 */

export interface LegendLine {
  readonly key: string;
  readonly text: string;
  /** The clause as the reader writes it: «п. 3в», "cl. 3c". */
  readonly clause: string;
  readonly proof: boolean;
  readonly kind: DrawingItem["kind"] | "safety-missing";
}

function ball(id: number, t: TFunction): string {
  return id === COLOURED_BALL ? t("verdict.colouredBall") : t("call.ball", { ball: id });
}

function itemText(item: DrawingItem, t: TFunction): string {
  switch (item.kind) {
    case "first-contact":
      return t("drawing.first-contact", { cue: item.cue, ball: ball(item.ball, t) });
    case "contact":
      return t("drawing.contact", { a: ball(item.a, t), b: ball(item.b, t) });
    case "miss":
      return t("drawing.miss", { cue: item.cue });
    case "cushion":
      return t("drawing.cushion", { ball: ball(item.ball, t), order: item.order });
    case "centre-line":
      return t("drawing.centre-line", { ball: ball(item.ball, t) });
    case "called-path":
      return t(`drawing.path.${item.outcome}`, {
        ball: ball(item.ball, t),
        pocket: t(`call.pockets.${item.pocket}`),
        way: t(`drawing.way.${item.way}`),
      });
    case "drop":
      return t("drawing.drop", { ball: ball(item.ball, t) });
    case "coloured-touched":
      return t("drawing.coloured-touched", { by: ball(item.by, t) });
    case "in-mouth":
      return t("drawing.in-mouth", { ball: ball(item.ball, t) });
    case "off-table":
      return t("drawing.off-table", { ball: ball(item.ball, t) });
    case "spotted":
      return t(`drawing.spotted.${item.why}`, { ball: item.ball });
    case "safety-chain":
      return t("drawing.chain", { how: t(`verdict.safetyWay.${item.condition}`) });
  }
}

export function clauseTag(clause: string, language: "ru" | "en", t: TFunction): string {
  return t("drawing.clause", { clause: clauseName(clause, language) });
}

export function legendLines(
  drawing: VerdictDrawing,
  events: readonly ShotEvent[],
  language: "ru" | "en",
  t: TFunction,
): LegendLine[] {
  const lines: LegendLine[] = drawing.items.map((item, i) => ({
    key: `${item.kind}-${i}`,
    text: itemText(item, t),
    clause: clauseTag(item.clause, language, t),
    proof: item.proof,
    kind: item.kind,
  }));
  if (drawing.safety && !drawing.safety.met) {
    lines.push({
      key: "safety-missing",
      text: t(`verdict.reason.noSafety.${safetyShortfall(events)}`),
      clause: clauseTag("3", language, t),
      proof: false,
      kind: "safety-missing",
    });
  }
  return lines;
}
