import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { CalledBall, ShotBroadcast } from "../net/messages.ts";
import type { SessionState } from "../net/session-state.ts";
import { CallSummary } from "./CallPanel.tsx";
import { CopyLink } from "./CopyLink.tsx";
import { inviteLink } from "./player-name.ts";
import { RematchButton } from "./RematchButton.tsx";

interface Props {
  readonly state: SessionState;
  /** The live shot still rolling here: who struck it and what was called, while its result waits. */
  readonly playing: ShotBroadcast | null;
  /** The striker's relayed call and cue ball, shown while the others wait. */
  readonly theirCall: { readonly call: readonly CalledBall[]; readonly cue: number } | null;
  readonly onRematch: () => void;
  /** Opens the result again; null while it is shown. */
  readonly onShowResult: (() => void) | null;
}

/**
 * The control strip when this page has no stroke to compose: the invite while a seat is free, who is playing
 * and what he has called, who is deciding on an offer, or the result with the rematch. It keeps the strip's
 * height, so the table never moves when the turn changes hands.
 */
export function WaitingDock({ state, playing, theirCall, onRematch, onShowResult }: Props) {
  const { t } = useTranslation();
  const { snapshot, seat } = state;
  const link = state.code ? inviteLink(state.code, window.location.origin) : "";
  const mover = snapshot.players[snapshot.toMove]?.name ?? "";

  if (snapshot.phase === "waiting") {
    // Against the computer nobody is invited: its seat fills by itself, and watchers get the link in the menu.
    if (snapshot.opponent === "computer") {
      return (
        <section className="waiting-dock" data-testid="waiting-dock">
          <p className="waiting-line">{t("computer.seating")}</p>
        </section>
      );
    }
    return (
      <section className="waiting-dock invite-box" data-testid="invite">
        <p>{t("table.waiting")}</p>
        <CopyLink link={link} label={t("table.copyLink")} testId="invite-link" copyTestId="copy-link" />
      </section>
    );
  }

  if (snapshot.phase === "finished") {
    const winner = snapshot.players[snapshot.winner]?.name ?? "—";
    return (
      <section className="waiting-dock" data-testid="result-dock">
        <p>
          <strong>{t("table.winner", { name: winner })}</strong>
        </p>
        <div className="row">
          {onShowResult && (
            <button type="button" onClick={onShowResult} data-testid="show-result">
              {t("result.show")}
            </button>
          )}
          {seat !== null && (
            <RematchButton snapshot={snapshot} seat={seat} onRematch={onRematch} testId="rematch-dock" />
          )}
        </div>
      </section>
    );
  }

  if (playing) {
    const striker = playing.kind === "lag" ? t("log.lag") : (snapshot.players[playing.seat]?.name ?? "");
    const call = playing.request?.call ?? [];
    return (
      <section className="waiting-dock" data-testid="waiting-dock">
        <p className="waiting-line">{t("table.playing", { number: playing.number, name: striker })}</p>
        {playing.kind === "shot" && (
          <div className="their-call">
            <CallSummary call={call} cue={playing.request?.stroke?.cue ?? -1} onWay={null} />
          </div>
        )}
      </section>
    );
  }

  let line = "";
  // The words the status strip's turn line says as well: shown only where that line is not (a phone in
  // portrait), so that who is at the table is said once.
  let echo = false;
  if (snapshot.phase === "lag") {
    line = lagLine(state, t);
    echo = true;
  } else if (snapshot.offer !== "" && mover) {
    line = t(snapshot.offer === "bonus" ? "offer.waitBonus" : "offer.waitFoul", { name: mover });
  } else if (mover && snapshot.players[snapshot.toMove]?.connected === false) {
    line = t("table.moverAbsent", { name: mover });
    echo = true;
  } else if (mover) {
    echo = snapshot.phase !== "opening";
    line = snapshot.phase === "opening" ? t("opening.theirs", { name: mover }) : t("table.theirTurn", { name: mover });
  }
  return (
    <section className="waiting-dock" data-testid="waiting-dock">
      <p className={echo ? "waiting-line turn-echo" : "waiting-line"}>{line}</p>
      {theirCall && theirCall.call.length > 0 && (
        <div className="their-call" data-testid="their-call">
          <span className="hint">{t("call.shown")}</span>
          <CallSummary call={theirCall.call} cue={theirCall.cue} onWay={null} />
        </div>
      )}
    </section>
  );
}

/** The lag as this page's reader sees it: his own lag sent or due, the other's, or a spectator's view. */
export function lagLine(state: SessionState, t: TFunction): string {
  const { snapshot, seat } = state;
  const names = snapshot.players.map((p) => p?.name ?? "");
  if (seat === null) {
    const waiting = [0, 1].filter((s) => !snapshot.lagSent[s]).map((s) => names[s]);
    return waiting.length === 1 ? t("lag.watchWaiting", { name: waiting[0] }) : t("lag.watching");
  }
  const other = seat === 0 ? 1 : 0;
  if (snapshot.lagSent[seat]) return t("lag.sent", { name: names[other] });
  return snapshot.lagSent[other] ? t("lag.otherSent", { name: names[other] }) : t("lag.hint");
}
