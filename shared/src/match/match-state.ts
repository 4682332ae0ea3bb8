import type { Pair, PlayerIndex } from "../rules/position.ts";
import type { BallPosition } from "../table/balls.ts";
import { APEX_BALL, startingPosition } from "../table/rack.ts";
import type { LagAction } from "./actions.ts";
import type { MatchEnd } from "./endings.ts";

/**
 * The match of one table as plain JSON (it is stored, folded and synced): no classes, no functions, no
 * Maps. Every transition returns a new object. It holds everything the match depends on, from who sits in
 * which seat to an offer already taken, so that folding its actions rebuilds it exactly.
 */
export type Phase = "waiting" | "lag" | "draw" | "opening" | "turn" | "offer" | "finished";

/**
 * An offer waits for `player`'s answer: `bonus` (clause 9, I11, I13: the striker may take his bonus shot
 * or pass it to the opponent) or `foul` (clause 16: the opponent may play or make the offender continue).
 */
export interface Offer {
  readonly kind: "bonus" | "foul";
  readonly player: PlayerIndex;
}

/** Who holds a seat: his name, the hash of his seat token, and his account when he has one. */
export interface SeatHolder {
  readonly name: string;
  readonly token: string;
  readonly account?: string;
}

/** A lag shot that has arrived, kept until the other player's is in (I21). */
export type LagShot = Omit<LagAction, "type" | "player" | "result">;

export type Opener = "lag" | "draw";

export { MAX_SHOT_NUMBER } from "../shot/shot-number.ts";

export interface MatchState {
  readonly version: 1;
  readonly phase: Phase;
  /** How the opener is decided (I21). */
  readonly opener: Opener;
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
  /** The player answering the offer has taken it: he will shoot, and may no longer pass it. */
  readonly offerTaken: boolean;
  /** Last-ball play (clause 12), as left by the last shot. */
  readonly lastBall: boolean;
  readonly winner: PlayerIndex | null;
  readonly end: MatchEnd | null;
  /** How many lags have been replayed (I21). */
  readonly lagReplays: number;
  /** The lag shots in so far this round, secret until both are (I21). */
  readonly lagShots: Pair<LagShot | null>;
  readonly seats: Pair<SeatHolder | null>;
  /** After the match: who has asked to play again. */
  readonly rematch: Pair<boolean>;
}

export interface MatchOptions {
  /** How the opener is decided: the lag (default) or a random draw (I21). */
  readonly opener?: Opener;
  /** The racked table (coloured ball and 15 white balls); default: `startingPosition()` without jitter. */
  readonly table?: readonly BallPosition[];
}

/**
 * A match already under way, at its lag or draw, for the rules' own tests and tools: no seats are needed to
 * play it. The rack is set with the apex ball already taken into hand for the opening shot (I22).
 */
export function createMatch(options: MatchOptions = {}): MatchState {
  const rack = options.table ?? startingPosition();
  const opener = options.opener ?? "lag";
  return {
    version: 1,
    phase: opener,
    opener,
    player: 0,
    shotNumber: 1,
    table: rack.filter((b) => b.id !== APEX_BALL),
    inHand: APEX_BALL,
    shelves: [[], []],
    debts: [0, 0],
    offer: null,
    offerTaken: false,
    lastBall: false,
    winner: null,
    end: null,
    lagReplays: 0,
    lagShots: [null, null],
    seats: [null, null],
    rematch: [false, false],
  };
}

/** A table's match before anyone sits: it begins with its lag or draw once both seats are taken. */
export function openMatch(options: MatchOptions = {}): MatchState {
  return { ...createMatch(options), phase: "waiting" };
}

/** Both seats have had a player and the match has begun (it is past waiting). */
export function hasBegun(state: MatchState): boolean {
  return state.phase !== "waiting";
}
