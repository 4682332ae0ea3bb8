import type { CalledBall } from "../rules/call.ts";
import type { PlayerIndex } from "../rules/position.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { Stroke } from "../shot/stroke.ts";
import type { BallPosition } from "../table/balls.ts";
import type { Point } from "../table/marks.ts";

/**
 * Every input of a table's match is one of these actions, as plain JSON: the match is the fold of the
 * actions in the order they were accepted (record.ts), so each carries everything its effect depends on,
 * including what the physics returned for a simulated stroke. Nothing here reads a clock or Math.random.
 */

/** What the physics returns for a stroke: the event log and where the balls came to rest. */
export interface PhysicsResult {
  readonly events: readonly ShotEvent[];
  readonly rest: readonly BallPosition[];
}

/** A request made for one shot names it; a stale one is refused. */
interface Numbered {
  readonly shot: number;
}

/**
 * A player takes a free seat. `token` is the hash of his seat token: the secret itself is never stored.
 * `account` is the player's account id when he came with one (absent in records from before accounts, and for
 * the computer): the history, profiles and ratings are read from it.
 */
export interface SitAction {
  readonly type: "sit";
  readonly player: PlayerIndex;
  readonly name: string;
  readonly token: string;
  readonly account?: string;
}

/** A player leaves the table for good: a rematch he asked for goes with him. */
export interface LeaveAction {
  readonly type: "leave";
  readonly player: PlayerIndex;
}

/**
 * One player's lag shot, as it arrives (I21): kept secret in the match until the other's is in. The second
 * one carries the result of both simulated together, as if struck at the same moment on an empty table.
 */
export interface LagAction {
  readonly type: "lag";
  readonly player: PlayerIndex;
  readonly place: Point;
  readonly angle: number;
  readonly speed: number;
  readonly result?: PhysicsResult;
}

/** A random draw for the opener (I21), its value drawn by the table from the match's seed. */
export interface DrawAction extends Numbered {
  readonly type: "draw";
  readonly source: { readonly seed: number } | { readonly value: number };
}

/** A shot as the player asks for it, before it is simulated. */
export interface ShotRequest extends Numbered {
  readonly type: "shot";
  readonly player: PlayerIndex;
  readonly stroke: Stroke;
  readonly call?: readonly CalledBall[];
  /** Where the ball in hand is placed for the opening shot (in the house, I3, I22). */
  readonly place?: Point;
}

/** A shot request together with its simulated result. */
export interface ShotAction extends ShotRequest {
  readonly result: PhysicsResult;
}

/** Taking an offer: the player will shoot, and may no longer pass it (clauses 9, 16). */
export interface TakeAction extends Numbered {
  readonly type: "take";
  readonly player: PlayerIndex;
}

/** Passing an offer: a declined bonus goes to the opponent (clause 9), a foul's offender must continue (clause 16). */
export interface PassAction extends Numbered {
  readonly type: "pass";
  readonly player: PlayerIndex;
}

/** The shot clock ran out for the player to move: judged as a stroke whose cue ball touched nothing. */
export interface ClockAction extends Numbered {
  readonly type: "clock";
}

export interface ResignAction extends Numbered {
  readonly type: "resign";
  readonly player: PlayerIndex;
}

/** The hold of an absent player's seat ran out: during the match he loses it, else his seat is freed. */
export interface ExpireAction {
  readonly type: "expire";
  readonly player: PlayerIndex;
}

/** After the match, a player asks to play again; when both have, a new match starts at the table. */
export interface RematchAction {
  readonly type: "rematch";
  readonly player: PlayerIndex;
}

export type MatchAction =
  | SitAction
  | LeaveAction
  | LagAction
  | DrawAction
  | ShotAction
  | TakeAction
  | PassAction
  | ClockAction
  | ResignAction
  | ExpireAction
  | RematchAction;
export type ActionType = MatchAction["type"];

export const ACTION_TYPES: readonly ActionType[] = [
  "sit",
  "leave",
  "lag",
  "draw",
  "shot",
  "take",
  "pass",
  "clock",
  "resign",
  "expire",
  "rematch",
];
