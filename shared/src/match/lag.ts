import { judgeLag, type LagErrorCode } from "../rules/lag.ts";
import type { Pair, PlayerIndex } from "../rules/position.ts";
import { fail, ok, type Result } from "../rules/result.ts";
import type { BallPosition } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { isInHouse } from "../table/regions.ts";
import type { LagAction } from "./actions.ts";
import type { LagShot, MatchState } from "./match-state.ts";
import type { MatchResult, Transition } from "./transition.ts";

/**
 * The lag [раскат] at the table (clause 5, I21): each player's shot checked as it arrives, the two simulated
 * together and judged by the rules (rules/lag.ts).
 */

/** The two white balls used for the lag, on an empty table (I21): player 0 plays the first. */
export const LAG_BALLS: Pair<number> = [1, 2];

/** Checks one player's lag shot as it arrives: in the house, on his own side of the long axis (I21). */
export function validateLagShot(state: MatchState, player: PlayerIndex, lag: LagShot): Result<null, LagErrorCode> {
  if (state.lagShots[player] !== null) {
    return fail("lag-already-sent", "Your lag shot is already in.", "Ваш удар на раскат уже сделан.");
  }
  if (!Number.isFinite(lag.place.x) || !Number.isFinite(lag.place.y) || !isInHouse(lag.place)) {
    return fail(
      "lag-not-in-house",
      "Place your lag ball in the house, behind the line through the first mark (I21).",
      "Поставьте шар для раската в дом, за линию первой отметки.",
      "place",
    );
  }
  const side = player === 0 ? 1 : -1;
  if (lag.place.y * side < BALL_RADIUS) {
    return fail(
      "lag-wrong-side",
      `Your lag ball goes on your side of the long axis (${player === 0 ? "y > 0, the left" : "y < 0, the right"}), clear of it.`,
      `Ваш шар для раската ставится на вашей стороне от продольной оси (${player === 0 ? "левой" : "правой"}), не на ней.`,
      "place",
    );
  }
  return ok(null);
}

/** Where the two lag balls start and how each is struck, once both lag shots are in. */
export function lagStrokes(shots: Pair<LagShot>): {
  readonly start: readonly BallPosition[];
  readonly strokes: readonly { readonly cue: number; readonly angle: number; readonly speed: number }[];
} {
  return {
    start: LAG_BALLS.map((id, player) => ({ id, x: shots[player]!.place.x, y: shots[player]!.place.y })),
    strokes: LAG_BALLS.map((cue, player) => ({ cue, angle: shots[player]!.angle, speed: shots[player]!.speed })),
  };
}

/** The lag shots once the one arriving now is added: both, or null while the other is still missing. */
export function lagPair(state: MatchState, action: LagAction): Pair<LagShot> | null {
  const shot: LagShot = { place: action.place, angle: action.angle, speed: action.speed };
  const other = state.lagShots[action.player === 0 ? 1 : 0];
  if (!other) return null;
  return action.player === 0 ? [shot, other] : [other, shot];
}

/**
 * A lag shot arrives. The first is kept, secret; the second comes with the result of both simulated
 * together, and the lag is judged: the winner opens, or the lag is played again.
 */
export function applyLag(state: MatchState, action: LagAction): MatchResult<Transition> {
  const checked = validateLagShot(state, action.player, action);
  if (!checked.ok) return checked;
  const pair = lagPair(state, action);
  if (pair === null) {
    if (action.result) {
      return fail(
        "lag-result-unexpected",
        "The first lag shot is not simulated alone.",
        "Первый удар раската не моделируется отдельно.",
        "result",
      );
    }
    const shot: LagShot = { place: action.place, angle: action.angle, speed: action.speed };
    const lagShots: MatchState["lagShots"] =
      action.player === 0 ? [shot, state.lagShots[1]] : [state.lagShots[0], shot];
    return ok({ state: { ...state, lagShots } });
  }
  if (!action.result) {
    return fail(
      "lag-result-missing",
      "The second lag shot needs the lag's result.",
      "Для второго удара раската нужен результат раската.",
      "result",
    );
  }
  const judged = judgeLag({ balls: LAG_BALLS, start: lagStrokes(pair).start, ...action.result });
  if (!judged.ok) return judged;
  const lag = judged.value;
  const base = { ...state, shotNumber: state.shotNumber + 1, lagShots: [null, null] as const };
  if (lag.winner === null) return ok({ state: { ...base, lagReplays: state.lagReplays + 1 }, lag });
  return ok({ state: { ...base, phase: "opening", player: lag.winner }, lag });
}
