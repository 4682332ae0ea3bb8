import { opponentOf, type PlayerIndex } from "./position.ts";
import type { Scoring } from "./scoring.ts";

/**
 * Who plays next (clauses 9 and 16). Turns alternate; a fair shot that scored off a cushion [дуплет],
 * scored two balls, or dropped an accidental ball beside a scoring one earns the striker a bonus shot,
 * which he may decline (the match then offers it: `match/offers.ts`). After a foul the opponent plays,
 * or makes the offender continue (clause 16, I16). A winning shot ends the match and offers nothing.
 */
export interface NextTurn {
  readonly player: PlayerIndex;
  /**
   * The player to move may make the other take this shot instead: the striker declining his bonus
   * (clause 9), or the opponent making the offender continue (clause 16).
   */
  readonly mayPass: boolean;
}

/** A bonus shot (clause 9, I11, I13): only after a fair shot that did not win. */
export function earnsBonus(scoring: Scoring, foul: boolean, won: boolean): boolean {
  if (foul || won) return false;
  return scoring.bank || scoring.scored.length >= 2 || scoring.accidental;
}

export function nextTurn(striker: PlayerIndex, outcome: { foul: boolean; bonus: boolean; won: boolean }): NextTurn {
  const opponent = opponentOf(striker);
  if (outcome.won) return { player: opponent, mayPass: false };
  if (outcome.foul) return { player: opponent, mayPass: true };
  if (outcome.bonus) return { player: striker, mayPass: true };
  return { player: opponent, mayPass: false };
}
