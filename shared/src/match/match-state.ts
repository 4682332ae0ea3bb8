import type { Pair, PlayerIndex } from "../rules/position.ts";
import { type BallPosition, COLOURED_BALL } from "../table/balls.ts";
import { APEX_BALL, startingPosition } from "../table/rack.ts";

/**
 * The match as plain JSON (it is stored and synced): no classes, no functions, no Maps. Every transition
 * returns a new object (STYLE: immutable game, fold of records).
 */
export type Phase = "lag" | "draw" | "opening" | "turn" | "offer" | "finished";

/**
 * An offer waits for `player`'s answer: `bonus` (clause 9, I11, I13: the striker may take his bonus shot
 * or pass it to the opponent) or `foul` (clause 16: the opponent may play or make the offender continue).
 */
export interface Offer {
  readonly kind: "bonus" | "foul";
  readonly player: PlayerIndex;
}

export type MatchEnd = "eight" | "resignation";

export interface MatchState {
  readonly version: 1;
  readonly phase: Phase;
  /** Who acts now: the striker in `opening`/`turn`, the one who answers in `offer`. */
  readonly player: PlayerIndex;
  /** The number the next request must carry; it grows with every shot, lag and draw. */
  readonly shotNumber: number;
  /** Balls on the table. The coloured ball is absent while it waits for the centre mark (I18). */
  readonly table: readonly BallPosition[];
  /** The ball in hand for the opening shot (the pyramid's apex, clause 5), else null. */
  readonly inHand: number | null;
  /** Each player's shelf in the order the balls arrived (the last one is the penalty ball, I15). */
  readonly shelves: Pair<readonly number[]>;
  readonly debts: Pair<number>;
  readonly offer: Offer | null;
  /** Last-ball play (clause 12), as left by the last shot. */
  readonly lastBall: boolean;
  readonly winner: PlayerIndex | null;
  readonly end: MatchEnd | null;
  /** How many lags have been replayed (I21). */
  readonly lagReplays: number;
}

export interface MatchOptions {
  /** How the opener is decided: the lag (default) or a random draw (I21). */
  readonly opener?: "lag" | "draw";
  /** The racked table (coloured ball and 15 white balls); default: `startingPosition()` without jitter. */
  readonly table?: readonly BallPosition[];
}

/** A new match: the rack is set with the apex ball already taken into hand for the opening shot (I22). */
export function createMatch(options: MatchOptions = {}): MatchState {
  const rack = options.table ?? startingPosition();
  return {
    version: 1,
    phase: options.opener === "draw" ? "draw" : "lag",
    player: 0,
    shotNumber: 1,
    table: rack.filter((b) => b.id !== APEX_BALL),
    inHand: APEX_BALL,
    shelves: [[], []],
    debts: [0, 0],
    offer: null,
    lastBall: false,
    winner: null,
    end: null,
    lagReplays: 0,
  };
}

/** The coloured ball is waiting off the table for the centre mark (I18). */
export function isColouredWaiting(state: MatchState): boolean {
  return !state.table.some((b) => b.id === COLOURED_BALL);
}

export function isFinished(state: MatchState): boolean {
  return state.phase === "finished";
}
