import { useTranslation } from "react-i18next";
import type { TableSnapshot } from "../net/table-snapshot.ts";

interface Props {
  readonly snapshot: TableSnapshot;
  readonly seat: 0 | 1;
  readonly onAnswer: (accept: boolean) => void;
  /** The table is away (reconnecting): an answer now would be lost. */
  readonly disabled?: boolean;
}

/** An offer for this player, in place of the stroke controls: take the shot, or pass it back. */
export function OfferDock({ snapshot, seat, onAnswer, disabled = false }: Props) {
  const { t } = useTranslation();
  const other = snapshot.players[seat === 0 ? 1 : 0]?.name ?? "";
  const bonus = snapshot.offer === "bonus";
  return (
    <section className="decision" data-testid="decision" role="alertdialog" aria-label={t("offer.title")}>
      <p>{bonus ? t("offer.bonus") : t("offer.foul", { name: other })}</p>
      <div className="row">
        <button
          type="button"
          className="primary"
          data-testid="answer-accept"
          disabled={disabled}
          onClick={() => onAnswer(true)}
        >
          {bonus ? t("offer.bonusTake") : t("offer.foulPlay")}
        </button>
        <button type="button" data-testid="answer-pass" disabled={disabled} onClick={() => onAnswer(false)}>
          {bonus ? t("offer.bonusPass") : t("offer.foulPass", { name: other })}
        </button>
      </div>
    </section>
  );
}
