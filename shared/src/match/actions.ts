import type { CalledBall } from "../rules/call.ts";
import type { Pair, PlayerIndex } from "../rules/position.ts";
import type { Stroke } from "../rules/stroke.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallPosition } from "../table/balls.ts";
import type { Point } from "../table/marks.ts";

/** What the physics returns for a shot: the event log and where the balls came to rest. */
export interface PhysicsResult {
  readonly events: readonly ShotEvent[];
  readonly rest: readonly BallPosition[];
}

/** Every request names the shot number it was made for; a stale one is refused (STYLE 7). */
interface Numbered {
  readonly shot: number;
}

/** The lag's combined result (I21), sent by the room, not by a player. */
export interface LagAction extends Numbered {
  readonly type: "lag";
  readonly balls: Pair<number>;
  readonly start: readonly BallPosition[];
  readonly result: PhysicsResult;
}

/** A random draw for the opener; the room passes a seed or a value (I21). */
export interface DrawAction extends Numbered {
  readonly type: "draw";
  readonly source: { readonly seed: number } | { readonly value: number };
}

/** The request as the player sends it, before the shot is simulated. */
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

/** Answer to an offer: decline the bonus (clause 9) or make the offender continue (clause 16). */
export interface PassAction extends Numbered {
  readonly type: "pass";
  readonly player: PlayerIndex;
}

export interface ResignAction extends Numbered {
  readonly type: "resign";
  readonly player: PlayerIndex;
}

export type MatchAction = LagAction | DrawAction | ShotAction | PassAction | ResignAction;
export type ActionType = MatchAction["type"];
