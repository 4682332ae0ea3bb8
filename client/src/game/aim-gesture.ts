import type { AimState } from "./aim-draft.ts";
import { withCalled } from "./call-builder.ts";
import type { GestureEffect } from "./pointer-gesture.ts";

/** What the table may do with a gesture now. */
export interface AimGestureRights {
  /** The ball the pocket tapped would call: the one picked, or the one the aim is on. */
  readonly callTarget: number | null;
  /** The call may be changed (a shot, not the lag). */
  readonly canCall: boolean;
  /** A tapped ball may become the cue ball (not while a ball in hand is placed). */
  readonly canPickCue: boolean;
}

/**
 * A table gesture as a change of the stroke being composed: aiming, power, picking the cue ball, and the
 * call by tapping a ball and then a pocket. Null for what is not the stroke's (placing a ball is the view's).
 */
export function aimPatchOf(effect: GestureEffect, aim: AimState, rights: AimGestureRights): Partial<AimState> | null {
  switch (effect.kind) {
    case "aim":
      return { angle: effect.angle };
    case "power":
      return { speed: effect.speed };
    case "tap-ball":
      if (aim.mode === "cue" && rights.canPickCue) return effect.ball >= 0 ? { cue: effect.ball, mode: "aim" } : null;
      return rights.canCall ? { pending: aim.pending === effect.ball ? null : effect.ball } : null;
    case "tap-pocket":
      if (!rights.canCall || rights.callTarget === null) return null;
      return { call: withCalled(aim.call, rights.callTarget, effect.pocket), pending: null };
    default:
      return null;
  }
}
