import type { PracticeHint } from "@habibka/shared/protocol";
import type { TFunction } from "i18next";
import { calledBallText } from "../ui/call-text.ts";

/** The computer's hint in words: cue ball, call, speed and tip, and how likely it thinks the call scores. */
export function hintText(hint: PracticeHint, language: string, t: TFunction): string {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
  const { stroke } = hint;
  const call =
    hint.call.length === 0
      ? t("practice.hintNoCall")
      : hint.call.map((c) => calledBallText(c, stroke.cue, t)).join("; ");
  const tip =
    Math.hypot(stroke.offset.x, stroke.offset.y) < 0.01
      ? t("practice.tipCentre")
      : t("practice.tipAt", { x: number.format(stroke.offset.x), y: number.format(stroke.offset.y) });
  const chance =
    hint.call.length > 0 ? t("practice.hintChance", { percent: Math.round(hint.expected.success * 100) }) : "";
  return t("practice.hintLine", {
    level: t(`computer.level.${hint.level}`),
    cue: stroke.cue,
    call,
    speed: number.format(stroke.speed),
    tip,
    chance,
  });
}
