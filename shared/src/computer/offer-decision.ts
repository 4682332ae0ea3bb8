import type { EngineName } from "../physics/engines.ts";
import { isLastBallPlay } from "../rules/last-ball.ts";
import { opponentOf, WINNING_SHELF } from "../rules/position.ts";
import type { PassDecision, TakeDecision } from "./decision.ts";
import type { LevelSpec } from "./levels.ts";
import { bestPotChance } from "./pot-chance.ts";
import { decideShot } from "./shot-decision.ts";
import type { Situation } from "./situation.ts";

/**
 * An offer (a bonus shot, clause 9, or the opponent's right after a foul, clause 16): either way, taking it
 * means shooting from this table, and passing it means the opponent shoots from it. The computer takes it when
 * its best shot is worth more than what the opponent could make of the table.
 */
export function decideOffer(
  situation: Situation,
  level: LevelSpec,
  seed: number,
  engine: EngineName,
): TakeDecision | PassDecision {
  const { decision, choice } = decideShot({ ...situation, phase: "turn", offer: null }, level, seed, engine);
  const opponent = opponentOf(situation.player);
  const deciding = situation.shelves[opponent].length === WINNING_SHELF - 1 && situation.debts[opponent] === 0 ? 4 : 1;
  const lastBall = isLastBallPlay(situation.table, situation.shelves);
  const passing = -bestPotChance(situation.table, lastBall, level.aimError) * deciding;
  const stats = decision.stats;
  if (choice.value >= passing || !level.countsLeave) {
    return {
      type: "take",
      shotNumber: situation.shotNumber,
      shot: decision,
      kind: "take",
      expected: decision.expected,
      stats,
    };
  }
  return { type: "pass", shotNumber: situation.shotNumber, kind: "pass", expected: { success: 0 }, stats };
}
