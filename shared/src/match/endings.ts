import { opponentOf, type PlayerIndex } from "../rules/position.ts";
import { ok } from "../rules/result.ts";
import type { ExpireAction, ResignAction } from "./actions.ts";
import type { MatchState } from "./match-state.ts";
import { freeSeat } from "./seats.ts";
import type { MatchResult, Transition } from "./transition.ts";

/**
 * Every way a match ends: eight balls on a shelf (clause 2), a resignation, or a seat whose absent player did
 * not come back within its hold. The synced state's `finishReason`, the records' results and the client's
 * words for them all name these.
 */
export type MatchEnd = "eight" | "resignation" | "absence";

/**
 * How a match record ends: its match's end, or `closed` for a table that closed before its match began.
 * `abandoned` is in records written before tables came back after a restart (an unfinished match was then
 * closed when its process stopped); no table writes it now, but such records are still read and shown.
 */
export type RecordEnd = MatchEnd | "closed" | "abandoned";

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
