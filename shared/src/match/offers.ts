import { opponentOf } from "../rules/position.ts";
import { fail, ok } from "../rules/result.ts";
import type { PassAction, TakeAction } from "./actions.ts";
import type { MatchState } from "./match-state.ts";
import type { MatchResult, Transition } from "./transition.ts";

/**
 * Answering an offer (clause 9: the bonus shot; clause 16: the opponent's right after a foul). Shooting
 * takes it too; taking it first tells the table at once, and a taken offer can no longer be passed.
 */

export function applyTake(state: MatchState, _action: TakeAction): MatchResult<Transition> {
  if (state.offerTaken) {
    return fail("offer-taken", "You have taken the offer: play the shot.", "Вы уже приняли предложение: бейте.");
  }
  return ok({ state: { ...state, offerTaken: true } });
}

/** A declined bonus goes to the opponent; after a foul the offender must continue. */
export function applyPass(state: MatchState, action: PassAction): MatchResult<Transition> {
  if (state.offerTaken) {
    return fail("offer-taken", "You have taken the offer: play the shot.", "Вы уже приняли предложение: бейте.");
  }
  return ok({ state: { ...state, phase: "turn", player: opponentOf(action.player), offer: null } });
}
