import type { AimState } from "./aim-draft.ts";
import { withCalled, withoutCalled } from "./call-builder.ts";
import type { GestureEffect } from "./pointer-gesture.ts";

/** What the table may do with a gesture now. */
export interface AimGestureRights {
  /** The ball the pocket tapped would call: the one picked, or the one the aim is on. */
  readonly callTarget: number | null;
  /** The call may be changed (a shot, not the lag). */
  readonly canCall: boolean;
  /** A tapped ball may become the cue ball (not while a ball in hand is placed). */
  readonly canPickCue: boolean;
  /** The cue ball's id: a click on it never aims. */
  readonly cue: number;
}

/**
 * A table gesture as a change of the stroke being composed: aiming, power, picking the cue ball, and the
 * call by tapping a ball and then a pocket. Null for what is not the stroke's (placing a ball is the view's).
 *
 * A mouse click on a ball aims at it unless the player is calling (the call control is open or a ball
 * waits for its pocket): on a laptop a click is how one points, and a click that quietly started a call
 * cost a tester his shot. A finger's tap keeps calling at once, as a finger aims by turning, never by a tap.
 * A tap on a ball already called takes it out of the call, so a double call is undone ball by ball.
 */
export function aimPatchOf(effect: GestureEffect, aim: AimState, rights: AimGestureRights): Partial<AimState> | null {
  switch (effect.kind) {
    case "aim":
      return { angle: effect.angle };
    case "power":
      return { speed: effect.speed };
    case "tap-ball": {
      if (aim.mode === "cue" && rights.canPickCue) return effect.ball >= 0 ? { cue: effect.ball, mode: "aim" } : null;
      const calling = aim.calling || aim.pending !== null || effect.device === "touch";
      if (!calling || !rights.canCall) return effect.ball === rights.cue ? null : { angle: effect.angle };
      if (aim.pending === effect.ball) return { pending: null };
      if (aim.call.some((c) => c.ball === effect.ball))
        return { call: withoutCalled(aim.call, effect.ball), pending: null };
      return { pending: effect.ball };
    }
    case "tap-pocket":
      if (!rights.canCall || rights.callTarget === null) return null;
      // The call is made: calling ends, as it does from the pocket buttons.
      return { call: withCalled(aim.call, rights.callTarget, effect.pocket), pending: null, calling: false };
    default:
      return null;
  }
}
