import { useTranslation } from "react-i18next";
import type { TableSnapshot } from "../net/table-snapshot.ts";
import { BallIcon } from "./BallIcon.tsx";

interface Props {
  readonly snapshot: TableSnapshot;
  readonly seat: 0 | 1 | null;
}

/** Both players: names, shelves [полка] drawn as balls, debts, whose turn, the clock; and the watchers. */
export function Scoreboard({ snapshot, seat }: Props) {
  const { t } = useTranslation();
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
        return (
          <div
            key={key}
            className={`player${turn ? " turn" : ""}${seat === index ? " me" : ""}`}
            data-testid={`player-${index}`}
            aria-current={turn ? "true" : undefined}
          >
            <div className="player-head">
              <span
                className={player.connected ? "dot on" : "dot off"}
                title={player.connected ? "" : t("table.offline")}
              />
              <span className="name">
                {player.name}
                {seat === index && <em> ({t("table.you")})</em>}
              </span>
              <span className="score" data-testid={`score-${index}`}>
                {player.shelf.length}
              </span>
            </div>
            <div className="shelf" title={t("table.shelf")}>
              {player.shelf.map((ball) => (
                <BallIcon key={ball} id={ball} size={18} />
              ))}
            </div>
            {player.debt > 0 && <div className="debt">{t("table.debt", { count: player.debt })}</div>}
            {!player.connected && <div className="offline">{t("table.offline")}</div>}
            {turn && snapshot.clockLeft > 0 && (
              <div className={snapshot.clockLeft <= 10 ? "clock low" : "clock"} data-testid="clock" role="timer">
                {t("table.clock", { count: snapshot.clockLeft })}
              </div>
            )}
          </div>
        );
      })}
      <div className="table-meta">
        <span data-testid="spectator-count">{t("table.spectatorsCount", { count: snapshot.spectators.length })}</span>
        {snapshot.lastBall && <span className="badge">{t("table.lastBall")}</span>}
      </div>
    </section>
  );
}
