import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { lagSideOf } from "../game/house.ts";
import { turnRights } from "../game/turn-rights.ts";
import { seriesScore } from "../net/series.ts";
import type { SessionState } from "../net/session-state.ts";
import type { TableSession } from "../net/table-session.ts";
import { EMPTY_OVERLAY } from "../table/draw-overlay.ts";
import { useLagMarks } from "../table/lag-marks.ts";
import { TableCanvas } from "../table/TableCanvas.tsx";
import { ChatToast, UnreadBadge, useChatNews } from "./ChatNews.tsx";
import { ConnectionBanner } from "./ConnectionBanner.tsx";
import { withComputerName } from "./computer-name.ts";
import { GuestName } from "./GuestName.tsx";
import { MatchMenu } from "./MatchMenu.tsx";
import { OfferDock } from "./OfferDock.tsx";
import { ResultOverlay } from "./ResultOverlay.tsx";
import { Scoreboard } from "./Scoreboard.tsx";
import { SeatsTaken } from "./SeatsTaken.tsx";
import { SpectatorHistory } from "./SpectatorHistory.tsx";
import { StrokeDock } from "./StrokeDock.tsx";
import { TourOverlay, tourDone } from "./TourOverlay.tsx";
import { TurnLine } from "./TurnLine.tsx";
import { TurnNotice } from "./TurnNotice.tsx";
import { useNotices } from "./use-notices.ts";
import { useRelayedAim } from "./use-relayed-aim.ts";
import { useShotPlayback } from "./use-shot-playback.ts";
import { useStrokeComposer } from "./use-stroke-composer.ts";
import { useAimRelay, useStrokeSender } from "./use-stroke-sender.ts";
import { useVerdictLayer } from "./use-verdict-layer.ts";
import { VerdictLine } from "./VerdictLine.tsx";
import type { SeatNames } from "./verdict-text.ts";
import { WaitingDock } from "./WaitingDock.tsx";

/** A visitor watching without a name: what he can do once he gives one. */
export interface Guest {
  readonly onSit: (name: string) => void;
  readonly onName: (name: string) => void;
}

interface Props {
  readonly session: TableSession;
  readonly state: SessionState;
  /** Null for a player with a name. */
  readonly guest?: Guest | null;
  readonly onLobby: () => void;
  readonly onRules: () => void;
}

/** The live table: the match as the server syncs it, this player's stroke, the others' aim and the verdicts. */
export function TableView({ session, state: synced, guest = null, onLobby, onRules }: Props) {
  const { t, i18n } = useTranslation();
  const state = useMemo(() => ({ ...synced, snapshot: withComputerName(synced.snapshot, t) }), [synced, t]);
  const { snapshot, seat, playback } = state;
  const livePlayback = playback !== null && !playback.replay;
  // Taking an offered shot: the server may keep the offer open until the shot comes (the shared flow's
  // offer phase accepts the shot itself), so the page remembers that this player chose to play.
  const [tookOffer, setTookOffer] = useState<number | null>(null);
  const rights = turnRights({ snapshot, seat, playing: livePlayback, tookOffer });
  const { canShoot, canLag, placing } = rights;
  const composing = canShoot || canLag;
  const name0 = snapshot.players[0]?.name ?? "";
  const name1 = snapshot.players[1]?.name ?? "";
  const names: SeatNames = useMemo(() => [name0, name1], [name0, name1]);

  // The lag is played on an empty table (I21): while it lasts, only the lag balls are drawn.
  const lagPhase = snapshot.phase === "lag";
  const tableBalls = useMemo(
    () => (lagPhase ? [] : snapshot.balls.filter((b) => b.onTable).map(({ id, x, y }) => ({ id, x, y }))),
    [snapshot.balls, lagPhase],
  );

  const sender = useStrokeSender(session, state, rights);
  const { connected } = sender;
  const composer = useStrokeComposer({
    turn: snapshot,
    balls: tableBalls,
    composing,
    placing,
    side: placing === "lag" && seat !== null ? lagSideOf(seat) : undefined,
    opening: placing === "opening",
    // A fresh ball in hand starts aimed where that stroke usually goes.
    startKey: placing ? `${placing}/${snapshot.shotNumber}` : "",
    loupes: true,
    onShoot: sender.shoot,
  });
  useAimRelay(sender.relay, canShoot && connected ? composer.composed : null, placing === "opening");
  const relayed = useRelayedAim(state, tableBalls, !composing && !livePlayback);
  const theirAim = relayed.aim;

  const endPlayback = useCallback(() => session.endPlayback(), [session]);
  // Once the lag's balls stop, each shows how far it is from the head cushion: what decided the lag (I21).
  const restMarks = useLagMarks(livePlayback ? playback.record.message : null, names);
  const { frame, onEvents } = useShotPlayback(playback, endPlayback);

  const notice = useNotices(state, rights, names, t);
  // The verdict drawn on the table while a shot plays and after it stops, until the next shot: hidden only
  // from the player composing his stroke, whose own guide needs the table; the others see it under his aim.
  const verdictShot = playback ? playback.record : (state.shotsShown.at(-1) ?? null);
  const verdict = useVerdictLayer(verdictShot, playback ? null : tableBalls, !composing);
  const [goingBack, setGoingBack] = useState(false);
  const spectating = state.role === "spectator";
  const [resultClosedFor, setResultClosedFor] = useState("");
  const [menuOpen, setMenuOpen] = useState(false);
  // Beside the table on a laptop the chat is always in sight; on a phone only with the menu open, and the
  // badge and the toast (shown on phones only) tell of what came meanwhile.
  const chatNews = useChatNews(state.chat, seat, menuOpen);
  const [touring, setTouring] = useState(() => !tourDone());
  const [upright, setUpright] = useState(false);
  const lastShot = state.shotsShown.at(-1);
  const errorText = state.error ? (i18n.language === "ru" && state.error.messageRu) || state.error.message : null;
  const finished = snapshot.phase === "finished";
  // The series is kept under the names the server gives (the computer's included), not the shown ones.
  const series = seriesScore(state.series, [
    synced.snapshot.players[0]?.name ?? "",
    synced.snapshot.players[1]?.name ?? "",
  ]);

  // A guest gives his name in one place at a time: in the dock while a seat is free, in the chat otherwise.
  const freeSeat = snapshot.phase === "waiting" && snapshot.opponent !== "computer" && state.role === "spectator";
  const guestForm = (seatFree: boolean) =>
    guest && spectating ? <GuestName freeSeat={seatFree} onSit={guest.onSit} onName={guest.onName} /> : null;

  let dock: ReactNode;
  if (guest && freeSeat) {
    dock = guestForm(true);
  } else if (composing) {
    dock = <StrokeDock composer={composer} canShoot={sender.ready} upright={upright} />;
  } else if (rights.offerToMe && seat !== null) {
    dock = (
      <OfferDock
        snapshot={snapshot}
        seat={seat}
        disabled={!connected}
        onAnswer={(accept) => {
          if (accept) setTookOffer(snapshot.shotNumber);
          session.send("answer", { shotNumber: snapshot.shotNumber, accept });
        }}
      />
    );
  } else {
    const cue = theirAim?.stroke.cue ?? 0;
    dock = (
      <WaitingDock
        state={state}
        playing={livePlayback ? playback.record.message : null}
        theirCall={theirAim ? { call: theirAim.call, cue } : null}
        onRematch={() => session.send("rematch", {})}
        onShowResult={resultClosedFor === snapshot.matchId ? () => setResultClosedFor("") : null}
      />
    );
  }

  return (
    <div
      className={`table-view${menuOpen ? " menu-open" : ""}${connected ? "" : " away"}`}
      data-testid="table-view"
      data-phase={snapshot.phase}
      data-match-id={snapshot.matchId}
      data-seat={seat ?? ""}
      data-role={state.role ?? ""}
      data-to-move={snapshot.toMove}
      data-shot-number={snapshot.shotNumber}
      data-offer={rights.offerToMe || (snapshot.offer !== "" && snapshot.toMove !== seat) ? snapshot.offer : ""}
      data-animating={snapshot.animating || livePlayback ? "true" : "false"}
      data-playing={livePlayback ? "true" : "false"}
      data-can-shoot={composing ? "true" : "false"}
    >
      <div className="status-bar">
        {/* A phone's way back, where the site's header gives the table its room (table-layout.css). */}
        <button
          type="button"
          className="back-button"
          data-testid="table-back"
          aria-label={t("app.back")}
          title={t("app.back")}
          onClick={onLobby}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <Scoreboard snapshot={snapshot} seat={seat} />
        <TurnLine state={state} rights={rights} playing={livePlayback} />
        <ConnectionBanner status={state.status} onRetry={() => session.retry()} onLobby={onLobby} />
        <button
          type="button"
          className="menu-button"
          data-testid="open-menu"
          aria-expanded={menuOpen}
          aria-label={
            menuOpen
              ? t("app.close")
              : chatNews.unread > 0
                ? `${t("table.menu")}. ${t("chat.unread", { count: chatNews.unread })}`
                : t("table.menu")
          }
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? "×" : "☰"}
          {!menuOpen && <UnreadBadge count={chatNews.unread} />}
        </button>
      </div>
      {/* Outside the status strip: over its turn line on a laptop, over the verdict line on a phone, and
          never over the scoreboard. */}
      <TurnNotice notice={notice} />
      <ChatToast line={chatNews.toast} onOpen={() => setMenuOpen(true)} />
      <div className="table-stage">
        <TableCanvas
          balls={composing ? composer.balls : relayed.balls}
          overlay={composer.overlay ?? relayed.overlay ?? EMPTY_OVERLAY}
          playback={frame}
          onPlaybackEnd={() => session.endPlayback()}
          onEvents={onEvents}
          onPointer={composer.onPointer}
          onKeyDown={composer.onKeyDown}
          onRotated={setUpright}
          label={t("table.canvas")}
          verdict={verdict.layer}
          restMarks={restMarks}
        />
        {goingBack && spectating && (
          <SpectatorHistory
            shots={state.shotsShown}
            names={names}
            live={snapshot.phase !== "finished"}
            onLeave={() => setGoingBack(false)}
          />
        )}
        {state.seatsTaken && <SeatsTaken onWatch={() => session.watchInstead()} onLobby={onLobby} />}
        {finished && resultClosedFor !== snapshot.matchId && (
          <ResultOverlay
            snapshot={snapshot}
            seat={seat}
            series={series}
            onRematch={() => session.send("rematch", {})}
            onClose={() => setResultClosedFor(snapshot.matchId)}
            onLobby={onLobby}
          />
        )}
      </div>
      <VerdictLine
        error={
          errorText
            ? {
                text: `${t("error.title")}: ${errorText}`,
                testId: "server-error",
                onDismiss: () => session.clearError(),
              }
            : null
        }
        playback={playback}
        onSkip={endPlayback}
        shot={
          lastShot
            ? { message: lastShot.message, title: t("verdict.title", { number: lastShot.message.number }) }
            : null
        }
        names={names}
      >
        {verdict.available && (
          <button
            type="button"
            className="verdict-tool"
            data-testid="toggle-drawing"
            aria-pressed={verdict.shown}
            title={verdict.shown ? t("drawing.hide") : t("drawing.show")}
            aria-label={t("replay.drawing")}
            onClick={verdict.toggle}
          >
            <span aria-hidden="true">◎</span> <span className="long">{t("replay.drawing")}</span>
          </button>
        )}
        {spectating && state.shotsShown.length > 0 && !goingBack && (
          <button
            type="button"
            className="verdict-tool"
            data-testid="go-back"
            aria-label={t("replay.goBack")}
            title={t("replay.goBack")}
            onClick={() => setGoingBack(true)}
          >
            <span aria-hidden="true">◀</span> <span className="long">{t("replay.goBack")}</span>
          </button>
        )}
      </VerdictLine>
      <div className="dock" data-testid="dock">
        {dock}
      </div>
      <aside className="side-panel" data-testid="side-panel">
        <MatchMenu
          session={session}
          state={state}
          names={names}
          onRules={onRules}
          chatGuest={guest && !freeSeat ? guestForm(false) : undefined}
        />
      </aside>
      {touring && seat !== null && (
        <TourOverlay onDone={() => setTouring(false)} hidden={snapshot.animating || playback !== null} />
      )}
      <pre hidden data-testid="ball-positions">
        {JSON.stringify(tableBalls.map((b) => [b.id, Math.round(b.x * 1e4) / 1e4, Math.round(b.y * 1e4) / 1e4]))}
      </pre>
    </div>
  );
}
