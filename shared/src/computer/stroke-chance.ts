import type { Random } from "../random.ts";
import type { CalledBall } from "../rules/call.ts";
import type { BallPosition } from "../table/balls.ts";
import type { FullStroke } from "./decision.ts";
import { applyError, drawError, type ErrorDraw } from "./execution-error.ts";
import { hasBudget, leaveChance, runTrial, type Search, type Trial } from "./trial.ts";

/**
 * What a stroke is worth when it is played with the level's own execution error: the one evaluation by which
 * the search chooses among its finalists and the analysis weighs a played stroke against the computer's.
 * Strokes that are compared are played with the same error draws, so they meet equal luck.
 */

/** A stroke to evaluate: the table it is played on (the ball in hand placed), the stroke as meant, the call. */
export interface Attempt {
  readonly table: readonly BallPosition[];
  readonly stroke: FullStroke;
  readonly call: readonly CalledBall[];
}

export interface Evaluation {
  /** Perturbed trials played. */
  readonly trials: number;
  /** Average worth to the striker, in balls (the search's scale, `outcomeValue`). */
  readonly value: number;
  /** Share of the trials whose call scored without a foul (0 without a call). */
  readonly success: number;
  /** Average of `executionChance` over the trials, 0–1 (the analysis' scale); 0 unless asked for. */
  readonly chance: number;
}

export interface EvaluationOptions {
  /** Stop when the search's budget is spent (the search's own evaluation); default true. */
  readonly budgeted?: boolean;
  /** Weigh each trial's `executionChance` too (the analysis); default false, which costs nothing more. */
  readonly chance?: boolean;
}

/**
 * The most a stroke without a call can be worth on the chance scale. It scores nothing; leaving the opponent
 * nothing makes the next ball an even contest, one half for each.
 */
const SAFETY_CEILING = 0.5;

/** `count` error draws from one generator, in units of the level's standard deviations. */
export function errorDraws(random: Random, count: number): ErrorDraw[] {
  return Array.from({ length: count }, () => drawError(random));
}

/**
 * One execution's chance, 0–1. A call: 1 when it scored without a foul, else 0. No call: 0 for a foul or a
 * lost match; 1 for a ball that counted anyway (clause 7) or a won match; otherwise what it leaves: the
 * chance, by this level's own estimate, that the opponent does not pot from the table left, times the
 * safety ceiling.
 */
function executionChance(search: Search, attempt: Attempt, trial: Trial): number {
  if (attempt.call.length > 0) return trial.scored ? 1 : 0;
  const { verdict, after } = trial;
  if (verdict.winner !== null) return verdict.winner === search.striker ? 1 : 0;
  if (verdict.foul) return 0;
  if (verdict.counted.length + verdict.paidDebt.length > 0) return 1;
  return SAFETY_CEILING * (1 - (trial.leave ?? leaveChance(search, after)));
}

/**
 * Plays the attempt once per draw, the draw's error added to its stroke, and averages what came of it. A
 * budgeted evaluation (the search's) stops when the search's budget is spent; `trials` says how many ran.
 */
export function evaluateAttempt(
  search: Search,
  attempt: Attempt,
  draws: readonly ErrorDraw[],
  { budgeted = true, chance: weighChance = false }: EvaluationOptions = {},
): Evaluation {
  let value = 0;
  let scored = 0;
  let chance = 0;
  let trials = 0;
  for (const draw of draws) {
    if (budgeted && !hasBudget(search)) break;
    const stroke = applyError(attempt.stroke, draw, search.level, attempt.table);
    const trial = runTrial(search, attempt.table, stroke, attempt.call);
    value += trial.value;
    if (trial.scored) scored++;
    if (weighChance) chance += executionChance(search, attempt, trial);
    trials++;
  }
  if (trials === 0) return { trials, value: 0, success: 0, chance: 0 };
  const hasCall = attempt.call.length > 0;
  return { trials, value: value / trials, success: hasCall ? scored / trials : 0, chance: chance / trials };
}
