import { MAX_STROKE_SPEED } from "@habibka/shared";
import type { PocketId, Point } from "@habibka/shared/table";
import { type Circle, normaliseAngle } from "./aim-geometry.ts";
import { ballAt, pocketNear } from "./hit-test.ts";
import { MIN_SPEED } from "./stroke-limits.ts";

/**
 * What a pointer on the table means, as a pure state machine: a tap picks a ball or a pocket (the call, or
 * the cue ball), a drag aims, a drag of the ball in hand places it, and on touch a drag back from the cue
 * ball sets the power. A mouse points the line where it is pressed; a finger turns the line around the cue
 * ball by how far it travels round it, so it can stay well away from the ghost ball it is steering.
 *
 * The finger's turn is the change of its bearing seen from the cue ball, so a travel of s pixels across
 * the line at r pixels from the ball turns it by s/r radians: the farther the finger, the finer the aim
 * (at 200 px one pixel is 0.29°, at 400 px 0.14°). Every pixel of a drag counts, from the press on; only
 * a press on something a tap would pick (a ball, a pocket, the cue ball) waits for a few pixels to tell a
 * tap from a drag, and a press on bare cloth, where a tap means nothing, steers at once.
 */

export type PointerDevice = "mouse" | "touch";

export interface GestureContext {
  readonly cue: Point;
  readonly angle: number;
  /** The power now: the pull changes it from there. */
  readonly speed: number;
  readonly balls: readonly Circle[];
  /** The ball in hand may be dragged (the opening shot, the lag). */
  readonly placing: boolean;
  /** A ball picked for the call waits for its pocket: a tap near a pocket means the pocket. */
  readonly pending: boolean;
  /** Size of one CSS pixel in metres, so that fingers get targets of a fixed size on screen. */
  readonly pixel: number;
}

export type GestureState =
  | { readonly kind: "idle" }
  | { readonly kind: "pressed"; readonly at: Point; readonly device: PointerDevice; readonly onCue: boolean }
  | {
      readonly kind: "aiming";
      readonly last: Point;
      readonly device: PointerDevice;
      /** The aim when the drag began and how far the finger has turned round the cue ball since. */
      readonly from: number;
      readonly turned: number;
    }
  | { readonly kind: "placing" }
  | { readonly kind: "pulling"; readonly at: Point; readonly from: number };

export type GestureEffect =
  | { readonly kind: "aim"; readonly angle: number }
  | { readonly kind: "place"; readonly at: Point }
  | { readonly kind: "power"; readonly speed: number }
  /** `angle` points from the cue ball at the ball's centre: a mouse click outside calling aims there. */
  | { readonly kind: "tap-ball"; readonly ball: number; readonly device: PointerDevice; readonly angle: number }
  | { readonly kind: "tap-pocket"; readonly pocket: PocketId };

export type GestureEvent =
  | { readonly kind: "down"; readonly at: Point; readonly device: PointerDevice }
  | { readonly kind: "move"; readonly at: Point }
  | { readonly kind: "up"; readonly at: Point };

export interface GestureStep {
  readonly state: GestureState;
  readonly effects: readonly GestureEffect[];
}

export const IDLE: GestureState = { kind: "idle" };

/** Movement below this many pixels from a press on a ball or a pocket is a tap, not a drag. */
const SLOP_PX = 6;
/** The ball in hand, or the cue ball for the power pull, is grabbed within this many pixels of its centre. */
const GRAB_PX = 26;
/** Closer than this to the cue ball a finger's direction is too jumpy to steer by. */
const STEER_MIN = 0.02;
/**
 * The power pull: m/s per pixel pulled back along the cue. Finer power by touch is a pull-back rather than
 * magnified slider steps because the pull happens on the table, along the line being aimed, where the
 * finger has hundreds of pixels (the slider has ~150 for 12 m/s, 0.08 m/s a pixel), and its reading is
 * shown over the table while it lasts. It starts from the power set and moves it both ways (back: harder,
 * forward: softer), so a new grab refines what the last one left: 0.02 m/s a pixel, 1 m/s per 50 px.
 */
export const POWER_PER_PX = 0.02;

const angleTo = (from: Point, to: Point) => (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The angular change from a to b in (−180, 180]. */
function turn(a: number, b: number): number {
  const d = (((b - a) % 360) + 540) % 360;
  return d - 180;
}

function tapTarget(at: Point, ctx: GestureContext, device: PointerDevice): GestureEffect | null {
  const ballReach = Math.max(0.02, 14 * ctx.pixel);
  const pocketReach = Math.max(0.12, 26 * ctx.pixel);
  const ball = ballAt(at, ctx.balls, ballReach);
  const pocket = pocketNear(at, pocketReach);
  const centre = ctx.balls.find((b) => b.id === ball);
  const ballTap =
    ball === null
      ? null
      : ({
          kind: "tap-ball",
          ball,
          device,
          angle: centre ? normaliseAngle(angleTo(ctx.cue, centre)) : ctx.angle,
        } as const);
  const pocketTap = pocket === null ? null : ({ kind: "tap-pocket", pocket } as const);
  // A ball by a pocket: while a ball waits for its pocket, the pocket is what the player means.
  return ctx.pending ? (pocketTap ?? ballTap) : (ballTap ?? pocketTap);
}

export function gesture(state: GestureState, event: GestureEvent, ctx: GestureContext): GestureStep {
  const none = (next: GestureState): GestureStep => ({ state: next, effects: [] });
  if (event.kind === "down") {
    const onCue = distance(event.at, ctx.cue) <= GRAB_PX * ctx.pixel;
    if (ctx.placing && onCue) return none({ kind: "placing" });
    // On the open cloth a press steers at once (a mouse points the line there); on a ball or a pocket it
    // waits to see whether this is a click (the call) or a drag.
    if (tapTarget(event.at, ctx, event.device) === null && !onCue) {
      const aiming = steer(event.at, event.device, ctx);
      return { state: aiming, effects: event.device === "mouse" ? [aimAt(ctx, event.at)] : [] };
    }
    return none({ kind: "pressed", at: event.at, device: event.device, onCue });
  }
  if (event.kind === "move") {
    switch (state.kind) {
      case "idle":
        return none(state);
      case "placing":
        return { state, effects: [{ kind: "place", at: event.at }] };
      case "pulling":
        return { state, effects: [pull(state, ctx, event.at)] };
      case "pressed": {
        if (distance(event.at, state.at) < SLOP_PX * ctx.pixel) return none(state);
        if (state.device === "touch" && state.onCue && along(ctx, event.at) - along(ctx, state.at) < 0) {
          const pulling = { kind: "pulling", at: state.at, from: ctx.speed } as const;
          return { state: pulling, effects: [pull(pulling, ctx, event.at)] };
        }
        // The drag counts from the press, so the pixels that told it from a tap are not lost.
        return gesture(steer(state.at, state.device, ctx), event, ctx);
      }
      case "aiming": {
        if (state.device === "mouse") {
          const effects = distance(event.at, ctx.cue) > STEER_MIN ? [aimAt(ctx, event.at)] : [];
          return { state: { ...state, last: event.at }, effects };
        }
        if (distance(event.at, ctx.cue) < STEER_MIN || distance(state.last, ctx.cue) < STEER_MIN) {
          return none({ ...state, last: event.at });
        }
        // Summed from the drag's start, not added to the angle shown: moves that come between two renders
        // (and so see the same angle) each keep their share of the turn.
        const turned = state.turned + turn(angleTo(ctx.cue, state.last), angleTo(ctx.cue, event.at));
        return {
          state: { ...state, last: event.at, turned },
          effects: [{ kind: "aim", angle: normaliseAngle(state.from + turned) }],
        };
      }
    }
  }
  if (state.kind === "pressed") {
    const tap = tapTarget(event.at, ctx, state.device);
    return { state: IDLE, effects: tap ? [tap] : [] };
  }
  return none(IDLE);
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

function aimAt(ctx: GestureContext, at: Point): GestureEffect {
  return { kind: "aim", angle: normaliseAngle(angleTo(ctx.cue, at)) };
}

function steer(at: Point, device: PointerDevice, ctx: GestureContext): GestureState {
  return { kind: "aiming", last: at, device, from: ctx.angle, turned: 0 };
}

/** How far a point lies ahead of the cue ball along the aim, in metres (behind it: negative). */
function along(ctx: GestureContext, at: Point): number {
  return (at.x - ctx.cue.x) * Math.cos(rad(ctx.angle)) + (at.y - ctx.cue.y) * Math.sin(rad(ctx.angle));
}

function pull(state: { readonly at: Point; readonly from: number }, ctx: GestureContext, at: Point): GestureEffect {
  const backPx = (along(ctx, state.at) - along(ctx, at)) / ctx.pixel;
  const speed = Math.min(MAX_STROKE_SPEED, Math.max(MIN_SPEED, state.from + backPx * POWER_PER_PX));
  return { kind: "power", speed };
}
