import type { BallToDraw } from "@habibka/painter";
import type { AimMessage } from "@habibka/shared/protocol";
import { APEX_BALL, FOOT_SPOT, POCKETS, type Point } from "@habibka/shared/table";
import {
  lazy,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { turnKey } from "../game/aim-draft.ts";
import { angleTowards, normaliseAngle } from "../game/aim-geometry.ts";
import { aimPatchOf } from "../game/aim-gesture.ts";
import { callMessage } from "../game/call-builder.ts";
import { type CallEntry, followGuide } from "../game/call-way.ts";
import { whiteCueDefault } from "../game/cue-default.ts";
import { callMarks, guideLines } from "../game/guide-overlay.ts";
import { defaultHouseSpot, lagSideOf, placeInHouse } from "../game/house.ts";
import type { GestureEffect } from "../game/pointer-gesture.ts";
import { predictShot, type ShotGuide } from "../game/shot-guide.ts";
import { turnRights } from "../game/turn-rights.ts";
import { seriesScore } from "../net/series.ts";
import type { SessionState } from "../net/session-state.ts";
import type { TableSession } from "../net/table-session.ts";
import { createThrottle } from "../net/throttle.ts";
import { EMPTY_OVERLAY, type Overlay } from "../table/draw-overlay.ts";
import { TableCanvas } from "../table/TableCanvas.tsx";
import { ConnectionBanner } from "./ConnectionBanner.tsx";
import { withComputerName } from "./computer-name.ts";
import { MatchMenu } from "./MatchMenu.tsx";
import { OfferDock } from "./OfferDock.tsx";
import { ResultOverlay } from "./ResultOverlay.tsx";
import { Scoreboard } from "./Scoreboard.tsx";
import { StrokeDock } from "./StrokeDock.tsx";
import { TourOverlay, tourDone } from "./TourOverlay.tsx";
import { TurnNotice } from "./TurnNotice.tsx";
import { useAim } from "./use-aim.ts";
import { useBriefly } from "./use-briefly.ts";
import { useNotices } from "./use-notices.ts";
import { useShotPlayback } from "./use-shot-playback.ts";
import { useStrokeKeys } from "./use-stroke-keys.ts";
import { useTablePointer } from "./use-table-pointer.ts";
import { useVerdictLayer } from "./use-verdict-layer.ts";
import { isFoulShot, type SeatNames, verdictText } from "./verdict-text.ts";
import { lagLine, WaitingDock } from "./WaitingDock.tsx";

// A spectator going back over the shots gets the match page's player, loaded when first asked for.
const MatchPlayer = lazy(() => import("../match-page/MatchPlayer.tsx").then((m) => ({ default: m.MatchPlayer })));

/** The id drawn for the lag ball: the server picks the real one, and it is shown unnumbered until then. */
const LAG_BALL = -1;
/** Aim messages: under the server's 10 per second, with room for jitter. */
const AIM_INTERVAL_MS = 150;
/** The loupes stay this long after a fine step. */
const LOUPE_MS = 1600;

interface Props {
  readonly session: TableSession;
  readonly state: SessionState;
  readonly onLobby: () => void;
}

/** Where the loupes look: the first contact of the aim line, and the called pocket or the object line's end. */
function loupeFoci(guide: ShotGuide | null, call: readonly CallEntry[]): Point[] {
  if (!guide) return [];
  const first = guide.hit?.ghost ?? guide.cue.contacts[0]?.at ?? guide.cue.points.at(-1);
  const called = call[0] ? POCKETS[call[0].pocket].mouthCentre : null;
  const end = guide.hit ? (guide.hit.path.contacts[0]?.at ?? guide.hit.path.points.at(-1)) : null;
  return [first, called ?? end].filter((p): p is Point => !!p);
}

export function TableView({ session, state: synced, onLobby }: Props) {
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
  const side = placing === "lag" && seat !== null ? lagSideOf(seat) : undefined;

  const turnNow = turnKey(snapshot);
  const [aim, update] = useAim(snapshot);
  // A shot sent and not yet answered: the controls wait, so a double click never sends it twice. A refusal
  // (an error message) or the next turn frees them.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const errorId = state.error?.id;
  useEffect(() => {
    if (errorId !== undefined) setSentFor(null);
  }, [errorId]);
  const waitingForServer = sentFor === turnNow;
  // Away from the table, a stroke or an answer would be lost. One sent just before the table went may never
  // have been taken: once the table is back (the same turn, or the next), the controls are free again.
  const connected = state.status.kind === "joined";
  useEffect(() => {
    if (connected) setSentFor(null);
  }, [connected]);
  const placeSpot = useMemo(
    () => (placing ? (aim.place ?? defaultHouseSpot(tableBalls, side)) : null),
    [placing, aim.place, tableBalls, side],
  );
  const cueId =
    placing === "lag" ? LAG_BALL : placing === "opening" ? APEX_BALL : (aim.cue ?? whiteCueDefault(tableBalls));

  // What stands on the table while composing: the synced balls, plus the ball in hand where it is placed.
  const composedBalls: BallToDraw[] = useMemo(() => {
    if (!placeSpot) return tableBalls;
    return [...tableBalls.filter((b) => b.id !== cueId), { id: cueId, ...placeSpot }];
  }, [tableBalls, placeSpot, cueId]);
  const cuePos: Point | null = placeSpot ?? tableBalls.find((b) => b.id === cueId) ?? null;

  const guide = useMemo(
    () =>
      composing && cuePos
        ? predictShot(
            { id: cueId, ...cuePos },
            { angle: aim.angle, speed: aim.speed, offset: placing === "lag" ? { x: 0, y: 0 } : aim.offset },
            composedBalls,
          )
        : null,
    [composing, cuePos, cueId, aim.angle, aim.speed, aim.offset, placing, composedBalls],
  );
  // Every way the player has not set follows the guide's predicted path, aim change by aim change.
  const call = useMemo(() => followGuide(aim.call, guide, cueId), [aim.call, guide, cueId]);

  // The striker's relayed aim, for the opponent and spectators; an absent striker's line is not his aim.
  const aimer = state.aim ? snapshot.players[state.aim.seat] : null;
  const theirAim =
    !composing && !livePlayback && state.aim && state.aim.seat === snapshot.toMove && aimer?.connected
      ? state.aim
      : null;
  const theirBalls: BallToDraw[] = useMemo(() => {
    if (!theirAim?.place) return tableBalls;
    const id = theirAim.stroke.cue;
    return [...tableBalls.filter((b) => b.id !== id), { id, ...theirAim.place }];
  }, [tableBalls, theirAim]);
  const theirGuide = useMemo(() => {
    if (!theirAim) return null;
    const from = theirAim.place ?? tableBalls.find((b) => b.id === theirAim.stroke.cue);
    if (!from) return null;
    const { angle, speed, offset } = theirAim.stroke;
    return predictShot({ id: theirAim.stroke.cue, ...from }, { angle, speed, offset }, theirBalls);
  }, [theirAim, tableBalls, theirBalls]);

  // A fresh ball in hand starts aimed where that stroke usually goes: the pyramid for the opening shot, the
  // foot cushion for the lag.
  const placingKey = placing ? `${placing}/${snapshot.shotNumber}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new placement begins, so later changes of the balls do not undo the aim
  useEffect(() => {
    if (!placingKey) return;
    const start = defaultHouseSpot(tableBalls, side);
    update({ angle: placingKey.startsWith("lag") ? 0 : angleTowards(start, FOOT_SPOT) });
  }, [placingKey]);

  const [fineAiming, pokeFine] = useBriefly(LOUPE_MS);
  const position = useCallback(
    (balls: readonly BallToDraw[]) => (id: number) => balls.find((b) => b.id === id) ?? null,
    [],
  );

  const callTarget = aim.pending ?? guide?.hit?.ball ?? null;

  function onGesture(effect: GestureEffect) {
    if (effect.kind === "place") {
      const spot = placeInHouse(
        effect.at,
        composedBalls.filter((b) => b.id !== cueId),
        side,
      );
      if (spot) update({ place: spot });
      return;
    }
    const patch = aimPatchOf(effect, aim, { callTarget, canCall: canShoot, canPickCue: !placing });
    if (patch) update(patch);
  }
  const pointer = useTablePointer(
    composing && cuePos
      ? {
          cue: cuePos,
          angle: aim.angle,
          balls: composedBalls,
          placing: placing !== null,
          pending: aim.pending !== null,
        }
      : null,
    onGesture,
  );

  const loupes = composing && (fineAiming || pointer.steering) ? loupeFoci(guide, call) : [];
  const marks = useMemo(
    () => (composing && guide ? callMarks(call, guide, cueId, position(composedBalls)) : []),
    [composing, guide, call, cueId, position, composedBalls],
  );
  const overlay: Overlay = useMemo(() => {
    if (composing && cuePos && guide) {
      return {
        ...EMPTY_OVERLAY,
        guide: { ...guideLines(guide, placing === "lag"), own: true },
        cue: cuePos,
        calls: marks,
        pending: aim.pending !== null ? position(composedBalls)(aim.pending) : null,
        house: placing ? (side === undefined ? {} : { side }) : null,
        pocketTargets: aim.pending !== null,
        loupes,
      };
    }
    if (theirAim && theirGuide) {
      const from = theirAim.place ?? tableBalls.find((b) => b.id === theirAim.stroke.cue) ?? null;
      const theirCall = theirAim.call.map((c) => ({ ...c, wayFixed: true }));
      return {
        ...EMPTY_OVERLAY,
        guide: { ...guideLines(theirGuide, snapshot.phase === "lag"), own: false },
        cue: from,
        calls: callMarks(theirCall, theirGuide, theirAim.stroke.cue, position(theirBalls)),
      };
    }
    return EMPTY_OVERLAY;
  }, [
    composing,
    cuePos,
    guide,
    placing,
    marks,
    position,
    composedBalls,
    aim.pending,
    side,
    loupes,
    theirAim,
    theirGuide,
    tableBalls,
    theirBalls,
    snapshot.phase,
  ]);

  // Live aim to the others, throttled; only the seat to move may send it.
  const throttleRef = useRef<ReturnType<typeof createThrottle<AimMessage>> | null>(null);
  useEffect(() => {
    const throttle = createThrottle<AimMessage>(AIM_INTERVAL_MS, (m) => session.send("aim", m));
    throttleRef.current = throttle;
    return () => throttle.cancel();
  }, [session]);
  // Back at the table after a lost connection, the aim is sent again: the others' view of it was lost too.
  useEffect(() => {
    if (!canShoot || cueId < 0 || !connected) return;
    throttleRef.current?.push({
      stroke: { cue: cueId, angle: normaliseAngle(aim.angle), speed: aim.speed, offset: aim.offset },
      call: callMessage(call),
      ...(placeSpot && placing === "opening" ? { place: placeSpot } : {}),
    });
  }, [canShoot, cueId, aim.angle, aim.speed, aim.offset, call, placeSpot, placing, connected]);

  const shoot = useCallback(() => {
    if (waitingForServer || !connected) return;
    if (canLag && placeSpot) {
      setSentFor(turnNow);
      session.send("lag", { place: placeSpot, angle: normaliseAngle(aim.angle), speed: aim.speed });
      return;
    }
    if (!canShoot) return;
    setSentFor(turnNow);
    throttleRef.current?.cancel();
    session.send("shot", {
      shotNumber: snapshot.shotNumber,
      stroke: { cue: cueId, angle: normaliseAngle(aim.angle), speed: aim.speed, offset: aim.offset },
      call: callMessage(call),
      ...(placing === "opening" && placeSpot ? { place: placeSpot } : {}),
    });
  }, [
    canLag,
    canShoot,
    placeSpot,
    aim,
    session,
    snapshot.shotNumber,
    cueId,
    placing,
    waitingForServer,
    connected,
    turnNow,
    call,
  ]);

  const turn = useCallback(
    (delta: number, fine: boolean) => {
      if (fine) pokeFine();
      update({ angle: normaliseAngle(aim.angle + delta) });
    },
    [aim.angle, update, pokeFine],
  );

  useStrokeKeys({ active: composing, turn, speed: aim.speed, setSpeed: (speed) => update({ speed }), shoot });
  const endPlayback = useCallback(() => session.endPlayback(), [session]);
  const { frame, onEvents } = useShotPlayback(playback, endPlayback);
  const onKeyDown = useCallback((e: ReactKeyboardEvent<HTMLCanvasElement>) => {
    if (e.key === " ") e.preventDefault();
  }, []);

  const notice = useNotices(state, rights, names, t);
  // The verdict drawn on the table while a shot plays and after it stops, until the next shot: hidden only
  // from the player composing his stroke, whose own guide needs the table; the others see it under his aim.
  const verdictShot = playback ? playback.record : (state.shotsShown.at(-1) ?? null);
  const verdict = useVerdictLayer(verdictShot, playback ? null : tableBalls, !composing);
  const [goingBack, setGoingBack] = useState(false);
  // The shots as the match player reads them (the table before each, as this page saw it).
  const pastShots = useMemo(
    () =>
      state.shotsShown.map((record) => ({
        message: record.before ? { ...record.message, before: record.before } : record.message,
        rest: null,
        after: null,
        score: null,
      })),
    [state.shotsShown],
  );
  const spectating = state.role === "spectator";
  const [resultClosedFor, setResultClosedFor] = useState("");
  const [menuOpen, setMenuOpen] = useState(false);
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

  let dock: ReactNode;
  if (composing) {
    dock = (
      <StrokeDock
        kind={canLag ? "lag" : "shot"}
        aim={aim}
        update={update}
        cue={cueId}
        placing={placing !== null}
        call={call}
        lit={marks.map((m) => m.lit)}
        callTarget={callTarget}
        onTurn={turn}
        onShoot={shoot}
        canShoot={!waitingForServer && connected}
        upright={upright}
      />
    );
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
        <Scoreboard snapshot={snapshot} seat={seat} />
        <TurnLine state={state} rights={rights} playing={livePlayback} />
        <TurnNotice notice={notice} />
        <ConnectionBanner status={state.status} onRetry={() => session.retry()} onLobby={onLobby} />
        <button
          type="button"
          className="menu-button"
          data-testid="open-menu"
          aria-expanded={menuOpen}
          aria-label={menuOpen ? t("app.close") : t("table.menu")}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {menuOpen ? "×" : "☰"}
        </button>
      </div>
      <div className="table-stage">
        <TableCanvas
          balls={composing ? composedBalls : theirBalls}
          overlay={overlay}
          playback={frame}
          onPlaybackEnd={() => session.endPlayback()}
          onEvents={onEvents}
          onPointer={pointer.onPointer}
          onKeyDown={onKeyDown}
          onRotated={setUpright}
          label={t("table.canvas")}
          verdict={verdict.layer}
        />
        {goingBack && spectating && (
          <div className="history-overlay" data-testid="spectator-history">
            <Suspense fallback={<p className="hint">{t("replay.loading")}</p>}>
              <MatchPlayer
                shots={pastShots}
                names={names}
                startAt={null}
                live={snapshot.phase !== "finished"}
                onLeave={() => setGoingBack(false)}
              />
            </Suspense>
          </div>
        )}
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
      <div className="verdict-line">
        {errorText ? (
          <p className="error" role="alert" data-testid="server-error">
            {t("error.title")}: {errorText}{" "}
            <button type="button" className="dismiss" aria-label={t("app.close")} onClick={() => session.clearError()}>
              ×
            </button>
          </p>
        ) : playback ? (
          <p className="verdict rolling" data-testid="rolling">
            <span>
              {playback.replay
                ? t("table.replaying", { number: playback.record.message.number })
                : t("table.rolling", { number: playback.record.message.number })}
            </span>
            <button type="button" className="skip" data-testid="skip-animation" onClick={() => session.endPlayback()}>
              {playback.replay ? t("table.replayEnd") : t("table.skip")}
            </button>
          </p>
        ) : (
          lastShot && (
            <p
              className={`verdict${isFoulShot(lastShot.message) ? " foul" : ""}`}
              data-testid="verdict"
              data-shot={lastShot.message.number}
              role="status"
              title={verdictText(lastShot.message, names, i18n.language)}
            >
              <strong>{t("verdict.title", { number: lastShot.message.number })}</strong>{" "}
              {verdictText(lastShot.message, names, i18n.language)}
            </p>
          )
        )}
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
      </div>
      <div className="dock" data-testid="dock">
        {dock}
      </div>
      <aside className="side-panel" data-testid="side-panel">
        <MatchMenu session={session} state={state} names={names} />
      </aside>
      {touring && seat !== null && <TourOverlay onDone={() => setTouring(false)} />}
      <pre hidden data-testid="ball-positions">
        {JSON.stringify(tableBalls.map((b) => [b.id, Math.round(b.x * 1e4) / 1e4, Math.round(b.y * 1e4) / 1e4]))}
      </pre>
    </div>
  );
}

function TurnLine({
  state,
  rights,
  playing,
}: {
  readonly state: SessionState;
  readonly rights: ReturnType<typeof turnRights>;
  readonly playing: boolean;
}) {
  const { t } = useTranslation();
  const { snapshot } = state;
  const mover = snapshot.players[snapshot.toMove]?.name ?? "";
  let text = "";
  let mine = false;
  if (snapshot.phase === "waiting") text = t("table.waitingShort");
  else if (snapshot.phase === "finished") text = t("table.finished");
  else if (playing || snapshot.animating) text = t("table.animating");
  else if (snapshot.phase === "lag") {
    // The lag's full instruction is in the dock; the strip says only whose it is.
    text = rights.canLag ? t("notice.lagTurn") : lagLine(state, t);
    mine = rights.canLag;
  } else if (rights.myTurn) {
    mine = true;
    text = rights.offerToMe
      ? t("table.yourDecision")
      : snapshot.phase === "opening"
        ? t("opening.yours")
        : t("table.yourTurn");
  } else if (mover && snapshot.players[snapshot.toMove]?.connected === false) {
    text = t("table.moverAbsent", { name: mover });
  } else if (mover) {
    text = snapshot.offer !== "" ? t("table.theirDecision", { name: mover }) : t("table.theirTurn", { name: mover });
  }
  return (
    <p className={mine ? "turn-line mine" : "turn-line"} data-testid="turn-line" aria-live="polite">
      {text}
    </p>
  );
}
