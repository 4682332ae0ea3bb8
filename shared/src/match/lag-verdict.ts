import type { LagOutcome } from "../rules/lag.ts";
import { explainLagResult } from "../rules/verdict-words/index.ts";

/** The lag's result as announced: who won and why each ball lost, in words for players (I21). */
export interface LagVerdict extends LagOutcome {
  readonly explanation: { readonly ru: string; readonly en: string };
}

/**
 * The lag's explanation, in the words of the verdict catalogue (shared/src/rules/verdict-words). Typed on
 * the lag's own outcome, so a loss the lag can give without its words in the catalogue does not compile.
 */
export function explainLag(lag: LagOutcome): { ru: string; en: string } {
  return explainLagResult(lag);
}
