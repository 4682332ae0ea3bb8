import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionState } from "../net/session-state.ts";
import type { TableSession } from "../net/table-session.ts";
import { ChatPanel } from "./ChatPanel.tsx";
import { CopyLink } from "./CopyLink.tsx";
import { inviteLink } from "./player-name.ts";
import { ShotLog } from "./ShotLog.tsx";
import { SiteTools } from "./SiteTools.tsx";
import type { SeatNames } from "./verdict-text.ts";

interface Props {
  readonly session: TableSession;
  readonly state: SessionState;
  readonly names: SeatNames;
  readonly onRules: () => void;
  /** In the chat's place of writing: a visitor without a name gives one first. */
  readonly chatGuest?: ReactNode;
}

/**
 * Everything about the match that is not the shot at hand: the table's code and watchers, resigning
 * (confirmed), the shot log and the chat. Beside the table on a laptop; a sheet over it on a phone, where it
 * also holds the site's switches that the header holds elsewhere.
 */
export function MatchMenu({ session, state, names, onRules, chatGuest }: Props) {
  const { t } = useTranslation();
  const { snapshot, seat } = state;
  const [confirming, setConfirming] = useState(false);
  const inMatch = snapshot.phase === "lag" || snapshot.phase === "opening" || snapshot.phase === "play";
  return (
    <>
      <nav className="site-tools" aria-label={t("app.settings")}>
        <SiteTools onRules={onRules} idPrefix="menu-" />
      </nav>
      <section className="table-meta">
        <span className="code" data-testid="table-code">
          {state.code ? t("table.code", { code: state.code }) : ""}
        </span>
        {state.role === "spectator" && (
          <span className="badge spectator" data-testid="spectator-badge">
            {t("table.spectator")}
          </span>
        )}
        <span data-testid="spectator-count">{t("table.spectatorsCount", { count: snapshot.spectators.length })}</span>
        {snapshot.lastBall && <span className="badge">{t("table.lastBall")}</span>}
        {seat !== null && inMatch && (
          <span className="resign">
            {confirming ? (
              <span role="alertdialog" aria-label={t("match.resignConfirm")} data-testid="resign-confirm">
                <span>{t("match.resignConfirm")}</span>{" "}
                <button
                  type="button"
                  className="danger"
                  data-testid="resign-yes"
                  onClick={() => {
                    setConfirming(false);
                    session.send("resign", {});
                  }}
                >
                  {t("match.yes")}
                </button>{" "}
                <button type="button" data-testid="resign-no" onClick={() => setConfirming(false)}>
                  {t("match.no")}
                </button>
              </span>
            ) : (
              <button type="button" data-testid="resign" onClick={() => setConfirming(true)}>
                {t("match.resign")}
              </button>
            )}
          </span>
        )}
        {snapshot.opponent === "computer" && state.code && (
          // Nobody is invited to play the computer's table, but anyone with its link may watch.
          <span className="watch-link">
            <span>{t("table.watchLink")}</span>
            <CopyLink
              link={inviteLink(state.code, window.location.origin)}
              label={t("table.copyWatchLink")}
              testId="watch-link"
              copyTestId="copy-watch-link"
            />
          </span>
        )}
      </section>
      <ShotLog shots={state.shotsShown} actions={state.actions} names={names} onReplay={(r) => session.replay(r)} />
      <ChatPanel lines={state.chat} onSend={(text) => session.send("chat", { text })} guest={chatGuest} />
    </>
  );
}
