import type { TipOffset } from "@habibka/shared";
import type { Point } from "@habibka/shared/table";
import type { CallEntry } from "./call-way.ts";
import { clampSpeed, roundAngle } from "./stroke-limits.ts";

/** The table tool: aiming (and calling by tapping balls and pockets), or choosing the cue ball. */
export type AimMode = "aim" | "cue";

export interface AimState {
  readonly mode: AimMode;
  /** The chosen cue ball; null lets the view pick a sensible one. */
  readonly cue: number | null;
  readonly angle: number;
  readonly speed: number;
  readonly offset: TipOffset;
  readonly call: readonly CallEntry[];
  /** A ball picked for the call, waiting for its pocket. */
  readonly pending: number | null;
  /** The call control is open: a click on a ball picks it for the call instead of aiming at it. */
  readonly calling: boolean;
  /** Where the ball in hand stands (opening shot, lag); null: the default spot. */
  readonly place: Point | null;
}

/** The stroke being composed, for the turn it was composed in. */
export interface AimDraft {
  readonly turn: string;
  readonly aim: AimState;
}

/** What names a turn: the aim composed in it belongs to it and to nothing else. */
export interface TurnOf {
  readonly matchId: string;
  readonly shotNumber: number;
  readonly toMove: number;
  readonly phase: string;
}

export function turnKey(table: TurnOf): string {
  return `${table.matchId}/${table.shotNumber}/${table.toMove}/${table.phase}`;
}

/** The power a stroke starts with: a lag that comes back near the head, a firm break, an ordinary shot. */
function defaultSpeed(phase: string): number {
  if (phase === "lag") return 2;
  if (phase === "opening") return 8;
  return 2.5;
}

export function freshAim(phase: string, angle = 0): AimState {
  return {
    mode: "aim",
    cue: null,
    angle,
    speed: defaultSpeed(phase),
    offset: { x: 0, y: 0 },
    call: [],
    pending: null,
    calling: false,
    place: null,
  };
}

/**
 * The draft for the turn the table shows now. The same turn keeps everything (so a connection that went
 * and came back to the same match and shot loses nothing); a new turn starts afresh: a new call and cue
 * ball, the tip back in the centre and the power back to the phase's default (a break's power must not
 * carry over to the next soft shot); only the direction stays where the player left it.
 */
export function draftForTurn(draft: AimDraft, table: TurnOf): AimDraft {
  const turn = turnKey(table);
  if (draft.turn === turn) return draft;
  return { turn, aim: freshAim(table.phase, draft.aim.angle) };
}

export function withAimPatch(draft: AimDraft, patch: Partial<AimState>): AimDraft {
  const next = { ...draft.aim, ...patch };
  return { turn: draft.turn, aim: { ...next, angle: roundAngle(next.angle), speed: clampSpeed(next.speed) } };
}
