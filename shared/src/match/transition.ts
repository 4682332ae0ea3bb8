import type { LagOutcome } from "../rules/lag.ts";
import type { Result } from "../rules/result.ts";
import type { ShotVerdict } from "../rules/verdict-types.ts";
import type { MatchErrorCode } from "./errors.ts";
import type { MatchState } from "./match-state.ts";

/** An accepted action: the next match, and what happened that the table should show or act on. */
export interface Transition {
  readonly state: MatchState;
  /** A shot (or the shot clock's miss) was judged. */
  readonly verdict?: ShotVerdict;
  /** Both lag shots were in and the lag was judged. */
  readonly lag?: LagOutcome;
  /** The second seat was taken: the match began. */
  readonly began?: true;
  /** Both players asked: the table starts a new match. */
  readonly rematch?: true;
}

export type MatchResult<T> = Result<T, MatchErrorCode>;
