import type { TFunction } from "i18next";
import type { ApiProblem } from "./account-data.ts";

/**
 * A refused account call in the player's words: no answer at all, too many calls, or the server's own
 * message (English, naming the field) after a general sentence, for what the page cannot say better.
 */
export function problemText(t: TFunction, problem: ApiProblem): string {
  if (problem.status === 0) return t("account.offline");
  if (problem.status === 429) return t("account.tooMany");
  return problem.message ? t("account.refusedWhy", { message: problem.message }) : t("account.refused");
}
