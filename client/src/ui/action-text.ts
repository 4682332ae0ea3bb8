import type { TFunction } from "i18next";
import type { ActionBroadcast } from "../net/messages.ts";
import type { SeatNames } from "./verdict-text.ts";

/** A decision that is not a shot, in words: the offer taken or passed, a resignation, a seat lost. */
export function actionText(action: ActionBroadcast, names: SeatNames, t: TFunction): string {
  const name = names[action.seat] ?? "";
  const other = names[action.seat === 0 ? 1 : 0] ?? "";
  if (action.kind === "take" || action.kind === "pass") {
    return t(`action.${action.kind}.${action.offer ?? "bonus"}`, { name, other });
  }
  return t(`action.${action.kind}`, { name, other });
}
