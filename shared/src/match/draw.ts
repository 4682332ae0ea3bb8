import { seededRandom } from "../random.ts";
import type { PlayerIndex } from "../rules/position.ts";
import { fail, ok, type Result } from "../rules/result.ts";
import type { DrawAction } from "./actions.ts";
import type { MatchState } from "./match-state.ts";
import type { MatchResult, Transition } from "./transition.ts";

/**
 * A random draw for who opens (rooms may choose it instead of the lag, I21). The rules never read
 * Math.random or a clock: the caller passes a seed or a value in [0, 1).
 */
export type DrawSource = { readonly seed: number } | { readonly value: number };

export function drawOpener(source: DrawSource): Result<PlayerIndex, "draw-invalid"> {
  const value = "seed" in source ? seededRandom(source.seed)() : source.value;
  if (!Number.isFinite(value) || value < 0 || value >= 1) {
    return fail(
      "draw-invalid",
      "A draw needs a seed or a value in [0, 1).",
      "Для жребия нужно зерно или число из [0, 1).",
      "value",
    );
  }
  return ok(value < 0.5 ? 0 : 1);
}

export function applyDraw(state: MatchState, action: DrawAction): MatchResult<Transition> {
  const drawn = drawOpener(action.source);
  if (!drawn.ok) return drawn;
  return ok({ state: { ...state, shotNumber: state.shotNumber + 1, phase: "opening", player: drawn.value } });
}
