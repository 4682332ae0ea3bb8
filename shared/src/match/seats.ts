import type { PlayerIndex } from "../rules/position.ts";
import { fail, ok } from "../rules/result.ts";
import type { LeaveAction, RematchAction, SitAction } from "./actions.ts";
import type { MatchState } from "./match-state.ts";
import type { MatchResult, Transition } from "./transition.ts";

/** Who sits where, and the rematch: the parts of the match that are about the players, not the balls. */

function withSeat(state: MatchState, player: PlayerIndex, holder: MatchState["seats"][number]): MatchState {
  const seats: MatchState["seats"] = player === 0 ? [holder, state.seats[1]] : [state.seats[0], holder];
  const rematch: MatchState["rematch"] = player === 0 ? [false, state.rematch[1]] : [state.rematch[0], false];
  return { ...state, seats, rematch };
}

/** A player takes a free seat; the second seat taken begins the match with its lag or draw. */
export function applySit(state: MatchState, action: SitAction): MatchResult<Transition> {
  if (state.seats[action.player] !== null) {
    return fail("seat-taken", "That seat is taken.", "Это место занято.", "player");
  }
  if (action.name.length === 0 || action.token.length === 0) {
    return fail("sit-invalid", "A seat needs a name and a token.", "Для места нужны имя и ключ.", "name");
  }
  const holder = { name: action.name, token: action.token, ...(action.account ? { account: action.account } : {}) };
  const seated = withSeat(state, action.player, holder);
  if (seated.phase !== "waiting" || seated.seats[0] === null || seated.seats[1] === null) return ok({ state: seated });
  return ok({ state: { ...seated, phase: seated.opener }, began: true });
}

/** The seat's player is gone for good: the seat is free, and his request for a rematch goes with him. */
export function freeSeat(state: MatchState, player: PlayerIndex): MatchResult<Transition> {
  if (state.seats[player] === null) {
    return fail("seat-empty", "Nobody sits there.", "Это место свободно.", "player");
  }
  return ok({ state: withSeat(state, player, null) });
}

/** Leaving after the match frees the seat at once; there is nothing left to hold it for. */
export function applyLeave(state: MatchState, action: LeaveAction): MatchResult<Transition> {
  return freeSeat(state, action.player);
}

/** A request to play again; the second one, with both seats taken, starts a new match at the table. */
export function applyRematch(state: MatchState, action: RematchAction): MatchResult<Transition> {
  if (state.seats[action.player] === null) {
    return fail("seat-empty", "Nobody sits there.", "Это место свободно.", "player");
  }
  if (state.rematch[action.player]) {
    return fail("rematch-already-asked", "You have asked for a rematch already.", "Вы уже предложили реванш.");
  }
  const rematch: MatchState["rematch"] = action.player === 0 ? [true, state.rematch[1]] : [state.rematch[0], true];
  const next = { ...state, rematch };
  const agreed = rematch[0] && rematch[1] && state.seats[0] !== null && state.seats[1] !== null;
  return ok(agreed ? { state: next, rematch: true } : { state: next });
}
