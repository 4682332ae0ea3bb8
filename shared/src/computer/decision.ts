import type { CalledBall } from "../rules/call.ts";
import type { Point } from "../table/marks.ts";

/** A stroke with every field present, in the ranges the match flow and the protocol accept. */
export interface FullStroke {
  readonly cue: number;
  /** Degrees counter-clockwise from +x, in [0, 360). */
  readonly angle: number;
  readonly speed: number;
  readonly offset: { readonly x: number; readonly y: number };
}

/**
 * What a decision is meant to do. `pot`: the call is meant to score; `safety`: no pot is meant, the shot
 * satisfies the safety rule (clause 3) and leaves little (the opening break is one); `forced`: no shot free of a
 * foul was found, this one costs least; `lag`, `pass`, `take` for the other actions; `fallback`: no search was
 * had (it failed or took too long), a plain legal action instead (fallback-decision.ts).
 */
export type DecisionKind = "pot" | "safety" | "forced" | "lag" | "pass" | "take" | "fallback";

export interface DecisionStats {
  /** Candidate actions the search looked at (geometric candidates, safeties, placements, speeds). */
  readonly candidates: number;
  /** Shots simulated and judged. */
  readonly simulations: number;
}

interface DecisionBase {
  readonly kind: DecisionKind;
  /** The computer's own estimate that the call scores with this level's execution error (0 without a call). */
  readonly expected: { readonly success: number };
  readonly stats: DecisionStats;
}

/** The lag shot (I21): the lag ball's place in the house on the seat's side, the stroke's angle and speed. */
export interface LagDecision extends DecisionBase {
  readonly type: "lag";
  readonly place: Point;
  readonly angle: number;
  readonly speed: number;
}

export interface ShotDecision extends DecisionBase {
  readonly type: "shot";
  readonly shotNumber: number;
  /** The stroke as played: the chosen stroke with this level's execution error added. */
  readonly stroke: FullStroke;
  /** The stroke the search chose, before the execution error. */
  readonly intended: FullStroke;
  readonly call: readonly CalledBall[];
  /** The opening shot only: where the ball in hand goes in the house. */
  readonly place?: Point;
}

/** Declining an offer: the bonus goes to the opponent, or the offender must continue (clauses 9, 16). */
export interface PassDecision extends DecisionBase {
  readonly type: "pass";
  readonly shotNumber: number;
}

/**
 * Taking an offer. `shot` is the shot the computer then plays; deciding again on the same table with the offer
 * taken (phase `turn`) and the same seed gives this very shot.
 */
export interface TakeDecision extends DecisionBase {
  readonly type: "take";
  readonly shotNumber: number;
  readonly shot: ShotDecision;
}

export type Decision = LagDecision | ShotDecision | PassDecision | TakeDecision;
