import type { MatchState, Opener } from "../../src/match/index.ts";
import { drawValue, newMatch } from "../../src/match/index.ts";
import { stepMatch } from "../../src/pipeline/index.ts";

/**
 * A table's match with both seats taken and, for the draw, the opener drawn: where the tests of play begin.
 * It goes the way the room goes (two `sit` actions, then the `draw`), so it is a real match of a table.
 */
export function startedMatch(options: { readonly opening: Opener; readonly seed: number }): MatchState {
  let match = newMatch({ opener: options.opening, seed: options.seed });
  for (const [player, name] of [
    [0, "Anna"],
    [1, "Boris"],
  ] as const) {
    const sat = stepMatch(match, { type: "sit", player, name, token: `token-${player}` });
    if (!sat.ok) throw new Error(sat.error.message);
    match = sat.value.state;
  }
  if (match.phase === "draw") {
    const drawn = stepMatch(match, {
      type: "draw",
      shot: match.shotNumber,
      source: { value: drawValue(options.seed) },
    });
    if (!drawn.ok) throw new Error(drawn.error.message);
    match = drawn.value.state;
  }
  return match;
}
