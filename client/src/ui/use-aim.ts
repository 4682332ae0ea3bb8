import { useEffect, useState } from "react";
import type { Vec } from "../game/aim-geometry.ts";
import { clampSpeed, type Offset, roundAngle } from "../game/stroke-limits.ts";
import type { CalledBall } from "../net/messages.ts";
import type { AimMode } from "./AimControls.tsx";

export interface AimState {
  readonly mode: AimMode;
  /** The chosen cue ball; null lets the view pick a sensible one. */
  readonly cue: number | null;
  readonly angle: number;
  readonly speed: number;
  readonly offset: Offset;
  readonly call: readonly CalledBall[];
  /** A ball picked for the call, waiting for its pocket. */
  readonly pending: number | null;
  /** Where the ball in hand stands (opening shot, lag); null: the default spot. */
  readonly place: Vec | null;
}

const FRESH: AimState = {
  mode: "aim",
  cue: null,
  angle: 0,
  speed: 2.5,
  offset: { x: 0, y: 0 },
  call: [],
  pending: null,
  place: null,
};

/**
 * The player's stroke being composed. A new turn (shot number or mover changes) starts a fresh call and
 * cue choice but keeps the power and angle the player was used to.
 */
export function useAim(turnKey: string) {
  const [aim, setAim] = useState<AimState>(FRESH);
  useEffect(() => {
    // turnKey names the turn: whenever it changes, the previous turn's call and cue no longer apply.
    void turnKey;
    setAim((a) => ({ ...FRESH, angle: a.angle, speed: a.speed }));
  }, [turnKey]);
  const update = (patch: Partial<AimState>) =>
    setAim((a) => {
      const next = { ...a, ...patch };
      return { ...next, angle: roundAngle(next.angle), speed: clampSpeed(next.speed) };
    });
  return [aim, update] as const;
}
