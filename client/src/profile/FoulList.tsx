import { clauseName, verdictLanguage } from "@habibka/shared/verdict-words";
import { useTranslation } from "react-i18next";
import type { PlayerStats } from "./profile-data.ts";

/**
 * A player's fouls by the clause that made them, with the clause's number as the rules pages write it
 * («п. 17», «3в») and what it forbids, the most frequent first.
 */
export function FoulList({ fouls }: { readonly fouls: PlayerStats["fouls"] }) {
  const { t, i18n } = useTranslation();
  const language = verdictLanguage(i18n.language);
  return (
    <>
      <h3>{t("profile.fouls")}</h3>
      {fouls.length === 0 ? (
        <p className="hint">{t("profile.noFouls")}</p>
      ) : (
        <ul className="fouls" data-testid="profile-fouls">
          {fouls.map(([clause, count]) => (
            <li key={clause} data-clause={clause}>
              <span className="clause">{t("profile.clause", { clause: clauseName(clause, language) })}</span>
              <span className="what">{t(`profile.clauses.${clause}`, { defaultValue: "" })}</span>
              <span className="count">{count}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
