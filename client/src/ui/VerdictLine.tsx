import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ShotBroadcast } from "../net/messages.ts";
import type { Playback } from "../net/shot-record.ts";
import { isFoulShot, type SeatNames, verdictText } from "./verdict-text.ts";

/** A refusal or a failed request: it takes the line until dismissed. */
export interface LineError {
  readonly text: string;
  readonly testId: string;
  readonly onDismiss: () => void;
}

interface Props {
  readonly error: LineError | null;
  /** What keeps the position from being played (the practice table's check), shown before all but an error. */
  readonly problem?: string | null;
  /** The shot rolling now: the line says so and offers to skip to its end. */
  readonly playback: Playback | null;
  readonly onSkip: () => void;
  /** Shown in place of the last verdict until the next shot (the practice table's hint). */
  readonly hint?: string | null;
  /** The last shot, and its heading as the table numbers it. */
  readonly shot: { readonly message: ShotBroadcast; readonly title: string } | null;
  readonly names: SeatNames;
  /** The table's own buttons at the end of the line. */
  readonly children?: ReactNode;
}

/**
 * The line under the table, the live table's and the practice table's: the shot rolling, or the last
 * shot's verdict in words once the balls stopped (the same words the match page and the log use).
 */
export function VerdictLine({ error, problem, playback, onSkip, hint, shot, names, children }: Props) {
  const { t, i18n } = useTranslation();
  let line: ReactNode = null;
  if (error) {
    line = (
      <p className="error" role="alert" data-testid={error.testId}>
        {error.text}{" "}
        <button type="button" className="dismiss" aria-label={t("app.close")} onClick={error.onDismiss}>
          ×
        </button>
      </p>
    );
  } else if (problem) {
    line = (
      <p className="error" data-testid="practice-problem">
        {problem}
      </p>
    );
  } else if (playback) {
    const number = playback.record.message.number;
    line = (
      <p className="verdict rolling" data-testid="rolling">
        <span>{playback.replay ? t("table.replaying", { number }) : t("table.rolling", { number })}</span>
        <button type="button" className="skip" data-testid="skip-animation" onClick={onSkip}>
          {playback.replay ? t("table.replayEnd") : t("table.skip")}
        </button>
      </p>
    );
  } else if (typeof hint === "string") {
    line = (
      <p className="verdict hint-line" data-testid="practice-hint-line" role="status">
        {hint}
      </p>
    );
  } else if (shot) {
    const text = verdictText(shot.message, names, i18n.language);
    line = (
      <p
        className={`verdict${isFoulShot(shot.message) ? " foul" : ""}`}
        data-testid="verdict"
        data-shot={shot.message.number}
        role="status"
        title={text}
      >
        <strong>{shot.title}</strong> {text}
      </p>
    );
  }
  return (
    <div className="verdict-line">
      {line}
      {children}
    </div>
  );
}
