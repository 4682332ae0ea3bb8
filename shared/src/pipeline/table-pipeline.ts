import type { LagAction, MatchAction, ShotAction, ShotRequest } from "../match/actions.ts";
import { applyAction, prepareShot } from "../match/apply-action.ts";
import { lagPair, lagStrokes, validateLagShot } from "../match/lag.ts";
import type { LagShot, MatchState } from "../match/match-state.ts";
import { type PlayedStroke, playedStroke, type RecordedStroke } from "../match/recorded-stroke.ts";
import { clockStroke, type ShotSetup } from "../match/shot.ts";
import type { MatchResult, Transition } from "../match/transition.ts";
import { DEFAULT_ENGINE, type EngineName } from "../physics/engines.ts";
import type { SimulationInput } from "../physics/simulate.ts";
import { simulateForTable, type TableSimulation } from "../physics/table-simulation.ts";
import type { LagMessage, ShotMessage } from "../protocol/client-messages.ts";
import type { Pair, PlayerIndex } from "../rules/position.ts";
import { fail, ok } from "../rules/result.ts";
import { encodeTrace } from "../shot/trace-codec.ts";

/**
 * The one road a request takes: the match's checks → the physics, when there is a stroke to simulate → the
 * match applies the action. The room, the tests and the computer player call these; none reads a clock or
 * Math.random (randomness comes in the match's seed), so the match replays exactly from its actions.
 */

/**
 * What a request became: the action to record, the transition it makes, and the stroke to announce. The action
 * is judged in the form the record keeps (read back from its JSON), so what the table applies now is exactly
 * what a replay of the record folds, and judged once: a table commits the step as it stands.
 */
export interface Step extends Transition {
  /** The action as stored: read back from `json`. */
  readonly action: MatchAction;
  /** The action's JSON, as the record keeps it. */
  readonly json: string;
  /** The match the step was judged on. */
  readonly from: MatchState;
  readonly played?: PlayedStroke;
}

/**
 * The transition a step makes on `match`: the judged one when the match is still the one it was judged on;
 * otherwise (the match moved on meanwhile) its stored action applied again, or null if the match now refuses it.
 */
export function stepOnto(match: MatchState, step: Step): Transition | null {
  if (step.from === match) return step;
  const applied = applyAction(match, step.action);
  return applied.ok ? applied.value : null;
}

/**
 * An applied stroke's step: the stroke to announce is built by the fold's own code from what the record will
 * keep (recorded-stroke.ts), so what the table shows now is what a reader of the record is shown later.
 */
function strokeStep(match: MatchState, action: MatchAction, recorded: RecordedStroke): MatchResult<Step> {
  const step = stepMatch(match, action);
  if (!step.ok) return step;
  const played = playedStroke(match, step.value.action, step.value, recorded);
  if (!played.ok) return played;
  return ok({ ...step.value, played: played.value });
}

/**
 * Applies an action that needs no physics (seating, the draw, answers, resignation, expiry, rematch), in its
 * stored form (Step's reason).
 */
export function stepMatch(match: MatchState, action: MatchAction): MatchResult<Step> {
  const json = JSON.stringify(action);
  const stored = JSON.parse(json) as MatchAction;
  const applied = applyAction(match, stored);
  if (!applied.ok) return applied;
  return ok({ ...applied.value, action: stored, json, from: match });
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
export function judgePlannedShot(match: MatchState, plan: ShotPlan, simulation: TableSimulation): MatchResult<Step> {
  const action: ShotAction = { ...plan.request, result: { events: simulation.events, rest: simulation.rest } };
  return strokeStep(match, action, {
    kind: "shot",
    number: plan.request.shot,
    seat: plan.seat,
    before: plan.setup.table,
    trace: simulation.trace,
    duration: simulation.duration,
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
  return judgePlannedShot(match, plan.value, simulateForTable(shotSimulation(plan.value), engine));
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
  simulation: TableSimulation | null,
): MatchResult<Step> {
  if (plan.pair === null || simulation === null) return stepMatch(match, plan.action);
  const action: LagAction = { ...plan.action, result: { events: simulation.events, rest: simulation.rest } };
  return strokeStep(match, action, {
    kind: "lag",
    number: match.shotNumber,
    seat: -1,
    before: plan.pair.simulation.balls,
    trace: simulation.trace,
    duration: simulation.duration,
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
  return judgePlannedLag(match, plan.value, pair ? simulateForTable(pair.simulation, engine) : null);
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
  const action: MatchAction = { type: "clock", shot: match.shotNumber };
  return strokeStep(match, action, {
    kind: "clock",
    number: match.shotNumber,
    seat: match.player,
    before: setup.value.table,
    trace: encodeTrace([]),
    duration: 0,
  });
}
