import type { LagAction, MatchAction, ShotAction, ShotRequest } from "../match/actions.ts";
import { applyAction, prepareShot } from "../match/apply-action.ts";
import { lagPair, lagStrokes, validateLagShot } from "../match/lag.ts";
import { explainLag } from "../match/lag-verdict.ts";
import type { LagShot, MatchState } from "../match/match-state.ts";
import type { PlayedShot } from "../match/record.ts";
import { clockStroke, type ShotSetup } from "../match/shot.ts";
import type { MatchResult, Transition } from "../match/transition.ts";
import { DEFAULT_ENGINE, type EngineName } from "../physics/engines.ts";
import { type SimulationInput, type SimulationResult, simulate } from "../physics/simulate.ts";
import type { LagMessage, ShotMessage } from "../protocol/client-messages.ts";
import type { Pair, PlayerIndex } from "../rules/position.ts";
import { fail, ok } from "../rules/result.ts";
import { explainVerdict } from "../rules/verdict-words/index.ts";
import { type BallTrace, encodeTrace } from "../shot/trace-codec.ts";
import { visibleEnd } from "../shot/visible-end.ts";

/**
 * The one road a request takes: the match's checks → the physics, when there is a stroke to simulate → the
 * match applies the action. The room, the tests and the computer player call these; none reads a clock or
 * Math.random (randomness comes in the match's seed), so the match replays exactly from its actions.
 */

/** What a request became: the action to record, the transition it makes, and the stroke to announce. */
export interface Step extends Transition {
  readonly action: MatchAction;
  readonly played?: PlayedShot;
}

/** The animation's length: until what is still moving can no longer be seen (visible-end.ts). */
function traceDuration(traces: readonly BallTrace[] | undefined): number {
  return visibleEnd(traces ?? []);
}

/** Applies an action that needs no physics: seating, the draw, answers, resignation, expiry, rematch. */
export function stepMatch(match: MatchState, action: MatchAction): MatchResult<Step> {
  const applied = applyAction(match, action);
  if (!applied.ok) return applied;
  return ok({ ...applied.value, action });
}

/** A shot checked and ready for the physics: the request as the match will record it, and what to simulate. */
export interface ShotPlan {
  readonly seat: PlayerIndex;
  readonly message: ShotMessage;
  readonly request: ShotRequest;
  readonly setup: ShotSetup;
}

/** Checks a shot against the match and says what to simulate (nothing is simulated yet). */
export function planShot(match: MatchState, seat: PlayerIndex, message: ShotMessage): MatchResult<ShotPlan> {
  const request: ShotRequest = {
    type: "shot",
    shot: message.shotNumber,
    player: seat,
    stroke: message.stroke,
    call: message.call,
    ...(message.place ? { place: message.place } : {}),
  };
  const setup = prepareShot(match, request);
  if (!setup.ok) return setup;
  return ok({ seat, message, request, setup: setup.value });
}

/** What the physics is asked to simulate for a planned shot (with the trace the table animates). */
export function shotSimulation(plan: ShotPlan): SimulationInput {
  return { balls: plan.setup.table, strokes: [plan.setup.stroke], trace: true };
}

/** Judges a planned shot with what the physics made of it. */
export function judgePlannedShot(match: MatchState, plan: ShotPlan, simulation: SimulationResult): MatchResult<Step> {
  const action: ShotAction = { ...plan.request, result: { events: simulation.events, rest: simulation.rest } };
  const applied = applyAction(match, action);
  if (!applied.ok) return applied;
  return ok({
    ...applied.value,
    action,
    played: {
      kind: "shot",
      number: plan.request.shot,
      seat: plan.seat,
      request: plan.message,
      before: plan.setup.table,
      events: simulation.events,
      trace: encodeTrace(simulation.trace ?? []),
      duration: traceDuration(simulation.trace),
      verdict: verdictOf(applied.value),
    },
  });
}

/** A shot, simulated here on `engine` (exact unless given) and judged: plan, physics, judgement in one. */
export function playShot(
  match: MatchState,
  seat: PlayerIndex,
  message: ShotMessage,
  engine: EngineName = DEFAULT_ENGINE,
): MatchResult<Step> {
  const plan = planShot(match, seat, message);
  if (!plan.ok) return plan;
  return judgePlannedShot(match, plan.value, simulate(shotSimulation(plan.value), engine));
}

function verdictOf(transition: Transition) {
  if (!transition.verdict) throw new Error("a shot transition without a verdict");
  return transition.verdict;
}

/**
 * A lag shot checked. The first of the two is only kept (secret) by the match and needs no physics; the second
 * completes the lag: both are struck at the same moment on an empty table (I21), simulated together.
 */
export interface LagPlan {
  readonly action: LagAction;
  /** With the second shot: both shots and what to simulate; null for the first, which waits. */
  readonly pair: { readonly shots: Pair<LagShot>; readonly simulation: SimulationInput } | null;
}

/** Checks a lag shot against the match and says what, if anything, to simulate. */
export function planLag(match: MatchState, seat: PlayerIndex, message: LagMessage): MatchResult<LagPlan> {
  if (match.phase !== "lag") return fail("wrong-phase", "The lag is over.", "Раскат уже сыгран.");
  const checked = validateLagShot(match, seat, message);
  if (!checked.ok) return checked;
  const action: LagAction = {
    type: "lag",
    player: seat,
    place: message.place,
    angle: message.angle,
    speed: message.speed,
  };
  const shots = lagPair(match, action);
  if (shots === null) return ok({ action, pair: null });
  const { start, strokes } = lagStrokes(shots);
  return ok({ action, pair: { shots, simulation: { balls: start, strokes, trace: true } } });
}

/** Judges a planned lag with what the physics made of the pair (null for the first shot, which waits). */
export function judgePlannedLag(
  match: MatchState,
  plan: LagPlan,
  simulation: SimulationResult | null,
): MatchResult<Step> {
  if (plan.pair === null || simulation === null) return stepMatch(match, plan.action);
  const action: LagAction = { ...plan.action, result: { events: simulation.events, rest: simulation.rest } };
  const applied = applyAction(match, action);
  if (!applied.ok) return applied;
  const lag = applied.value.lag;
  if (!lag) throw new Error("a completed lag without its outcome");
  return ok({
    ...applied.value,
    action,
    played: {
      kind: "lag",
      number: match.shotNumber,
      seat: -1,
      request: { lags: plan.pair.shots },
      before: plan.pair.simulation.balls,
      events: simulation.events,
      trace: encodeTrace(simulation.trace ?? []),
      duration: traceDuration(simulation.trace),
      verdict: { ...lag, explanation: explainLag(lag) },
    },
  });
}

/** One player's lag shot, the pair simulated here on `engine` (exact unless given) and judged. */
export function playLag(
  match: MatchState,
  seat: PlayerIndex,
  message: LagMessage,
  engine: EngineName = DEFAULT_ENGINE,
): MatchResult<Step> {
  const plan = planLag(match, seat, message);
  if (!plan.ok) return plan;
  const { pair } = plan.value;
  return judgePlannedLag(match, plan.value, pair ? simulate(pair.simulation, engine) : null);
}

/** Taking the offer (the player will shoot) or passing it; both are told to the table at once. */
export function answerOffer(
  match: MatchState,
  seat: PlayerIndex,
  answer: { readonly shotNumber: number; readonly accept: boolean },
): MatchResult<Step> {
  // Said first, whatever the phase: "there is nothing to answer" is what a player needs to hear.
  if (match.offer === null) {
    return fail("no-offer", "There is no offer to answer now.", "Сейчас нечего принимать или отклонять.");
  }
  return stepMatch(match, { type: answer.accept ? "take" : "pass", shot: answer.shotNumber, player: seat });
}

/**
 * The shot clock ran out for the player to move: a miss foul (clause 17), judged by the match itself; the
 * announcement shows the stroke that touched nothing.
 */
export function expireShotClock(match: MatchState): MatchResult<Step> {
  const stroke = clockStroke(match);
  if (!stroke) return fail("no-cue-ball", "No ball to play.", "Нечем играть.");
  const setup = prepareShot(match, stroke.request);
  if (!setup.ok) return setup;
  const step = stepMatch(match, { type: "clock", shot: match.shotNumber });
  if (!step.ok) return step;
  const verdict = verdictOf(step.value);
  const events = stroke.result.events;
  return ok({
    ...step.value,
    played: {
      kind: "clock",
      number: match.shotNumber,
      seat: match.player,
      request: { clock: "expired" },
      before: setup.value.table,
      events,
      trace: encodeTrace([]),
      duration: 0,
      // Worded as the clock's shot, so that its explanation opens, as the table does, with the clock.
      verdict: { ...verdict, explanation: explainVerdict({ kind: "clock", seat: match.player, verdict, events }) },
    },
  });
}
