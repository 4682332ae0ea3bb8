import { opponentOf, type PlayerIndex } from "../rules/position.ts";
import { ok } from "../rules/result.ts";
import type { ExpireAction, ResignAction } from "./actions.ts";
import type { MatchEnd, MatchState } from "./match-state.ts";
import { freeSeat } from "./seats.ts";
import type { MatchResult, Transition } from "./transition.ts";

/** The match is over: `winner` won it, in the way `end` names. */
export function finish(state: MatchState, winner: PlayerIndex, end: MatchEnd): MatchState {
  return { ...state, phase: "finished", offer: null, offerTaken: false, winner, end, lagShots: [null, null] };
}

export function applyResign(state: MatchState, action: ResignAction): MatchResult<Transition> {
  return ok({ state: finish(state, opponentOf(action.player), "resignation") });
}

/**
 * A seat's hold ran out with its player still away: during the match he loses it; before it or after it his
 * seat is simply freed for someone else.
 */
export function applyExpire(state: MatchState, action: ExpireAction): MatchResult<Transition> {
  if (state.phase === "waiting" || state.phase === "finished") return freeSeat(state, action.player);
  return ok({ state: finish(state, opponentOf(action.player), "absence") });
}
