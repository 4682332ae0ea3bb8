import type { TFunction } from "i18next";
import type { ShotBroadcast } from "../net/messages.ts";

/** The verdict in the reader's language, with its clauses: the server's own explanation when it has one. */
export function verdictText(shot: ShotBroadcast, language: string, t: TFunction): string {
  const v = shot.verdict;
  const explanation = v?.explanation ? (language === "en" ? v.explanation.en : v.explanation.ru) : "";
  const base = explanation || (shot.kind === "clock" ? t("verdict.clock") : t("verdict.none"));
  const clauses = v?.clauses?.length ? ` (${t("verdict.clauses", { list: v.clauses.join(", ") })})` : "";
  // Explanations usually name their clauses already; repeat them only when they do not.
  return explanation && /\d/.test(explanation) ? base : base + clauses;
}
