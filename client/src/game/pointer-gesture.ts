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
 */

export type PointerDevice = "mouse" | "touch";

export interface GestureContext {
  readonly cue: Point;
  readonly angle: number;
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
  | { readonly kind: "aiming"; readonly last: Point; readonly device: PointerDevice }
  | { readonly kind: "placing" }
  | { readonly kind: "pulling" };

export type GestureEffect =
  | { readonly kind: "aim"; readonly angle: number }
  | { readonly kind: "place"; readonly at: Point }
  | { readonly kind: "power"; readonly speed: number }
  | { readonly kind: "tap-ball"; readonly ball: number }
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

/** Movement below this many pixels is a tap, not a drag. */
const SLOP_PX = 8;
/** The ball in hand, or the cue ball for the power pull, is grabbed within this many pixels of its centre. */
const GRAB_PX = 26;
/** Closer than this to the cue ball a finger's direction is too jumpy to steer by. */
const STEER_MIN = 0.02;
/** The power pull: m/s per pixel pulled back from the cue ball. */
const POWER_PER_PX = 0.06;

const angleTo = (from: Point, to: Point) => (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** The angular change from a to b in (−180, 180]. */
function turn(a: number, b: number): number {
  const d = (((b - a) % 360) + 540) % 360;
  return d - 180;
}

function tapTarget(at: Point, ctx: GestureContext): GestureEffect | null {
  const ballReach = Math.max(0.02, 14 * ctx.pixel);
  const pocketReach = Math.max(0.12, 26 * ctx.pixel);
  const ball = ballAt(at, ctx.balls, ballReach);
  const pocket = pocketNear(at, pocketReach);
  const ballTap = ball === null ? null : ({ kind: "tap-ball", ball } as const);
  const pocketTap = pocket === null ? null : ({ kind: "tap-pocket", pocket } as const);
  // A ball by a pocket: while a ball waits for its pocket, the pocket is what the player means.
  return ctx.pending ? (pocketTap ?? ballTap) : (ballTap ?? pocketTap);
}

export function gesture(state: GestureState, event: GestureEvent, ctx: GestureContext): GestureStep {
  const none = (next: GestureState): GestureStep => ({ state: next, effects: [] });
  if (event.kind === "down") {
    const onCue = distance(event.at, ctx.cue) <= GRAB_PX * ctx.pixel;
    if (ctx.placing && onCue) return none({ kind: "placing" });
    // A mouse pressed on the open cloth points the line there at once; on a ball or a pocket it waits to
    // see whether this is a click (the call) or a drag.
    if (event.device === "mouse" && tapTarget(event.at, ctx) === null && !onCue) {
      return { state: { kind: "aiming", last: event.at, device: "mouse" }, effects: [aimAt(ctx, event.at)] };
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
        return { state, effects: [pull(ctx, event.at)] };
      case "pressed": {
        if (distance(event.at, state.at) < SLOP_PX * ctx.pixel) return none(state);
        const back =
          (event.at.x - ctx.cue.x) * Math.cos(rad(ctx.angle)) + (event.at.y - ctx.cue.y) * Math.sin(rad(ctx.angle));
        if (state.device === "touch" && state.onCue && back < 0)
          return { state: { kind: "pulling" }, effects: [pull(ctx, event.at)] };
        const aiming: GestureState = { kind: "aiming", last: state.at, device: state.device };
        return gesture(aiming, event, ctx);
      }
      case "aiming": {
        if (state.device === "mouse") {
          const effects = distance(event.at, ctx.cue) > STEER_MIN ? [aimAt(ctx, event.at)] : [];
          return { state: { ...state, last: event.at }, effects };
        }
        if (distance(event.at, ctx.cue) < STEER_MIN || distance(state.last, ctx.cue) < STEER_MIN) {
          return none({ ...state, last: event.at });
        }
        const delta = turn(angleTo(ctx.cue, state.last), angleTo(ctx.cue, event.at));
        return {
          state: { ...state, last: event.at },
          effects: [{ kind: "aim", angle: normaliseAngle(ctx.angle + delta) }],
        };
      }
    }
  }
  if (state.kind === "pressed") {
    const tap = tapTarget(event.at, ctx);
    return { state: IDLE, effects: tap ? [tap] : [] };
  }
  return none(IDLE);
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

function aimAt(ctx: GestureContext, at: Point): GestureEffect {
  return { kind: "aim", angle: normaliseAngle(angleTo(ctx.cue, at)) };
}

function pull(ctx: GestureContext, at: Point): GestureEffect {
  const back = -((at.x - ctx.cue.x) * Math.cos(rad(ctx.angle)) + (at.y - ctx.cue.y) * Math.sin(rad(ctx.angle)));
  const speed = Math.min(MAX_STROKE_SPEED, Math.max(MIN_SPEED, (Math.max(0, back) / ctx.pixel) * POWER_PER_PX));
  return { kind: "power", speed };
}
