import type { BallToDraw } from "@habibka/painter";
import { COMPUTER_LEVELS, type ComputerLevel } from "@habibka/shared/match";
import type { PracticeHint, PracticePosition } from "@habibka/shared/protocol";
import { findPositionProblem, formatPath } from "@habibka/shared/sim";
import { FOOT_SPOT, type Point } from "@habibka/shared/table";
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { angleTowards, normaliseAngle } from "../game/aim-geometry.ts";
import { aimPatchOf } from "../game/aim-gesture.ts";
import { callMessage } from "../game/call-builder.ts";
import { followGuide } from "../game/call-way.ts";
import { whiteCueDefault } from "../game/cue-default.ts";
import { callMarks, guideLines } from "../game/guide-overlay.ts";
import { ballAt } from "../game/hit-test.ts";
import type { GestureEffect, PointerDevice } from "../game/pointer-gesture.ts";
import { predictShot } from "../game/shot-guide.ts";
import type { ShotBroadcast } from "../net/messages.ts";
import type { Playback } from "../net/shot-record.ts";
import { hintText } from "../practice/hint-text.ts";
import { canRedo, canUndo, type History, historyOf, record, redo, undo } from "../practice/history.ts";
import { isOffTable, placeOnCloth } from "../practice/placement.ts";
import { practiceLink } from "../practice/position-link.ts";
import { askPracticeHint, playPracticeShot } from "../practice/practice-api.ts";
import { practiceRack } from "../practice/practice-rack.ts";
import { trayOf } from "../practice/situation.ts";
import { EMPTY_OVERLAY, type Overlay } from "../table/draw-overlay.ts";
import { type PointerKind, TableCanvas } from "../table/TableCanvas.tsx";
import { BallIcon } from "./BallIcon.tsx";
import { CopyLink } from "./CopyLink.tsx";
import { PracticeSituation } from "./PracticeSituation.tsx";
import { StrokeDock } from "./StrokeDock.tsx";
import { useAim } from "./use-aim.ts";
import { useShotPlayback } from "./use-shot-playback.ts";
import { useStrokeKeys } from "./use-stroke-keys.ts";
import { useTablePointer } from "./use-table-pointer.ts";
import { isFoulShot, type SeatNames, verdictText } from "./verdict-text.ts";

interface Props {
  /** The position the page opened with (a shared link, a shot to analyse); the rack when null. */
  readonly initial: PracticePosition | null;
  /** Why the link the page opened with could not be used, shown once; null when there was none or it was good. */
  readonly linkProblem: string | null;
}

type Mode = "aim" | "arrange";
/** A ball being dragged on the table, and where the pointer holds it now. */
interface Drag {
  readonly id: number;
  readonly from: Point;
  readonly at: Point;
}
type Notice = { readonly kind: "error" | "info"; readonly text: string } | null;

/** Movement below this many pixels is a tap on the ball, not a drag of it. */
const DRAG_SLOP_PX = 6;

/**
 * The practice table: one player alone, any position. The balls are set by hand (dragged anywhere, off the
 * table onto the rails, back from the tray), the match situation in the side panel; a shot is composed with
 * the live table's controls and played and judged by the server (POST /api/practice/shot), the computer's
 * hint asked for (POST /api/practice/hint). Every change is a step to undo; the position goes into a link.
 */
export function PracticeTable({ initial, linkProblem }: Props) {
  const { t, i18n } = useTranslation();
  const [history, setHistory] = useState<History<PracticePosition>>(() => historyOf(initial ?? practiceRack()));
  const position = history.present;
  // Each shot, undo and redo is a new turn for the aim: the call and the tip start afresh there.
  const [turn, setTurn] = useState(0);
  const [mode, setMode] = useState<Mode>("aim");
  const [drag, setDrag] = useState<Drag | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [playback, setPlayback] = useState<Playback | null>(null);
  const [lastShot, setLastShot] = useState<ShotBroadcast | null>(null);
  const [shots, setShots] = useState(0);
  const [busy, setBusy] = useState<"shot" | "hint" | null>(null);
  const [hint, setHint] = useState<PracticeHint | null>(null);
  const [level, setLevel] = useState<ComputerLevel>("master");
  const [notice, setNotice] = useState<Notice>(
    linkProblem ? { kind: "error", text: t("practice.badLink", { detail: linkProblem }) } : null,
  );
  const [shared, setShared] = useState<string | null>(null);
  const [menuOpen, setMenuOpen] = useState(false);
  const [upright, setUpright] = useState(false);
  const names: SeatNames = useMemo(() => [t("practice.you"), t("practice.opponent")], [t]);

  const opening = position.match.opening;
  const [aim, update] = useAim({
    matchId: "practice",
    shotNumber: turn,
    toMove: 0,
    phase: opening ? "opening" : "play",
  });

  const change = useCallback((next: PracticePosition) => {
    setHistory((h) => record(h, next));
    setShared(null);
    setHint(null);
  }, []);
  const newTurn = () => {
    setTurn((n) => n + 1);
    setLastShot(null);
    setPlayback(null);
    setHint(null);
    setShared(null);
  };

  const tableBalls: BallToDraw[] = useMemo(() => {
    if (!drag) return [...position.balls];
    return [...position.balls.filter((b) => b.id !== drag.id), { id: drag.id, ...drag.at }];
  }, [position.balls, drag]);
  const composing = mode === "aim" && playback === null && busy !== "shot";
  const cueId =
    aim.cue !== null && position.balls.some((b) => b.id === aim.cue) ? aim.cue : whiteCueDefault(position.balls);
  const cuePos = position.balls.find((b) => b.id === cueId) ?? null;
  // An opening shot starts aimed at the pyramid, as at the live table.
  const openingAim = opening && cuePos ? angleTowards(cuePos, FOOT_SPOT) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a turn begins, so later aiming is kept
  useEffect(() => {
    if (openingAim !== null) update({ angle: openingAim });
  }, [turn, opening]);
  const problem = useMemo(() => findPositionProblem(position, { outOfPlay: true }), [position]);

  const guide = useMemo(
    () =>
      composing && cuePos
        ? predictShot(cuePos, { angle: aim.angle, speed: aim.speed, offset: aim.offset }, tableBalls)
        : null,
    [composing, cuePos, aim.angle, aim.speed, aim.offset, tableBalls],
  );
  const call = useMemo(() => followGuide(aim.call, guide, cueId), [aim.call, guide, cueId]);
  const callTarget = aim.pending ?? guide?.hit?.ball ?? null;
  const ballPosition = useCallback((id: number) => tableBalls.find((b) => b.id === id) ?? null, [tableBalls]);
  const marks = useMemo(
    () => (guide ? callMarks(call, guide, cueId, ballPosition) : []),
    [guide, call, cueId, ballPosition],
  );

  function onGesture(effect: GestureEffect) {
    const patch = aimPatchOf(effect, aim, { callTarget, canCall: true, canPickCue: true });
    if (patch) update(patch);
  }
  const aimPointer = useTablePointer(
    composing && cuePos
      ? { cue: cuePos, angle: aim.angle, balls: tableBalls, placing: false, pending: aim.pending !== null }
      : null,
    onGesture,
  );

  function arrangePointer(kind: PointerKind, at: Point, pixel: number) {
    if (kind === "down") {
      const id = ballAt(at, position.balls, Math.max(0.01, 10 * pixel));
      if (id !== null) {
        setDrag({ id, from: at, at });
        return;
      }
      if (picked !== null) {
        const spot = placeOnCloth(at, position.balls);
        if (spot) change({ ...position, balls: [...position.balls, { id: picked, ...spot }] });
        setPicked(null);
      }
      return;
    }
    if (!drag) return;
    if (kind === "move") {
      setDrag({ ...drag, at });
      return;
    }
    setDrag(null);
    if (Math.hypot(at.x - drag.from.x, at.y - drag.from.y) < DRAG_SLOP_PX * pixel) return;
    const others = position.balls.filter((b) => b.id !== drag.id);
    if (isOffTable(at)) {
      change({ ...position, balls: others });
      return;
    }
    const spot = placeOnCloth(at, others);
    if (spot) change({ ...position, balls: [...others, { id: drag.id, ...spot }] });
  }

  const onPointer = (kind: PointerKind, at: Point, pixel: number, device: PointerDevice) => {
    if (playback) return;
    if (mode === "arrange") arrangePointer(kind, at, pixel);
    else aimPointer.onPointer(kind, at, pixel, device);
  };

  const shoot = useCallback(async () => {
    if (busy || playback || !cuePos) return;
    setBusy("shot");
    setNotice(null);
    const stroke = { cue: cueId, angle: normaliseAngle(aim.angle), speed: aim.speed, offset: aim.offset };
    const answer = await playPracticeShot(position, stroke, callMessage(call));
    setBusy(null);
    if (!answer.ok) {
      const text =
        answer.message === "offline" ? t("practice.offline") : t("practice.refused", { message: answer.message });
      setNotice({ kind: "error", text });
      return;
    }
    const number = shots + 1;
    const message: ShotBroadcast = { ...answer.value.shot, matchId: "practice", number, elapsed: 0 };
    const before = answer.value.shot.before.map((b) => ({ ...b, onTable: true }));
    setShots(number);
    setHistory((h) => record(h, answer.value.position));
    setTurn((n) => n + 1);
    setHint(null);
    setShared(null);
    setLastShot(message);
    setPlayback({
      record: { message, before, situation: null },
      startedAt: performance.now(),
      elapsed: 0,
      replay: false,
    });
  }, [busy, playback, cuePos, cueId, aim, position, call, shots, t]);

  const endPlayback = useCallback(() => setPlayback(null), []);
  const { frame, onEvents } = useShotPlayback(playback, endPlayback);

  const turnBy = useCallback(
    (delta: number) => update({ angle: normaliseAngle(aim.angle + delta) }),
    [aim.angle, update],
  );
  useStrokeKeys({
    active: composing,
    turn: turnBy,
    speed: aim.speed,
    setSpeed: (speed) => update({ speed }),
    shoot: () => void shoot(),
  });
  const onKeyDown = useCallback((e: ReactKeyboardEvent<HTMLCanvasElement>) => {
    if (e.key === " ") e.preventDefault();
  }, []);

  async function askHint() {
    if (busy) return;
    setBusy("hint");
    setNotice(null);
    const answer = await askPracticeHint(position, level);
    setBusy(null);
    if (!answer.ok) {
      const text =
        answer.message === "offline" ? t("practice.offline") : t("practice.refused", { message: answer.message });
      setNotice({ kind: "error", text });
      return;
    }
    const given = answer.value;
    // The opening's ball in hand goes where the computer would place it, as a step of its own to undo.
    if (given.place) {
      const others = position.balls.filter((b) => b.id !== given.stroke.cue);
      change({ ...position, balls: [...others, { id: given.stroke.cue, ...given.place }] });
    }
    setMode("aim");
    update({
      mode: "aim",
      cue: given.stroke.cue,
      angle: given.stroke.angle,
      speed: given.stroke.speed,
      offset: given.stroke.offset,
      call: given.call.map((c) => ({ ...c, wayFixed: true })),
      pending: null,
    });
    setHint(given);
    setNotice({ kind: "info", text: t("practice.hintTaken") });
  }

  function share() {
    const link = practiceLink(window.location.origin, position);
    window.history.replaceState(null, "", link.slice(window.location.origin.length));
    setShared(link);
    setMenuOpen(true);
  }

  const overlay: Overlay = useMemo(() => {
    if (!composing || !cuePos || !guide) return EMPTY_OVERLAY;
    return {
      ...EMPTY_OVERLAY,
      guide: { ...guideLines(guide, false), own: true },
      cue: cuePos,
      calls: marks,
      pending: aim.pending !== null ? ballPosition(aim.pending) : null,
      house: opening ? {} : null,
      pocketTargets: aim.pending !== null,
    };
  }, [composing, cuePos, guide, marks, aim.pending, ballPosition, opening]);

  const tray = trayOf(position);
  const verdict = lastShot && !playback ? verdictText(lastShot, names, i18n.language) : null;
  const problemText = problem
    ? t("practice.problem", { detail: `${formatPath(problem.path)}: ${problem.message}` })
    : null;

  return (
    <div
      className={`table-view practice-view${menuOpen ? " menu-open" : ""}`}
      data-testid="practice-view"
      data-mode={mode}
      data-busy={busy ?? ""}
      data-playing={playback ? "true" : "false"}
      data-shots={shots}
    >
      <div className="status-bar practice-bar">
        <div className="practice-tools">
          <h2 className="practice-title">{t("practice.title")}</h2>
          <fieldset className="mode-switch">
            <button
              type="button"
              data-testid="practice-mode-arrange"
              aria-pressed={mode === "arrange"}
              onClick={() => setMode("arrange")}
            >
              {t("practice.arrange")}
            </button>
            <button
              type="button"
              data-testid="practice-mode-aim"
              aria-pressed={mode === "aim"}
              onClick={() => {
                setMode("aim");
                setPicked(null);
              }}
            >
              {t("practice.aim")}
            </button>
          </fieldset>
          <button
            type="button"
            data-testid="practice-undo"
            disabled={!canUndo(history) || busy !== null}
            aria-label={t("practice.undo")}
            title={t("practice.undo")}
            onClick={() => {
              setHistory(undo);
              newTurn();
            }}
          >
            ↶
          </button>
          <button
            type="button"
            data-testid="practice-redo"
            disabled={!canRedo(history) || busy !== null}
            aria-label={t("practice.redo")}
            title={t("practice.redo")}
            onClick={() => {
              setHistory(redo);
              newTurn();
            }}
          >
            ↷
          </button>
          <button
            type="button"
            className="menu-button"
            data-testid="open-menu"
            aria-expanded={menuOpen}
            aria-label={menuOpen ? t("app.close") : t("practice.menu")}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? "×" : "☰"}
          </button>
          <button
            type="button"
            data-testid="practice-rack"
            disabled={busy !== null}
            onClick={() => {
              change(practiceRack());
              newTurn();
            }}
          >
            {t("practice.rack")}
          </button>
          <button
            type="button"
            data-testid="practice-hint"
            disabled={busy !== null || problem !== null}
            onClick={() => void askHint()}
          >
            {busy === "hint" ? t("practice.hinting") : t("practice.hint")}
          </button>
          <button type="button" data-testid="practice-share" onClick={share}>
            {t("practice.share")}
          </button>
        </div>
      </div>
      <div className="table-stage">
        <TableCanvas
          balls={playback?.record.before ?? tableBalls}
          overlay={overlay}
          playback={frame}
          onPlaybackEnd={endPlayback}
          onEvents={onEvents}
          onPointer={onPointer}
          onKeyDown={onKeyDown}
          onRotated={setUpright}
          label={t("table.canvas")}
        />
      </div>
      <div className="verdict-line">
        {notice?.kind === "error" ? (
          <p className="error" role="alert" data-testid="practice-error">
            {notice.text}{" "}
            <button type="button" className="dismiss" aria-label={t("app.close")} onClick={() => setNotice(null)}>
              ×
            </button>
          </p>
        ) : problemText ? (
          <p className="error" data-testid="practice-problem">
            {problemText}
          </p>
        ) : playback ? (
          <p className="verdict rolling" data-testid="rolling">
            <span>{t("table.rolling", { number: playback.record.message.number })}</span>
            <button type="button" className="skip" data-testid="skip-animation" onClick={endPlayback}>
              {t("table.skip")}
            </button>
          </p>
        ) : hint ? (
          <p className="verdict hint-line" data-testid="practice-hint-line" role="status">
            {hintText(hint, i18n.language, t)}
          </p>
        ) : verdict && lastShot ? (
          <p
            className={`verdict${isFoulShot(lastShot) ? " foul" : ""}`}
            data-testid="verdict"
            role="status"
            title={verdict}
          >
            <strong>{t("practice.shot", { number: lastShot.number })}</strong> {verdict}
          </p>
        ) : null}
      </div>
      <div className="dock" data-testid="dock">
        {mode === "aim" ? (
          <StrokeDock
            kind="shot"
            aim={aim}
            update={update}
            cue={cueId}
            placing={false}
            call={call}
            lit={marks.map((m) => m.lit)}
            callTarget={callTarget}
            onTurn={(delta) => turnBy(delta)}
            onShoot={() => void shoot()}
            canShoot={composing && busy === null && problem === null && cuePos !== null}
            upright={upright}
          />
        ) : (
          <div className="arrange-dock" data-testid="arrange-dock">
            <p className="hint">
              {picked !== null ? t("practice.picked", { ball: picked }) : t("practice.arrangeHint")}
            </p>
            <p className="hint">{tray.length > 0 ? t("practice.trayHint") : t("practice.trayEmpty")}</p>
            <div className="tray" data-testid="practice-tray">
              {tray.map((id) => (
                <button
                  key={id}
                  type="button"
                  className={picked === id ? "tray-ball picked" : "tray-ball"}
                  data-testid={`tray-${id}`}
                  aria-pressed={picked === id}
                  onClick={() => setPicked(picked === id ? null : id)}
                >
                  <BallIcon id={id} size={26} />
                </button>
              ))}
            </div>
          </div>
        )}
      </div>
      <aside className="side-panel" data-testid="side-panel">
        <PracticeSituation position={position} names={names} onChange={change} />
        <section className="practice-hint-level">
          <label className="field">
            <span>{t("practice.level")}</span>
            <select
              data-testid="practice-level"
              value={level}
              onChange={(e) => setLevel(e.target.value as ComputerLevel)}
            >
              {COMPUTER_LEVELS.map((l) => (
                <option key={l} value={l}>
                  {t(`computer.level.${l}`)}
                </option>
              ))}
            </select>
          </label>
        </section>
        {shared && (
          <section>
            <h3>{t("practice.shareTitle")}</h3>
            <CopyLink
              link={shared}
              label={t("practice.copyLink")}
              testId="practice-link"
              copyTestId="practice-copy-link"
            />
          </section>
        )}
      </aside>
      <pre hidden data-testid="ball-positions">
        {JSON.stringify(position.balls.map((b) => [b.id, Math.round(b.x * 1e4) / 1e4, Math.round(b.y * 1e4) / 1e4]))}
      </pre>
      <pre hidden data-testid="practice-situation-state">
        {JSON.stringify(position.match)}
      </pre>
    </div>
  );
}
