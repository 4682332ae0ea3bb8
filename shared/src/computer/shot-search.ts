import type { Random } from "../random.ts";
import { type CalledBall, wayTaken } from "../rules/call.ts";
import { readShotLog } from "../rules/shot-queries.ts";
import { type BallPosition, isWhiteBall } from "../table/balls.ts";
import type { Point } from "../table/marks.ts";
import { type AimedShot, ARRIVAL_SPEEDS, aimCandidate, CUT_TIPS } from "./aim.ts";
import type { DecisionKind, FullStroke } from "./decision.ts";
import { type PotCandidate, potCandidates } from "./pot-candidates.ts";
import { errorDraws, evaluateAttempt } from "./stroke-chance.ts";
import { judgeTrial, runTrial, type Search, type Trial } from "./trial.ts";

/**
 * The search for a shot: refine the best geometric pot candidates against the simulator, add double calls
 * where a shot drops two balls, try safeties, then test the most promising few with perturbed trials (the
 * level's own execution error) and keep the one worth most on average.
 */

/** A shot the search can play: the table it is played on (the ball in hand placed), the stroke and the call. */
export interface Plan {
  readonly table: readonly BallPosition[];
  readonly stroke: FullStroke;
  readonly call: readonly CalledBall[];
  readonly place?: Point;
  /** The trial of the stroke exactly as meant. */
  readonly nominal: Trial;
  /** The estimated chance of the call before perturbed trials (1 for a shot without a call). */
  readonly chance: number;
}

export interface Choice {
  readonly plan: Plan;
  readonly kind: DecisionKind;
  /** Average worth over the perturbed trials (the nominal one when none could be run). */
  readonly value: number;
  /** Share of perturbed trials in which the call scored (0 without a call). */
  readonly success: number;
}

/** Shares of the simulation budget: pot refinement first, then safeties; the rest tests the finalists. */
const POT_SHARE = 0.45;
const SAFETY_SHARE = 0.2;

/** The worth a plan is ranked by before its perturbed trials. */
function promise(plan: Plan): number {
  if (plan.call.length === 0) return plan.nominal.value;
  // A pot that drops only when perfect is worth its chance of dropping; a miss is worth about nothing.
  return plan.chance * plan.nominal.value + (1 - plan.chance) * Math.min(0, plan.nominal.value - 1);
}

/** How each of `balls` dropped in a simulated shot, as a call would name it (pocket and way), in drop order. */
function callsAsDropped(trial: Trial, balls: readonly number[]): CalledBall[] {
  const log = readShotLog(trial.events, trial.stroke.cue);
  const calls: CalledBall[] = [];
  for (const [index, e] of log.events.entries()) {
    if (e.type === "pocket" && balls.includes(e.ball)) {
      calls.push({ ball: e.ball, pocket: e.pocket, way: wayTaken(log, e.ball, e.pocket, index) });
    }
  }
  return calls;
}

/** A double call for a shot that dropped another white ball as well: the pocket and way it took. */
function doubleCall(plan: Plan): CalledBall[] | null {
  const first = plan.call[0];
  if (!first || plan.call.length !== 1) return null;
  const others = plan.nominal.events.flatMap((e) =>
    e.type === "pocket" && e.ball !== first.ball && isWhiteBall(e.ball) ? [e.ball] : [],
  );
  const [second] = callsAsDropped(plan.nominal, others.slice(0, 1));
  return second ? [first, second] : null;
}

/** Refines the level's share of pot candidates into plans the simulator confirms. */
export function potPlans(search: Search, table: readonly BallPosition[], lastBall: boolean): Plan[] {
  const { level } = search;
  const limit = Math.floor(search.limit * POT_SHARE);
  const candidates = potCandidates(table, lastBall, level).slice(0, level.potCandidates);
  const plans: Plan[] = [];
  for (const candidate of candidates) {
    for (const arrival of ARRIVAL_SPEEDS.slice(0, level.speeds)) {
      let aimed: AimedShot | null = null;
      for (const tip of candidate.way === "own" ? [0] : CUT_TIPS) {
        if (search.simulations >= limit) return plans;
        search.candidates++;
        aimed = aimCandidate(search, table, candidate, arrival, tip);
        if (aimed) break;
      }
      if (!aimed) continue;
      const plan = planOf(table, aimed.trial, candidate);
      plans.push(plan);
      const double = level.doubles ? doubleCall(plan) : null;
      if (double) {
        search.candidates++;
        const { stroke, events, rest } = aimed.trial;
        const trial = judgeTrial(search, table, stroke, double, events, rest);
        if (trial.scored) plans.push({ ...plan, call: double, nominal: trial, chance: plan.chance * 0.8 });
      }
    }
  }
  return plans;
}

function planOf(table: readonly BallPosition[], trial: Trial, candidate: PotCandidate): Plan {
  return { table, stroke: trial.stroke, call: trial.call, nominal: trial, chance: candidate.chance };
}

/** Simulates strokes without a call, up to the safety share of the budget. */
export function safetyPlans(
  search: Search,
  candidates: readonly { table: readonly BallPosition[]; stroke: FullStroke; place?: Point }[],
): Plan[] {
  const limit = Math.floor(search.limit * (POT_SHARE + SAFETY_SHARE));
  const plans: Plan[] = [];
  for (const candidate of candidates) {
    if (search.simulations >= limit && plans.length > 0) break;
    search.candidates++;
    const nominal = runTrial(search, candidate.table, candidate.stroke, []);
    plans.push(calledIfScoring(search, { ...candidate, call: [], nominal, chance: 1 }));
  }
  return plans;
}

/**
 * A shot without a call that scores anyway (a straight-flying ball, clause 7) is played with its balls called
 * as they dropped: the computer calls what it means to pot.
 */
function calledIfScoring(search: Search, plan: Plan): Plan {
  const { verdict, events, rest, stroke } = plan.nominal;
  if (verdict.foul || verdict.counted.length + verdict.paidDebt.length === 0) return plan;
  const call = callsAsDropped(plan.nominal, [...verdict.counted, ...verdict.paidDebt]).slice(0, 2);
  const nominal = judgeTrial(search, plan.table, stroke, call, events, rest);
  return nominal.scored ? { ...plan, call, nominal, chance: 0.9 } : plan;
}

/** The finalists: the most promising plans, always with the best safety among them when there is one. */
function finalists(plans: readonly Plan[], count: number): Plan[] {
  const ranked = [...plans].sort((a, b) => promise(b) - promise(a));
  const chosen = ranked.slice(0, count);
  const safety = ranked.find((p) => p.call.length === 0 && !p.nominal.verdict.foul);
  if (safety && !chosen.includes(safety)) chosen[Math.max(0, chosen.length - 1)] = safety;
  return chosen;
}

function kindOf(plan: Plan): DecisionKind {
  if (plan.call.length > 0) return "pot";
  return plan.nominal.verdict.foul ? "forced" : "safety";
}

/**
 * Tests the finalists with the same error draws each (so they are compared on equal luck) and returns the
 * best on average.
 */
export function choosePlan(search: Search, plans: readonly Plan[], random: Random): Choice {
  const { level } = search;
  const chosen = finalists(plans, level.finalists);
  const remaining = search.limit - search.simulations;
  const samples = Math.max(0, Math.min(level.samples, Math.floor(remaining / Math.max(1, chosen.length))));
  const draws = errorDraws(random, samples);
  let best: Choice | null = null;
  for (const plan of chosen) {
    const tested = evaluateAttempt(search, plan, draws);
    const hasCall = plan.call.length > 0;
    const choice: Choice =
      tested.trials === 0
        ? { plan, kind: kindOf(plan), value: promise(plan), success: hasCall ? plan.chance : 0 }
        : { plan, kind: kindOf(plan), value: tested.value, success: tested.success };
    if (!best || choice.value > best.value) best = choice;
  }
  if (!best) throw new Error("choosePlan needs at least one plan");
  return best;
}
