import { COMPUTER_LEVELS, type ComputerLevel } from "@habibka/shared/match";
import type { PracticePosition } from "@habibka/shared/protocol";
import { useTranslation } from "react-i18next";
import { CopyLink } from "./CopyLink.tsx";
import { PracticeSituation } from "./PracticeSituation.tsx";
import type { SeatNames } from "./verdict-text.ts";

interface Props {
  readonly position: PracticePosition;
  readonly names: SeatNames;
  readonly onChange: (next: PracticePosition) => void;
  /** The computer's strength the hint is asked at. */
  readonly level: ComputerLevel;
  readonly onLevel: (level: ComputerLevel) => void;
  /** The link to the position, once the player asked for one. */
  readonly shared: string | null;
}

/** The practice table's side panel: the match situation, the hint's strength, the link to share. */
export function PracticeSidePanel({ position, names, onChange, level, onLevel, shared }: Props) {
  const { t } = useTranslation();
  return (
    <aside className="side-panel" data-testid="side-panel">
      <PracticeSituation position={position} names={names} onChange={onChange} />
      <section className="practice-hint-level">
        <label className="field">
          <span>{t("practice.level")}</span>
          <select data-testid="practice-level" value={level} onChange={(e) => onLevel(e.target.value as ComputerLevel)}>
            {COMPUTER_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`computer.level.${l}`)}
              </option>
            ))}
          </select>
        </label>
      </section>
      {shared && (
        <section>
          <h3>{t("practice.shareTitle")}</h3>
          <CopyLink
            link={shared}
            label={t("practice.copyLink")}
            testId="practice-link"
            copyTestId="practice-copy-link"
          />
        </section>
      )}
    </aside>
  );
}
