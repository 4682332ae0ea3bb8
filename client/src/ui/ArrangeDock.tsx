import { useTranslation } from "react-i18next";
import { BallIcon } from "./BallIcon.tsx";

interface Props {
  /** The balls out of play, to put back on the table. */
  readonly tray: readonly number[];
  readonly picked: number | null;
  readonly onPick: (ball: number | null) => void;
}

/** The practice table's dock while the position is set by hand: what to do, and the tray of balls out of play. */
export function ArrangeDock({ tray, picked, onPick }: Props) {
  const { t } = useTranslation();
  return (
    <div className="arrange-dock" data-testid="arrange-dock">
      <p className="hint">{picked !== null ? t("practice.picked", { ball: picked }) : t("practice.arrangeHint")}</p>
      <p className="hint">{tray.length > 0 ? t("practice.trayHint") : t("practice.trayEmpty")}</p>
      <div className="tray" data-testid="practice-tray">
        {tray.map((id) => (
          <button
            key={id}
            type="button"
            className={picked === id ? "tray-ball picked" : "tray-ball"}
            data-testid={`tray-${id}`}
            aria-pressed={picked === id}
            onClick={() => onPick(picked === id ? null : id)}
          >
            <BallIcon id={id} size={26} />
          </button>
        ))}
      </div>
    </div>
  );
}
