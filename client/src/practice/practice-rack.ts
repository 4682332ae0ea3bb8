import type { PracticePosition } from "@habibka/shared/protocol";
import { APEX_BALL, startingPosition } from "@habibka/shared/table";
import { defaultHouseSpot } from "../game/house.ts";

/**
 * The practice table's start: the match's starting position for the opening shot, the apex ball already
 * in hand in the house (as the match hands it to the breaker, clause 5), shelves empty and no debts.
 */
export function practiceRack(): PracticePosition {
  const rest = startingPosition().filter((b) => b.id !== APEX_BALL);
  return {
    balls: [...rest, { id: APEX_BALL, ...defaultHouseSpot(rest) }],
    match: { shelf: [[], []], debt: [0, 0], opening: true },
  };
}
