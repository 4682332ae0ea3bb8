import { type ReactNode, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { ShotBroadcast } from "../net/messages.ts";
import type { Playback } from "../net/shot-record.ts";
import { VerdictSheet } from "./VerdictSheet.tsx";
import { isFoulShot, type SeatNames, verdictText } from "./verdict-text.ts";

/** A refusal or a failed request: it takes the line until dismissed. */
interface LineError {
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
  // The verdict open over the table, kept as it was opened: the next shot (the computer plays at once) must
  // not take the words away from a player reading them.
  const [open, setOpen] = useState<{ readonly number: number; readonly text: string; readonly foul: boolean } | null>(
    null,
  );
  let line: ReactNode = null;
  let sheet: ReactNode = null;
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
        {/* A phone's line has room for the short words only: the long ones would be cut mid-sentence. */}
        <span className="rolling-text">
          <span className="long">
            {playback.replay ? t("table.replaying", { number }) : t("table.rolling", { number })}
          </span>
          <span className="short">
            {playback.replay ? t("table.replaying", { number }) : t("table.rollingShort", { number })}
          </span>
        </span>
        <button type="button" className="skip" data-testid="skip-animation" onClick={onSkip}>
          <span className="long">{playback.replay ? t("table.replayEnd") : t("table.skip")}</span>
          <span className="short">{playback.replay ? t("table.replayEnd") : t("table.skipShort")}</span>
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
    const { number } = shot.message;
    const foul = isFoulShot(shot.message);
    // The line shows two whole lines; a tap (or Enter) opens every sentence over the table.
    line = (
      <p className="verdict-slot" role="status">
        <button
          type="button"
          className={`verdict${foul ? " foul" : ""}`}
          data-testid="verdict"
          data-shot={number}
          aria-haspopup="dialog"
          aria-expanded={open?.number === number}
          title={t("verdict.open")}
          onClick={() => setOpen({ number, text, foul })}
        >
          {/* The clamp is the span's: a button does not take -webkit-box, and two whole lines show. */}
          <span className="verdict-text">
            <strong>{shot.title}</strong> {text}
          </span>
        </button>
      </p>
    );
  }
  if (open) {
    // On the body, so that none of the line's own styles (its clamp) reach the sheet.
    sheet = createPortal(
      <VerdictSheet
        title={t("verdict.sheetTitle", { number: open.number })}
        text={open.text}
        foul={open.foul}
        onClose={() => setOpen(null)}
      />,
      document.body,
    );
  }
  return (
    <div className="verdict-line">
      {line}
      {children}
      {sheet}
    </div>
  );
}
