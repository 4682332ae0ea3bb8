import { useTranslation } from "react-i18next";
import { RatingMark } from "../account/RatingMark.tsx";
import type { TableSnapshot } from "../net/table-snapshot.ts";
import { BallIcon } from "./BallIcon.tsx";
import { useShotClockSeconds } from "./use-shot-clock.ts";

interface Props {
  readonly snapshot: TableSnapshot;
  readonly seat: 0 | 1 | null;
}

/** A small chip before the computer's name: the seat is played by the program, not by a person. */
function ComputerMark({ testId }: { readonly testId: string }) {
  const { t } = useTranslation();
  return (
    <span className="computer-mark" data-testid={testId} title={t("computer.mark")}>
      <svg width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
        <rect x="3" y="3" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
        <rect x="5.5" y="5.5" width="3" height="3" fill="currentColor" />
        <path d="M5 1v2M9 1v2M5 11v2M9 11v2M1 5h2M1 9h2M11 5h2M11 9h2" stroke="currentColor" strokeWidth="1.2" />
      </svg>
      <span className="sr-only">{t("computer.mark")}</span>
    </span>
  );
}

/** Minutes and seconds, as a countdown reads: 2:05. */
function countdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Both players in one fixed-height strip over the table: names, the score and the shelf [полка] as balls,
 * debts, whose turn and the shot clock; an absent player is shown with the time his seat is still held.
 */
export function Scoreboard({ snapshot, seat }: Props) {
  const { t } = useTranslation();
  const clockSeconds = useShotClockSeconds(snapshot.clockLeftMs, snapshot.clockSetting);
  return (
    <section className="scoreboard" aria-label={t("table.players")} data-testid="players">
      {snapshot.players.map((player, index) => {
        const turn = snapshot.toMove === index && snapshot.phase !== "finished" && snapshot.phase !== "waiting";
        const key = `seat-${index}`;
        if (!player) {
          return (
            <div key={key} className="player empty" data-testid={`player-${index}`}>
              <span className="name">{t("lobby.freeSeat")}</span>
            </div>
          );
        }
        const absent = !player.connected;
        // The computer's level on the line below its name: «Компьютер · новичок» on one line was cut to
        // «Компьютер…» in a phone's half of the strip.
        const level = player.computer && snapshot.level ? t(`computer.level.${snapshot.level}`) : null;
        return (
          <div
            key={key}
            className={`player${turn ? " turn" : ""}${seat === index ? " me" : ""}${absent ? " absent" : ""}`}
            data-testid={`player-${index}`}
            aria-current={turn ? "true" : undefined}
          >
            <div className="player-head">
              {/* The computer is never away: its chip takes the presence dot's place, leaving its name the room. */}
              {player.computer ? (
                <ComputerMark testId={`computer-${index}`} />
              ) : (
                <span className={absent ? "dot off" : "dot on"} aria-hidden="true" />
              )}
              <span className="name" title={player.name} data-testid={`player-name-${index}`}>
                {level ? t("computer.title") : player.name}
                {seat === index && <em className="you-tag"> ({t("table.you")})</em>}
              </span>
              <span className="score" data-testid={`score-${index}`}>
                {player.shelf.length}
              </span>
            </div>
            <div className="player-line">
              {player.rating && <RatingMark rating={player.rating} testId={`rating-${index}`} />}
              {level && (
                <span className="level" data-testid={`computer-level-shown-${index}`}>
                  {level}
                </span>
              )}
              <span className="shelf" title={t("table.shelf")}>
                {player.shelf.map((ball) => (
                  <BallIcon key={ball} id={ball} size={15} />
                ))}
              </span>
              {player.debt > 0 && (
                <span className="debt" data-testid={`debt-${index}`}>
                  {t("table.debt", { count: player.debt })}
                </span>
              )}
              {absent && (
                <span className="offline" data-testid={`absent-${index}`} role="timer">
                  {player.holdLeft > 0
                    ? t("table.absentFor", { time: countdown(player.holdLeft) })
                    : t("table.offline")}
                </span>
              )}
              {turn && !absent && clockSeconds > 0 && (
                <span className={clockSeconds <= 10 ? "clock low" : "clock"} data-testid="clock" role="timer">
                  {t("table.clock", { count: clockSeconds })}
                </span>
              )}
            </div>
          </div>
        );
      })}
    </section>
  );
}
