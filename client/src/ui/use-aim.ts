import { useEffect, useState } from "react";
import type { Vec } from "../game/aim-geometry.ts";
import type { CallEntry } from "../game/call-way.ts";
import { clampSpeed, type Offset, roundAngle } from "../game/stroke-limits.ts";

/** The table tool: aiming (and calling by tapping balls and pockets), or choosing the cue ball. */
export type AimMode = "aim" | "cue";

export interface AimState {
  readonly mode: AimMode;
  /** The chosen cue ball; null lets the view pick a sensible one. */
  readonly cue: number | null;
  readonly angle: number;
  readonly speed: number;
  readonly offset: Offset;
  readonly call: readonly CallEntry[];
  /** A ball picked for the call, waiting for its pocket. */
  readonly pending: number | null;
  /** Where the ball in hand stands (opening shot, lag); null: the default spot. */
  readonly place: Vec | null;
}

/** The power a stroke starts with: a lag that comes back near the head, a firm break, an ordinary shot. */
export function defaultSpeed(phase: string): number {
  if (phase === "lag") return 2;
  if (phase === "opening") return 8;
  return 2.5;
}

function fresh(speed: number, angle: number): AimState {
  return { mode: "aim", cue: null, angle, speed, offset: { x: 0, y: 0 }, call: [], pending: null, place: null };
}

/**
 * The player's stroke being composed. A new turn (shot number, mover or phase changes) starts afresh: a new
 * call and cue ball, the tip back in the centre and the power back to the phase's default (a break's power
 * must not carry over to the next soft shot); only the direction stays where the player left it.
 */
export function useAim(turnKey: string, phase: string) {
  const [aim, setAim] = useState<AimState>(() => fresh(defaultSpeed(phase), 0));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the turn key names the turn; the phase is part of it
  useEffect(() => {
    setAim((a) => fresh(defaultSpeed(phase), a.angle));
  }, [turnKey]);
  const update = (patch: Partial<AimState>) =>
    setAim((a) => {
      const next = { ...a, ...patch };
      return { ...next, angle: roundAngle(next.angle), speed: clampSpeed(next.speed) };
    });
  return [aim, update] as const;
}
