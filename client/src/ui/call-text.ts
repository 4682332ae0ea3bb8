import type { TFunction } from "i18next";
import type { CalledBall } from "../net/messages.ts";

/** One called ball in words: "шар 3 — в левую угловую у пирамиды, прямо" (свояк when it is the cue ball). */
export function calledBallText(called: CalledBall, cue: number | undefined, t: TFunction): string {
  return t("call.entry", {
    ball: called.ball === cue ? t("call.ownBall", { ball: called.ball }) : t("call.ball", { ball: called.ball }),
    pocket: t(`call.pockets.${called.pocket}`),
    way: t(`call.${called.way}`),
  });
}
