import { useState } from "react";
import { useTranslation } from "react-i18next";

const TOUR_KEY = "habibka.tour";
const STEPS = ["aim", "call", "shoot"] as const;

export function tourDone(): boolean {
  try {
    return localStorage.getItem(TOUR_KEY) === "done";
  } catch {
    return true;
  }
}

function finishTour(): void {
  try {
    localStorage.setItem(TOUR_KEY, "done");
  } catch {
    // shown again next time
  }
}

/**
 * The first visit's three steps: how to aim, how to call, how to set the power and shoot. While a shot plays
 * (the opponent's first stroke, most often) it steps aside, keeping its step, so that it never hides the
 * balls the player is watching; it comes back once they stop.
 */
export function TourOverlay({ onDone, hidden = false }: { readonly onDone: () => void; readonly hidden?: boolean }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  if (hidden) return null;
  const name = STEPS[step]!;
  const last = step === STEPS.length - 1;
  const done = () => {
    finishTour();
    onDone();
  };
  return (
    <div
      className={`tour tour-${name}`}
      data-testid="tour"
      data-step={step + 1}
      role="dialog"
      aria-labelledby="tour-title"
    >
      <div className="tour-card">
        <p className="tour-count">{t("tour.count", { step: step + 1, of: STEPS.length })}</p>
        <h2 id="tour-title">{t(`tour.${name}.title`)}</h2>
        <p>{t(`tour.${name}.text`)}</p>
        <div className="row">
          <button
            type="button"
            className="primary"
            data-testid="tour-next"
            onClick={() => (last ? done() : setStep(step + 1))}
          >
            {last ? t("tour.done") : t("tour.next")}
          </button>
          {!last && (
            <button type="button" data-testid="tour-skip" onClick={done}>
              {t("tour.skip")}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
