import { seededRandom } from "../random.ts";
import { RACK_JITTER, startingPosition } from "../table/rack.ts";
import { type MatchState, type Opener, openMatch } from "./match-state.ts";

/**
 * A table's new match: the rack jittered from the match's seed, both seats free. The seed is all of the
 * match's randomness; with its actions it rebuilds the match exactly (record.ts).
 */
export function newMatch(options: { readonly opener: Opener; readonly seed: number }): MatchState {
  const random = seededRandom(options.seed);
  return openMatch({ opener: options.opener, table: startingPosition({ jitter: RACK_JITTER, random }) });
}

/** The draw's value for a match, from its seed (independent of the rack's draws). */
export function drawValue(seed: number): number {
  return seededRandom(seed ^ 0x5bd1e995)();
}
