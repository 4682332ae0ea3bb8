import type { PracticePosition } from "@habibka/shared/protocol";
import { useTranslation } from "react-i18next";
import {
  addToShelf,
  DEBT_LIMIT,
  isLastBall,
  lastBallPosition,
  type Player,
  SHELF_LIMIT,
  takeFromShelf,
  trayOf,
  withDebt,
  withOpening,
} from "../practice/situation.ts";
import { BallIcon } from "./BallIcon.tsx";

interface Props {
  readonly position: PracticePosition;
  readonly names: readonly [string, string];
  readonly onChange: (next: PracticePosition) => void;
}

function Stepper({
  label,
  value,
  testId,
  onLess,
  onMore,
  canLess,
  canMore,
}: {
  readonly label: string;
  readonly value: number;
  readonly testId: string;
  readonly onLess: () => void;
  readonly onMore: () => void;
  readonly canLess: boolean;
  readonly canMore: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="stepper">
      <span>{label}</span>
      <button type="button" aria-label={`${label}: ${t("practice.less")}`} disabled={!canLess} onClick={onLess}>
        −
      </button>
      <output data-testid={testId}>{value}</output>
      <button type="button" aria-label={`${label}: ${t("practice.more")}`} disabled={!canMore} onClick={onMore}>
        +
      </button>
    </div>
  );
}

/** The match situation of the practice position: each shelf and debt, the opening, last-ball play. */
export function PracticeSituation({ position, names, onChange }: Props) {
  const { t } = useTranslation();
  const trayWhites = trayOf(position).filter((id) => id !== 0).length;
  const lastBall = isLastBall(position);
  return (
    <section className="practice-situation" aria-label={t("practice.situation")}>
      <h3>{t("practice.situation")}</h3>
      {trayWhites === 0 && <small className="hint">{t("practice.shelfFromTray")}</small>}
      {([0, 1] as const).map((player: Player) => {
        const shelf = position.match.shelf[player];
        return (
          <div key={player} className="practice-player">
            <Stepper
              label={t("practice.shelf", { name: names[player] })}
              value={shelf.length}
              testId={`practice-shelf-${player}`}
              onLess={() => onChange(takeFromShelf(position, player))}
              onMore={() => onChange(addToShelf(position, player))}
              canLess={shelf.length > 0}
              canMore={shelf.length < SHELF_LIMIT && trayWhites > 0}
            />
            <span className="shelf-balls">
              {shelf.map((id) => (
                <BallIcon key={id} id={id} size={18} />
              ))}
            </span>
            <Stepper
              label={t("practice.debt", { name: names[player] })}
              value={position.match.debt[player]}
              testId={`practice-debt-${player}`}
              onLess={() => onChange(withDebt(position, player, position.match.debt[player] - 1))}
              onMore={() => onChange(withDebt(position, player, position.match.debt[player] + 1))}
              canLess={position.match.debt[player] > 0}
              canMore={position.match.debt[player] < DEBT_LIMIT}
            />
          </div>
        );
      })}
      <label className="check">
        <input
          type="checkbox"
          data-testid="practice-opening"
          checked={position.match.opening}
          onChange={(e) => onChange(withOpening(position, e.target.checked))}
        />
        {t("practice.opening")}
      </label>
      <div className="row">
        <span className={lastBall ? "last-ball on" : "last-ball"} data-testid="practice-last-ball">
          {lastBall ? t("practice.lastBallOn") : t("practice.lastBall")}
        </span>
        {!lastBall && (
          <button
            type="button"
            data-testid="practice-last-ball-set"
            onClick={() => onChange(lastBallPosition(position))}
          >
            {t("practice.lastBallSet")}
          </button>
        )}
      </div>
    </section>
  );
}
