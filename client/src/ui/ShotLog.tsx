import { useTranslation } from "react-i18next";
import type { ShotRecord } from "../net/table-session.ts";
import type { TableSnapshot } from "../net/table-snapshot.ts";
import { calledBallText } from "./call-text.ts";
import { verdictText } from "./verdict-text.ts";

interface Props {
  readonly shots: readonly ShotRecord[];
  readonly snapshot: TableSnapshot;
  readonly onReplay: (record: ShotRecord) => void;
}

/** Every shot of this match seen here, newest first, each with its verdict and a replay. */
export function ShotLog({ shots, snapshot, onReplay }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <section className="shot-log" aria-label={t("log.title")}>
      <h3>{t("log.title")}</h3>
      {shots.length === 0 && <p className="hint">{t("log.empty")}</p>}
      <ol data-testid="shot-log">
        {[...shots].reverse().map((record) => {
          const m = record.message;
          const name = snapshot.players[m.seat]?.name ?? "—";
          return (
            <li key={`${m.kind}-${m.number}`} data-testid={`log-${m.number}`}>
              <div className="log-head">
                <strong>{t("log.entry", { number: m.number, name: m.kind === "lag" ? t("log.lag") : name })}</strong>
                {m.trace && record.before && (
                  <button type="button" data-testid={`replay-${m.number}`} onClick={() => onReplay(record)}>
                    {t("log.replay")}
                  </button>
                )}
              </div>
              {m.kind === "shot" && m.request?.call && (
                <p className="hint">
                  {m.request.call.length === 0
                    ? t("call.none")
                    : `${t("call.title")}: ${m.request.call
                        .map((c) => calledBallText(c, m.request?.stroke?.cue, t))
                        .join("; ")}`}
                </p>
              )}
              <p className={m.verdict?.foul ? "foul" : ""}>{verdictText(m, i18n.language, t)}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
