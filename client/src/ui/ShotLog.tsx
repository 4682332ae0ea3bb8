import { useTranslation } from "react-i18next";
import type { ActionBroadcast } from "../net/messages.ts";
import type { ShotRecord } from "../net/shot-record.ts";
import { practiceLink } from "../practice/position-link.ts";
import { positionBeforeShot } from "../practice/shot-position.ts";
import { actionText } from "./action-text.ts";
import { calledBallText } from "./call-text.ts";
import { isFoulShot, type SeatNames, verdictText } from "./verdict-text.ts";

interface Props {
  readonly shots: readonly ShotRecord[];
  readonly actions: readonly ActionBroadcast[];
  readonly names: SeatNames;
  readonly onReplay: (record: ShotRecord) => void;
}

type Entry =
  | { readonly order: number; readonly shot: ShotRecord }
  | { readonly order: number; readonly action: ActionBroadcast };

/**
 * Every shot of this match seen here, newest first, each with its verdict and a replay; between them the
 * decisions that are not shots (an offer taken or passed, a resignation), where they were made.
 */
export function ShotLog({ shots, actions, names, onReplay }: Props) {
  const { t, i18n } = useTranslation();
  // An action names the shot it was made before: it sits between that shot and the previous one.
  const entries: Entry[] = [
    ...shots.map((shot) => ({ order: shot.message.number, shot })),
    ...actions.map((action) => ({ order: action.shotNumber - 0.5, action })),
  ].sort((a, b) => b.order - a.order);
  return (
    <section className="shot-log" aria-label={t("log.title")}>
      <h3>{t("log.title")}</h3>
      {entries.length === 0 && <p className="hint">{t("log.empty")}</p>}
      <ol data-testid="shot-log">
        {entries.map((entry) => {
          if ("action" in entry) {
            const a = entry.action;
            return (
              <li
                key={`action-${a.kind}-${a.shotNumber}-${a.seat}`}
                className="log-action"
                data-testid={`log-action-${a.kind}`}
              >
                {actionText(a, names, t)}
              </li>
            );
          }
          const m = entry.shot.message;
          const name = names[m.seat] ?? "—";
          const before = positionBeforeShot(entry.shot);
          return (
            <li key={`${m.kind}-${m.number}`} data-testid={`log-${m.number}`}>
              <div className="log-head">
                <strong>{t("log.entry", { number: m.number, name: m.kind === "lag" ? t("log.lag") : name })}</strong>
                {/* Together, so that on a narrow panel they wrap to a line of their own side by side. */}
                <span className="log-buttons">
                  {m.trace && entry.shot.before && (
                    <button type="button" data-testid={`replay-${m.number}`} onClick={() => onReplay(entry.shot)}>
                      {t("log.replay")}
                    </button>
                  )}
                  {before && (
                    // In a tab of its own, so the match goes on here while the shot is taken apart there.
                    <a
                      className="button-link"
                      href={practiceLink(window.location.origin, before)}
                      target="_blank"
                      rel="noopener"
                      data-testid={`analyse-${m.number}`}
                    >
                      {t("log.analyse")}
                    </a>
                  )}
                </span>
              </div>
              {m.kind === "shot" && m.request?.call && (
                <p className="hint">
                  {m.request.call.length === 0
                    ? t("log.noCall")
                    : `${t("call.title")}: ${m.request.call
                        .map((c) => calledBallText(c, m.request?.stroke?.cue, t))
                        .join("; ")}`}
                </p>
              )}
              <p className={isFoulShot(m) ? "foul" : ""}>{verdictText(m, names, i18n.language)}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
