import type { BallToDraw } from "@habibka/painter";
import { APEX_BALL, FOOT_SPOT, POCKETS, type Point } from "@habibka/shared/table";
import { type KeyboardEvent as ReactKeyboardEvent, useCallback, useEffect, useMemo } from "react";
import type { TurnOf } from "../game/aim-draft.ts";
import { angleTowards, normaliseAngle } from "../game/aim-geometry.ts";
import { aimPatchOf } from "../game/aim-gesture.ts";
import { callMessage } from "../game/call-builder.ts";
import { type CallEntry, followGuide } from "../game/call-way.ts";
import { whiteCueDefault } from "../game/cue-default.ts";
import { callMarks, guideLines } from "../game/guide-overlay.ts";
import { defaultHouseSpot, type LagSide, placeInHouse } from "../game/house.ts";
import type { GestureEffect } from "../game/pointer-gesture.ts";
import { predictShot, type ShotGuide } from "../game/shot-guide.ts";
import type { CalledBall, StrokeMessage } from "../net/messages.ts";
import { EMPTY_OVERLAY, type Overlay } from "../table/draw-overlay.ts";
import { useAim } from "./use-aim.ts";
import { useBriefly } from "./use-briefly.ts";
import { useStrokeKeys } from "./use-stroke-keys.ts";
import { useTablePointer } from "./use-table-pointer.ts";

/** The id drawn for the lag ball: the server picks the real one, and it is shown unnumbered until then. */
const LAG_BALL = -1;
/** The loupes stay this long after a fine step. */
const LOUPE_MS = 1600;

/** The ball in hand, placed in the house before the stroke: the opening shot's, or the lag's. */
type Placing = "opening" | "lag";

export interface ComposerOptions {
  /** The turn the stroke belongs to: a new one starts the aim afresh (aim-draft.ts). */
  readonly turn: TurnOf;
  /** The balls standing on the table; the ball in hand is not among them. */
  readonly balls: readonly BallToDraw[];
  /** The player composes now: the guide is drawn, and the table's pointer and the keys aim. */
  readonly composing: boolean;
  readonly placing: Placing | null;
  /** The lag's half of the house. */
  readonly side?: LagSide | undefined;
  /** An opening shot: with the ball in hand, or (the practice table) from where the ball was set. */
  readonly opening: boolean;
  /**
   * Whenever this changes (to anything but ""), the stroke starts aimed where that stroke usually goes: the
   * pyramid for the opening shot, the foot cushion for the lag. Later changes of the balls keep the aim.
   */
  readonly startKey: string;
  /** Magnified contacts after a fine step and while a drag steers (the live table's loupes). */
  readonly loupes: boolean;
  readonly onShoot: (stroke: ComposedStroke) => void;
}

/** The stroke as composed, ready for a message: the stroke, the call, and where the ball in hand stands. */
export interface ComposedStroke {
  readonly stroke: StrokeMessage;
  readonly call: CalledBall[];
  readonly place: Point | null;
}

export type StrokeComposer = ReturnType<typeof useStrokeComposer>;

const NO_LOUPES: readonly Point[] = EMPTY_OVERLAY.loupes;

/** Where the loupes look: the first contact of the aim line, and the called pocket or the object line's end. */
function loupeFoci(guide: ShotGuide | null, call: readonly CallEntry[]): Point[] {
  if (!guide) return [];
  const first = guide.hit?.ghost ?? guide.cue.contacts[0]?.at ?? guide.cue.points.at(-1);
  const called = call[0] ? POCKETS[call[0].pocket].mouthCentre : null;
  const end = guide.hit ? (guide.hit.path.contacts[0]?.at ?? guide.hit.path.points.at(-1)) : null;
  return [first, called ?? end].filter((p): p is Point => !!p);
}

/** The cue ball the player chose while it is on the table, else the natural one. */
function cueOf(chosen: number | null, balls: readonly BallToDraw[]): number {
  return chosen !== null && balls.some((b) => b.id === chosen) ? chosen : whiteCueDefault(balls);
}

/**
 * The stroke being composed, as the live table and the practice table both compose it: the aim and its
 * guide, the call that follows the guide, the ball in hand placed in the house, the table's pointer and
 * the keys, and the overlay drawn for it. What the table does with the stroke is `onShoot`'s.
 */
export function useStrokeComposer(options: ComposerOptions) {
  const { balls, composing, placing, side, opening, startKey, loupes, onShoot } = options;
  const [aim, update] = useAim(options.turn);
  const lag = placing === "lag";

  const placeSpot = useMemo(
    () => (placing ? (aim.place ?? defaultHouseSpot(balls, side)) : null),
    [placing, aim.place, balls, side],
  );
  const cueId = lag ? LAG_BALL : placing === "opening" ? APEX_BALL : cueOf(aim.cue, balls);
  // What stands on the table while composing: the balls, plus the ball in hand where it is placed.
  const composedBalls: readonly BallToDraw[] = useMemo(() => {
    if (!placeSpot) return balls;
    return [...balls.filter((b) => b.id !== cueId), { id: cueId, ...placeSpot }];
  }, [balls, placeSpot, cueId]);
  const cuePos: Point | null = placeSpot ?? balls.find((b) => b.id === cueId) ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: only when a new stroke begins, so later changes of the balls do not undo the aim
  useEffect(() => {
    if (!startKey) return;
    if (lag) update({ angle: 0 });
    else if (opening && cuePos) update({ angle: angleTowards(cuePos, FOOT_SPOT) });
  }, [startKey]);

  const guide = useMemo(
    () =>
      composing && cuePos
        ? predictShot(
            { id: cueId, x: cuePos.x, y: cuePos.y },
            { angle: aim.angle, speed: aim.speed, offset: lag ? { x: 0, y: 0 } : aim.offset },
            composedBalls,
          )
        : null,
    [composing, cuePos, cueId, aim.angle, aim.speed, aim.offset, lag, composedBalls],
  );
  // Every way the player has not set follows the guide's predicted path, aim change by aim change.
  const call = useMemo(() => followGuide(aim.call, guide, cueId), [aim.call, guide, cueId]);
  const callTarget = aim.pending ?? guide?.hit?.ball ?? null;
  const ballAt = useCallback((id: number) => composedBalls.find((b) => b.id === id) ?? null, [composedBalls]);
  const marks = useMemo(
    () => (composing && guide ? callMarks(call, guide, cueId, ballAt) : []),
    [composing, guide, call, cueId, ballAt],
  );

  function onGesture(effect: GestureEffect) {
    if (effect.kind === "place") {
      const others = composedBalls.filter((b) => b.id !== cueId);
      const spot = placeInHouse(effect.at, others, side);
      if (spot) update({ place: spot });
      return;
    }
    // The lag is no shot of the call's; a ball in hand is the cue ball already.
    const patch = aimPatchOf(effect, aim, { callTarget, canCall: !lag, canPickCue: !placing, cue: cueId });
    if (patch) update(patch);
  }
  const pointer = useTablePointer(
    composing && cuePos
      ? {
          cue: cuePos,
          angle: aim.angle,
          speed: aim.speed,
          balls: composedBalls,
          placing: placing !== null,
          pending: aim.pending !== null,
        }
      : null,
    onGesture,
  );

  const [fineAiming, pokeFine] = useBriefly(LOUPE_MS);
  const turn = useCallback(
    (delta: number, fine: boolean) => {
      if (fine && loupes) pokeFine();
      update({ angle: normaliseAngle(aim.angle + delta) });
    },
    [aim.angle, update, pokeFine, loupes],
  );
  const steering = pointer.steering;
  const shownLoupes = useMemo(
    () => (loupes && composing && (fineAiming || steering) ? loupeFoci(guide, call) : NO_LOUPES),
    [loupes, composing, fineAiming, steering, guide, call],
  );

  const overlay: Overlay | null = useMemo(() => {
    if (!composing || !cuePos || !guide) return null;
    return {
      ...EMPTY_OVERLAY,
      guide: { ...guideLines(guide, lag), own: true },
      cue: cuePos,
      calls: marks,
      pending: aim.pending !== null ? ballAt(aim.pending) : null,
      house: placing || opening ? (side === undefined ? {} : { side }) : null,
      pocketTargets: aim.pending !== null,
      loupes: shownLoupes,
    };
  }, [composing, cuePos, guide, lag, marks, aim.pending, ballAt, placing, opening, side, shownLoupes]);

  const composed: ComposedStroke = useMemo(
    () => ({
      stroke: { cue: cueId, angle: normaliseAngle(aim.angle), speed: aim.speed, offset: aim.offset },
      call: callMessage(call),
      place: placeSpot,
    }),
    [cueId, aim.angle, aim.speed, aim.offset, call, placeSpot],
  );
  const shoot = useCallback(() => onShoot(composed), [onShoot, composed]);
  const setSpeed = useCallback((speed: number) => update({ speed }), [update]);
  useStrokeKeys({ active: composing, turn, speed: aim.speed, setSpeed, shoot });
  // Space is the table's own key: it must not scroll the page under the player's aim.
  const onKeyDown = useCallback((e: ReactKeyboardEvent<HTMLCanvasElement>) => {
    if (e.key === " ") e.preventDefault();
  }, []);

  return {
    aim,
    update,
    placing,
    cueId,
    cuePos,
    balls: composedBalls,
    call,
    callTarget,
    marks,
    overlay,
    composed,
    turn,
    shoot,
    onPointer: pointer.onPointer,
    /** A finger pulls the power on the table: its reading is shown over the table. */
    pulling: pointer.pulling,
    onKeyDown,
  };
}
