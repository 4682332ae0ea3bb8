import type { ComputerLevel } from "@habibka/shared/match";
import type { PracticeHint, PracticePosition } from "@habibka/shared/protocol";
import { findPositionProblem, formatPath } from "@habibka/shared/sim";
import type { Point } from "@habibka/shared/table";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { turnKey } from "../game/aim-draft.ts";
import type { PointerDevice } from "../game/pointer-gesture.ts";
import type { ShotBroadcast } from "../net/messages.ts";
import type { Playback } from "../net/shot-record.ts";
import { hintText } from "../practice/hint-text.ts";
import { canRedo, canUndo, type History, historyOf, record, redo, undo } from "../practice/history.ts";
import { practiceLink } from "../practice/position-link.ts";
import { askPracticeHint, playPracticeShot } from "../practice/practice-api.ts";
import { practiceRack } from "../practice/practice-rack.ts";
import { trayOf } from "../practice/situation.ts";
import { EMPTY_OVERLAY } from "../table/draw-overlay.ts";
import { type PointerKind, TableCanvas } from "../table/TableCanvas.tsx";
import { ArrangeDock } from "./ArrangeDock.tsx";
import { PracticeSidePanel } from "./PracticeSidePanel.tsx";
import { type PracticeMode, PracticeToolbar } from "./PracticeToolbar.tsx";
import { StrokeDock } from "./StrokeDock.tsx";
import { useArrange } from "./use-arrange.ts";
import { useShotPlayback } from "./use-shot-playback.ts";
import { type ComposedStroke, useStrokeComposer } from "./use-stroke-composer.ts";
import { VerdictLine } from "./VerdictLine.tsx";
import type { SeatNames } from "./verdict-text.ts";

interface Props {
  /** The position the page opened with (a shared link, a shot to analyse); the rack when null. */
  readonly initial: PracticePosition | null;
  /** Why the link the page opened with could not be used, shown once; null when there was none or it was good. */
  readonly linkProblem: string | null;
}

type Notice = { readonly kind: "error" | "info"; readonly text: string } | null;

/**
 * The practice table: one player alone, any position. The balls are set by hand (dragged anywhere, off the
 * table onto the rails, back from the tray), the match situation in the side panel; a shot is composed with
 * the live table's composer and controls and played and judged by the server (POST /api/practice/shot), the
 * computer's hint asked for (POST /api/practice/hint). Every change is a step to undo; the position goes
 * into a link.
 */
export function PracticeTable({ initial, linkProblem }: Props) {
  const { t, i18n } = useTranslation();
  const [history, setHistory] = useState<History<PracticePosition>>(() => historyOf(initial ?? practiceRack()));
  const position = history.present;
  // Each shot, undo and redo is a new turn for the aim: the call and the tip start afresh there.
  const [turn, setTurn] = useState(0);
  const [mode, setMode] = useState<PracticeMode>("aim");
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
  const failed = useCallback(
    (message: string) =>
      setNotice({
        kind: "error",
        text: message === "offline" ? t("practice.offline") : t("practice.refused", { message }),
      }),
    [t],
  );

  const arrange = useArrange(position, change);
  const problem = useMemo(() => findPositionProblem(position, { outOfPlay: true }), [position]);
  const composing = mode === "aim" && playback === null && busy !== "shot";

  const shoot = useCallback(
    async ({ stroke, call }: ComposedStroke) => {
      if (busy || playback || !position.balls.some((b) => b.id === stroke.cue)) return;
      setBusy("shot");
      setNotice(null);
      const answer = await playPracticeShot(position, stroke, call);
      setBusy(null);
      if (!answer.ok) {
        failed(answer.message);
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
    },
    [busy, playback, position, shots, failed],
  );

  const opening = position.match.opening;
  // One player alone: the turn is the practice's own count, the seat always the first.
  const aimTurn = { matchId: "practice", shotNumber: turn, toMove: 0, phase: opening ? "opening" : "play" };
  const composer = useStrokeComposer({
    turn: aimTurn,
    balls: arrange.balls,
    composing,
    // The cue ball is set on the table by hand, an opening's too: there is no ball in hand to place.
    placing: null,
    // An opening shot starts aimed at the pyramid, as at the live table, with the house lit.
    opening,
    startKey: turnKey(aimTurn),
    loupes: false,
    onShoot: (stroke) => void shoot(stroke),
  });
  const { update } = composer;

  const endPlayback = useCallback(() => setPlayback(null), []);
  const { frame, onEvents } = useShotPlayback(playback, endPlayback);

  const onPointer = (kind: PointerKind, at: Point, pixel: number, device: PointerDevice) => {
    if (playback) return;
    if (mode === "arrange") arrange.onPointer(kind, at, pixel);
    else composer.onPointer(kind, at, pixel, device);
  };

  async function askHint() {
    if (busy) return;
    setBusy("hint");
    setNotice(null);
    const answer = await askPracticeHint(position, level);
    setBusy(null);
    if (!answer.ok) {
      failed(answer.message);
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
      <PracticeToolbar
        mode={mode}
        onMode={(next) => {
          setMode(next);
          if (next === "aim") arrange.setPicked(null);
        }}
        busy={busy}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        onUndo={() => {
          setHistory(undo);
          newTurn();
        }}
        onRedo={() => {
          setHistory(redo);
          newTurn();
        }}
        menuOpen={menuOpen}
        onMenu={() => setMenuOpen(!menuOpen)}
        onRack={() => {
          change(practiceRack());
          newTurn();
        }}
        canHint={problem === null}
        onHint={() => void askHint()}
        onShare={share}
      />
      <div className="table-stage">
        <TableCanvas
          balls={playback?.record.before ?? arrange.balls}
          overlay={composer.overlay ?? EMPTY_OVERLAY}
          playback={frame}
          onPlaybackEnd={endPlayback}
          onEvents={onEvents}
          onPointer={onPointer}
          onKeyDown={composer.onKeyDown}
          onRotated={setUpright}
          label={t("table.canvas")}
        />
      </div>
      <VerdictLine
        error={
          notice?.kind === "error"
            ? { text: notice.text, testId: "practice-error", onDismiss: () => setNotice(null) }
            : null
        }
        problem={problemText}
        playback={playback}
        onSkip={endPlayback}
        hint={hint ? hintText(hint, i18n.language, t) : null}
        shot={lastShot ? { message: lastShot, title: t("practice.shot", { number: lastShot.number }) } : null}
        names={names}
      />
      <div className="dock" data-testid="dock">
        {mode === "aim" ? (
          <StrokeDock
            composer={composer}
            canShoot={composing && busy === null && problem === null && composer.cuePos !== null}
            upright={upright}
          />
        ) : (
          <ArrangeDock tray={trayOf(position)} picked={arrange.picked} onPick={arrange.setPicked} />
        )}
      </div>
      <PracticeSidePanel
        position={position}
        names={names}
        onChange={change}
        level={level}
        onLevel={setLevel}
        shared={shared}
      />
      <pre hidden data-testid="ball-positions">
        {JSON.stringify(position.balls.map((b) => [b.id, Math.round(b.x * 1e4) / 1e4, Math.round(b.y * 1e4) / 1e4]))}
      </pre>
      <pre hidden data-testid="practice-situation-state">
        {JSON.stringify(position.match)}
      </pre>
    </div>
  );
}
