import type { MatchState } from "../match/match-state.ts";
import type { PlayerIndex } from "../rules/position.ts";

/**
 * What the computer needs to know to act, as plain data independent of any room: the table, the shelves and
 * debts, who acts and in which phase. Last-ball play (clause 12) is not a field: it is read from the table and
 * the shelves exactly as the match flow reads it (`isLastBallPlay`), so the two can never disagree.
 */
export type SituationPhase = "lag" | "opening" | "turn" | "offer";

/**
 * The table, the ball in hand, the shelves and debts and the number to send are the match's own fields, read
 * as they stand; only the phase and the offer are seen from the side of the seat that acts.
 */
export interface Situation extends Pick<MatchState, "shotNumber" | "table" | "inHand" | "shelves" | "debts"> {
  readonly phase: SituationPhase;
  /** The seat that acts: the lag ball's owner, the striker, or the player answering the offer. */
  readonly player: PlayerIndex;
  /** In the `offer` phase: a bonus shot (clause 9) or the opponent's right after a foul (clause 16). */
  readonly offer: "bonus" | "foul" | null;
}
