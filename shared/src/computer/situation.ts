import type { Pair, PlayerIndex } from "../rules/position.ts";
import type { BallPosition } from "../table/balls.ts";

/**
 * What the computer needs to know to act, as plain data independent of any room: the table, the shelves and
 * debts, who acts and in which phase. Last-ball play (clause 12) is not a field: it is read from the table and
 * the shelves exactly as the match flow reads it (`isLastBallPlay`), so the two can never disagree.
 */
export type SituationPhase = "lag" | "opening" | "turn" | "offer";

export interface Situation {
  readonly phase: SituationPhase;
  /** The seat that acts: the lag ball's owner, the striker, or the player answering the offer. */
  readonly player: PlayerIndex;
  /** The number the match flow expects on the next request. */
  readonly shotNumber: number;
  /** Balls on the table; for the opening, without the ball in hand. Ignored in the lag (an empty table). */
  readonly table: readonly BallPosition[];
  /** The opening's ball in hand (placed in the house by the decision), else null. */
  readonly inHand: number | null;
  /** Each player's shelf in the order the balls arrived (the last one is the penalty ball, I15). */
  readonly shelves: Pair<readonly number[]>;
  readonly debts: Pair<number>;
  /** In the `offer` phase: a bonus shot (clause 9) or the opponent's right after a foul (clause 16). */
  readonly offer: "bonus" | "foul" | null;
}
