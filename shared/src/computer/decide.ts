import type { ComputerLevel } from "../match/opponent.ts";
import { DEFAULT_ENGINE, type EngineName } from "../physics/engines.ts";
import { seededRandom } from "../random.ts";
import type { Decision } from "./decision.ts";
import { decideLag } from "./lag-decision.ts";
import { LEVELS, type LevelSpec } from "./levels.ts";
import { decideOffer } from "./offer-decision.ts";
import { decideShot } from "./shot-decision.ts";
import type { Situation } from "./situation.ts";

/**
 * The computer player: the action a seat takes in a situation, at a level, for a seed. Pure and deterministic:
 * the same situation, level and seed always give the same decision (the search is bounded by a count of
 * simulations, never by a clock). Every decision is one the match flow accepts. The search simulates on
 * `engine`, the one the table's shots are judged on, so what it expects is what the table will do.
 */
export function decide(
  situation: Situation,
  level: ComputerLevel | LevelSpec,
  seed: number,
  engine: EngineName = DEFAULT_ENGINE,
): Decision {
  const spec = typeof level === "string" ? LEVELS[level] : level;
  switch (situation.phase) {
    case "lag":
      return decideLag(situation.player, spec, seededRandom(seed), engine);
    case "offer":
      return decideOffer(situation, spec, seed, engine);
    case "opening":
    case "turn":
      return decideShot(situation, spec, seed, engine).decision;
  }
}
