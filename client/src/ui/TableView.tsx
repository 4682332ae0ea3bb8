import { APEX_BALL, BALL_RADIUS, COLOURED_BALL, FOOT_SPOT, type PocketId } from "@habibka/shared/table";
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { angleTowards, type Circle, firstContact, normaliseAngle, suggestWay, type Vec } from "../game/aim-geometry.ts";
import { withCalled, withoutCalled, withWay } from "../game/call-builder.ts";
import { ballAt, pocketNear } from "../game/hit-test.ts";
import { defaultHouseSpot, lagSideOf, placeInHouse } from "../game/house.ts";
import { FINE_STEP } from "../game/stroke-limits.ts";
import type { AimOutMessage, CalledBall, Way } from "../net/messages.ts";
import type { SessionState, TableSession } from "../net/table-session.ts";
import { createThrottle } from "../net/throttle.ts";
import { EMPTY_OVERLAY, type Overlay } from "../table/draw-overlay.ts";
import type { BallToDraw } from "../table/draw-table.ts";
import { type PointerKind, TableCanvas } from "../table/TableCanvas.tsx";
import { AimControls } from "./AimControls.tsx";
import { CallPanel } from "./CallPanel.tsx";
import { ChatPanel } from "./ChatPanel.tsx";
import { ConnectionBanner } from "./ConnectionBanner.tsx";
import { MatchPanel } from "./MatchPanel.tsx";
import { Scoreboard } from "./Scoreboard.tsx";
import { ShotLog } from "./ShotLog.tsx";
import { useAim } from "./use-aim.ts";
import { useShotPlayback } from "./use-shot-playback.ts";
import { useStrokeKeys } from "./use-stroke-keys.ts";
import { verdictText } from "./verdict-text.ts";

/** The id drawn for the lag ball: the server picks the real one, and it is shown unnumbered until then. */
const LAG_BALL = -1;
/** Aim messages: under the server's 10 per second, with room for jitter. */
const AIM_INTERVAL_MS = 150;

interface Props {
  readonly session: TableSession;
  readonly state: SessionState;
}

function whiteCueDefault(balls: readonly Circle[]): number {
  // The white ball nearest the head: in most positions the natural cue ball.
  const whites = balls.filter((b) => b.id !== COLOURED_BALL).sort((a, b) => a.x - b.x);
  return whites[0]?.id ?? 1;
}

export function TableView({ session, state }: Props) {
  const { t, i18n } = useTranslation();
  const { snapshot, seat, playback } = state;
  const tableBalls = useMemo(
    () => snapshot.balls.filter((b) => b.onTable).map(({ id, x, y }) => ({ id, x, y })),
    [snapshot.balls],
  );
  const livePlayback = playback !== null && !playback.replay;
  const myTurn = seat !== null && snapshot.toMove === seat && !snapshot.animating && !livePlayback;
  const canLag = seat !== null && snapshot.phase === "lag" && snapshot.lagSent[seat] !== true && !livePlayback;
  // Taking an offered shot: the server may keep the offer open until the shot comes (the shared flow's
  // offer phase accepts the shot itself), so the page remembers that this player chose to play.
  const [acceptedShot, setAcceptedShot] = useState<number | null>(null);
  const offerOpen = snapshot.offer !== "" && acceptedShot !== snapshot.shotNumber;
  const canShoot = myTurn && !offerOpen && (snapshot.phase === "play" || snapshot.phase === "opening");
  const opening = snapshot.phase === "opening";
  const placing: "opening" | "lag" | null = canLag ? "lag" : canShoot && opening ? "opening" : null;
  const side = placing === "lag" && seat !== null ? lagSideOf(seat) : undefined;

  const turnKey = `${snapshot.matchId}/${snapshot.shotNumber}/${snapshot.toMove}/${snapshot.phase}`;
  const [aim, update] = useAim(turnKey);
  // A shot sent and not yet answered: the controls wait, so a double click never sends it twice. A refusal
  // (an error message) or the next turn frees them.
  const [sentFor, setSentFor] = useState<string | null>(null);
  const errorId = state.error?.id;
  useEffect(() => {
    if (errorId !== undefined) setSentFor(null);
  }, [errorId]);
  const waitingForServer = sentFor === turnKey;
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
  const cuePos: Vec | null = placeSpot ?? tableBalls.find((b) => b.id === cueId) ?? null;

  // The striker's relayed aim, for the opponent and spectators.
  const theirAim = !myTurn && !canLag && state.aim && state.aim.seat === snapshot.toMove ? state.aim : null;
  const theirBalls: BallToDraw[] = useMemo(() => {
    if (!theirAim?.place) return tableBalls;
    const id = theirAim.stroke.cue;
    return [...tableBalls.filter((b) => b.id !== id), { id, ...theirAim.place }];
  }, [tableBalls, theirAim]);

  // A fresh ball in hand starts aimed where that stroke usually goes: the pyramid for the opening shot, the
  // foot cushion for the lag.
  const placingKey = placing ? `${placing}/${snapshot.shotNumber}` : "";
  // Only when a new placement begins: later changes of the balls must not undo the player's aim.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the placement
  useEffect(() => {
    if (!placingKey) return;
    const start = defaultHouseSpot(tableBalls, side);
    update({ angle: placingKey.startsWith("lag") ? 0 : angleTowards(start, FOOT_SPOT) });
  }, [placingKey]);

  const dragRef = useRef<"aim" | "place" | null>(null);

  // The lag is simulated on an empty table (I21): its guide runs to the cushion whatever stands there.
  const contact = useMemo(
    () => (cuePos ? firstContact({ id: cueId, ...cuePos }, aim.angle, placing === "lag" ? [] : composedBalls) : null),
    [cuePos, cueId, aim.angle, composedBalls, placing],
  );

  const composing = canShoot || canLag;
  const shownBalls = composing ? composedBalls : theirBalls;

  const overlay: Overlay = useMemo(() => {
    if (composing && cuePos && contact) {
      const pos = (id: number) => composedBalls.find((b) => b.id === id) ?? null;
      return {
        ...EMPTY_OVERLAY,
        aim: { from: cuePos, contact, own: true },
        cue: cuePos,
        calls: aim.call.map((c) => ({ ball: pos(c.ball), pocket: c.pocket })),
        pending: aim.pending !== null ? pos(aim.pending) : null,
        house: placing ? (side === undefined ? {} : { side }) : null,
        pocketTargets: aim.mode === "call" && aim.pending !== null,
      };
    }
    if (theirAim) {
      const from = theirAim.place ?? tableBalls.find((b) => b.id === theirAim.stroke.cue);
      if (!from) return EMPTY_OVERLAY;
      const theirContact = firstContact({ id: theirAim.stroke.cue, ...from }, theirAim.stroke.angle, theirBalls);
      const pos = (id: number) => theirBalls.find((b) => b.id === id) ?? null;
      return {
        ...EMPTY_OVERLAY,
        aim: { from, contact: theirContact, own: false },
        cue: from,
        calls: theirAim.call.map((c) => ({ ball: pos(c.ball), pocket: c.pocket })),
      };
    }
    return EMPTY_OVERLAY;
  }, [composing, cuePos, contact, composedBalls, aim, placing, side, theirAim, tableBalls, theirBalls]);

  // Live aim to the others, throttled; only the seat to move may send it.
  const throttleRef = useRef<ReturnType<typeof createThrottle<AimOutMessage>> | null>(null);
  useEffect(() => {
    const throttle = createThrottle<AimOutMessage>(AIM_INTERVAL_MS, (m) => session.send("aim", m));
    throttleRef.current = throttle;
    return () => throttle.cancel();
  }, [session]);
  useEffect(() => {
    if (!canShoot || cueId < 0) return;
    throttleRef.current?.push({
      stroke: { cue: cueId, angle: normaliseAngle(aim.angle), speed: aim.speed, offset: aim.offset },
      call: [...aim.call],
      ...(placeSpot && placing === "opening" ? { place: placeSpot } : {}),
    });
  }, [canShoot, cueId, aim.angle, aim.speed, aim.offset, aim.call, placeSpot, placing]);

  const shoot = useCallback(() => {
    if (waitingForServer) return;
    if (canLag && placeSpot) {
      setSentFor(turnKey);
      session.send("lag", { place: placeSpot, angle: normaliseAngle(aim.angle), speed: aim.speed });
      return;
    }
    if (!canShoot) return;
    setSentFor(turnKey);
    throttleRef.current?.cancel();
    session.send("shot", {
      shotNumber: snapshot.shotNumber,
      stroke: { cue: cueId, angle: normaliseAngle(aim.angle), speed: aim.speed, offset: aim.offset },
      call: [...aim.call],
      ...(placing === "opening" && placeSpot ? { place: placeSpot } : {}),
    });
  }, [canLag, canShoot, placeSpot, aim, session, snapshot.shotNumber, cueId, placing, waitingForServer, turnKey]);

  const turn = useCallback(
    (delta: number) => update({ angle: normaliseAngle(aim.angle + delta) }),
    [aim.angle, update],
  );

  function addCall(ball: number, pocket: PocketId) {
    let way: Way = "direct";
    if (contact?.kind === "ball") {
      if (ball === cueId && contact.cueDirection) way = suggestWay(contact.ghost, contact.cueDirection, pocket);
      else if (ball === contact.ball) {
        const b = composedBalls.find((x) => x.id === ball);
        if (b) way = suggestWay(b, contact.objectDirection, pocket);
      }
    }
    update({ call: withCalled(aim.call, ball, pocket, way), pending: null });
  }

  function onPointer(kind: PointerKind, at: Vec, pixel: number) {
    if (!composing || !cuePos) return;
    // Touch targets: at least about a fingertip (22 px) however small the table is drawn.
    const grab = Math.max(0.05, 22 * pixel);
    if (kind === "down") {
      if (placing && Math.hypot(at.x - cuePos.x, at.y - cuePos.y) < grab) {
        dragRef.current = "place";
        return;
      }
      if (aim.mode === "aim") {
        dragRef.current = "aim";
        update({ angle: angleTowards(cuePos, at) });
      }
      return;
    }
    if (kind === "move") {
      if (dragRef.current === "place") {
        const others = composedBalls.filter((b) => b.id !== cueId);
        const spot = placeInHouse(at, others, side);
        if (spot) update({ place: spot });
      } else if (dragRef.current === "aim") {
        // A pointer too close to the cue ball gives a jumpy direction: keep the last one.
        if (Math.hypot(at.x - cuePos.x, at.y - cuePos.y) > 0.02) update({ angle: angleTowards(cuePos, at) });
      }
      return;
    }
    // up
    const dragged = dragRef.current;
    dragRef.current = null;
    if (dragged) return;
    if (aim.mode === "cue" && !placing) {
      const id = ballAt(at, tableBalls, Math.max(BALL_RADIUS * 0.6, 12 * pixel));
      if (id !== null) {
        update({ cue: id, mode: "aim" });
      }
    } else if (aim.mode === "call" && canShoot) {
      const id = ballAt(at, composedBalls, Math.max(BALL_RADIUS * 0.6, 12 * pixel));
      if (id !== null && id >= 0) {
        update({ pending: id });
        return;
      }
      const pocket = pocketNear(at, Math.max(0.12, 24 * pixel));
      if (pocket && aim.pending !== null) addCall(aim.pending, pocket);
    }
  }

  useStrokeKeys({
    active: composing,
    turn,
    speed: aim.speed,
    setSpeed: (speed) => update({ speed }),
    shoot,
  });
  const { frame, onEvents } = useShotPlayback(session, playback);
  const onKeyDown = useCallback((e: ReactKeyboardEvent<HTMLCanvasElement>) => {
    if (e.key === " ") e.preventDefault();
  }, []);

  const lastShot = state.shots.at(-1);
  const showVerdict = lastShot && !(livePlayback && playback?.record === lastShot);
  const toMoveName = snapshot.players[snapshot.toMove]?.name ?? "";
  const errorText = state.error ? (i18n.language === "ru" && state.error.messageRu) || state.error.message : null;

  return (
    <div
      className="table-view"
      data-testid="table-view"
      data-phase={snapshot.phase}
      data-match-id={snapshot.matchId}
      data-seat={seat ?? ""}
      data-role={state.role ?? ""}
      data-to-move={snapshot.toMove}
      data-shot-number={snapshot.shotNumber}
      data-offer={offerOpen ? snapshot.offer : ""}
      data-animating={snapshot.animating || livePlayback ? "true" : "false"}
      data-can-shoot={canShoot || canLag ? "true" : "false"}
    >
      <ConnectionBanner status={state.status} />
      <div className="table-stage">
        <div className="stage-top">
          <span className="code" data-testid="table-code">
            {state.code ? t("table.code", { code: state.code }) : ""}
          </span>
          {state.role === "spectator" && (
            <span className="badge spectator" data-testid="spectator-badge">
              {t("table.spectator")}
            </span>
          )}
          <TurnLine state={state} myTurn={myTurn} canLag={canLag} toMoveName={toMoveName} />
          {playback && (
            <button type="button" data-testid="skip-animation" onClick={() => session.endPlayback()}>
              {t("table.skip")}
            </button>
          )}
          {playback?.replay && (
            <span className="badge">{t("table.replaying", { number: playback.record.message.number })}</span>
          )}
        </div>
        <TableCanvas
          balls={shownBalls}
          overlay={overlay}
          playback={frame}
          onPlaybackEnd={() => session.endPlayback()}
          onEvents={onEvents}
          onPointer={onPointer}
          onKeyDown={onKeyDown}
          label={t("table.canvas")}
        />
        {composing && (
          // Phones: the panel is below the table, so the essentials of the stroke sit right under it.
          <div className="quick-bar" data-testid="quick-bar">
            <button type="button" aria-label={t("aim.finer")} onClick={() => turn(-FINE_STEP)}>
              ↻
            </button>
            <button type="button" aria-label={t("aim.coarser")} onClick={() => turn(FINE_STEP)}>
              ↺
            </button>
            <button type="button" aria-label={t("aim.slower")} onClick={() => update({ speed: aim.speed - 0.1 })}>
              −
            </button>
            <output aria-label={t("aim.speed")}>{t("aim.speedValue", { speed: aim.speed.toFixed(2) })}</output>
            <button type="button" aria-label={t("aim.faster")} onClick={() => update({ speed: aim.speed + 0.1 })}>
              +
            </button>
            <button
              type="button"
              className="primary"
              data-testid="shoot-quick"
              disabled={waitingForServer}
              onClick={shoot}
            >
              {canLag ? t("lag.shoot") : t("aim.shoot")}
            </button>
          </div>
        )}
        {showVerdict && lastShot && (
          <p className={`verdict${lastShot.message.verdict?.foul ? " foul" : ""}`} data-testid="verdict" role="status">
            <strong>
              {t("verdict.title")} №{lastShot.message.number}:
            </strong>{" "}
            {verdictText(lastShot.message, i18n.language, t)}
          </p>
        )}
        {errorText && (
          <p className="error" role="alert" data-testid="server-error">
            {t("error.title")}: {errorText}{" "}
            <button type="button" aria-label={t("app.close")} onClick={() => session.clearError()}>
              ×
            </button>
          </p>
        )}
      </div>
      <aside className="side-panel">
        <Scoreboard snapshot={snapshot} seat={seat} />
        <MatchPanel
          session={session}
          state={state}
          offerOpen={offerOpen}
          onAccept={() => {
            setAcceptedShot(snapshot.shotNumber);
            session.send("answer", { shotNumber: snapshot.shotNumber, accept: true });
          }}
        />
        {(canShoot || canLag) && (
          <AimControls
            kind={canLag ? "lag" : "shot"}
            mode={aim.mode}
            onMode={(mode) => update({ mode, pending: null })}
            cue={cueId}
            placing={placing !== null}
            angle={aim.angle}
            onAngle={(angle) => update({ angle: normaliseAngle(angle) })}
            onTurn={turn}
            speed={aim.speed}
            onSpeed={(speed) => update({ speed })}
            offset={aim.offset}
            onOffset={(offset) => update({ offset })}
            onShoot={shoot}
            canShoot={(canShoot || canLag) && !waitingForServer}
          />
        )}
        {canShoot && (
          <CallPanel
            call={aim.call}
            cue={cueId}
            pending={aim.pending}
            editable
            onPocket={(pocket) => aim.pending !== null && addCall(aim.pending, pocket)}
            onOwn={() => update({ pending: cueId, mode: "call" })}
            onWay={(ball, way) => update({ call: withWay(aim.call, ball, way) })}
            onRemove={(ball) => update({ call: withoutCalled(aim.call, ball) })}
            onClear={() => update({ call: [], pending: null })}
          />
        )}
        {theirAim && theirAim.call.length > 0 && (
          <CallPanel
            call={theirAim.call as CalledBall[]}
            cue={theirAim.stroke.cue}
            pending={null}
            editable={false}
            onPocket={() => {}}
            onOwn={() => {}}
            onWay={() => {}}
            onRemove={() => {}}
            onClear={() => {}}
          />
        )}
        <ShotLog shots={state.shots} snapshot={snapshot} onReplay={(record) => session.replay(record)} />
        <ChatPanel lines={state.chat} onSend={(text) => session.send("chat", { text })} />
        <pre hidden data-testid="ball-positions">
          {JSON.stringify(tableBalls.map((b) => [b.id, Math.round(b.x * 1e4) / 1e4, Math.round(b.y * 1e4) / 1e4]))}
        </pre>
      </aside>
    </div>
  );
}

function TurnLine({
  state,
  myTurn,
  canLag,
  toMoveName,
}: {
  readonly state: SessionState;
  readonly myTurn: boolean;
  readonly canLag: boolean;
  readonly toMoveName: string;
}) {
  const { t } = useTranslation();
  const { snapshot, seat } = state;
  let text = "";
  if (snapshot.phase === "waiting") text = t("table.waitingShort");
  else if (snapshot.phase === "lag") {
    if (canLag) text = t("lag.hint");
    else if (seat !== null && snapshot.lagSent[seat]) text = t("lag.sent");
    else text = t("lag.waiting");
  } else if (snapshot.phase === "finished") text = "";
  else if (snapshot.animating) text = t("table.animating");
  else if (snapshot.phase === "opening") text = myTurn ? t("opening.yours") : t("opening.theirs", { name: toMoveName });
  else if (myTurn) text = t("table.yourTurn");
  else if (toMoveName) text = t("table.theirTurn", { name: toMoveName });
  return (
    <span className="turn-line" data-testid="turn-line" aria-live="polite">
      {text}
    </span>
  );
}
