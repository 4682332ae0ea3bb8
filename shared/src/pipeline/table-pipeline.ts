import type { ShotRequest } from "../match/actions.ts";
import { applyAction, prepareShot, type Transition } from "../match/apply-action.ts";
import { createMatch } from "../match/match-state.ts";
import { simulate } from "../physics/simulate.ts";
import type { LagMessage, ShotMessage } from "../protocol/client-messages.ts";
import { seededRandom } from "../random.ts";
import { fail, ok, type Result } from "../rules/result.ts";
import type { ShotVerdict } from "../rules/verdict.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import { type BallTrace, encodeTrace } from "../shot/trace-codec.ts";
import { visibleEnd } from "../shot/visible-end.ts";
import type { BallPosition } from "../table/balls.ts";
import { BALL_RADIUS, HALF_WIDTH } from "../table/dimensions.ts";
import { HOUSE_LINE_X } from "../table/marks.ts";
import { startingPosition } from "../table/rack.ts";
import { isInHouse } from "../table/regions.ts";
import { explainLag, type LagVerdict } from "./lag-verdict.ts";
import type { Match } from "./match-view.ts";

/**
 * The one road a shot takes (DESIGN): request → match-flow checks → physics to rest → rules → next match.
 * The room, the tests and later a computer opponent call these functions; none of them reads a clock or
 * Math.random (the seed comes in), so a match replays exactly from its requests.
 */

export type Seat = 0 | 1;

/** A shot as announced and recorded: what was asked, what happened, and the verdict that explains it. */
export interface PlayedShot {
  readonly kind: "shot" | "lag" | "clock";
  readonly number: number;
  readonly request: unknown;
  /** The table at the stroke (the opening's ball in hand placed; the two lag balls for the lag). */
  readonly before: readonly BallPosition[];
  readonly events: readonly ShotEvent[];
  /** The trace in the compact binary form of shared/src/shot/trace-codec.ts. */
  readonly trace: Uint8Array;
  /** Seconds of animation: until the last visible movement (the trace itself runs to the end). */
  readonly duration: number;
  readonly verdict: ShotVerdict | LagVerdict;
}

export interface Outcome {
  readonly match: Match;
  /** Present when the action played a shot (or the lag); absent for passes and resignations. */
  readonly played?: PlayedShot;
}

export interface NewMatchOptions {
  readonly opening: "lag" | "draw";
  readonly seed: number;
}

/** Rack jitter: below gap/(2√2) so that no two balls can touch (docs/PHYSICS.md). */
const RACK_JITTER = 0.0001;
/** The two white balls used for the lag, on an empty table (I21); seat 0 plays the first. */
export const LAG_BALLS = [1, 2] as const;

export function newMatch(options: NewMatchOptions): Match {
  const random = seededRandom(options.seed);
  const table = startingPosition({ jitter: RACK_JITTER, random });
  const flow = createMatch({ opener: options.opening, table });
  if (options.opening === "lag") return { flow, absent: null, offerTaken: null };
  const drawn = applyAction(flow, { type: "draw", shot: flow.shotNumber, source: { value: random() } });
  if (!drawn.ok) throw new Error(`the draw failed: ${drawn.error.message}`);
  return { flow: drawn.value.state, absent: null, offerTaken: null };
}

/** The animation's length: until what is still moving can no longer be seen (visible-end.ts). */
function traceDuration(traces: readonly BallTrace[] | undefined): number {
  return visibleEnd(traces ?? []);
}

export function playShot(match: Match, seat: Seat, message: ShotMessage): Result<Outcome> {
  const request: ShotRequest = {
    type: "shot",
    shot: message.shotNumber,
    player: seat,
    stroke: message.stroke,
    call: message.call,
    ...(message.place ? { place: message.place } : {}),
  };
  const setup = prepareShot(match.flow, request);
  if (!setup.ok) return setup;
  const simulation = simulate({ balls: setup.value.table, strokes: [setup.value.stroke], trace: true });
  const judged = applyAction(match.flow, { ...request, result: { events: simulation.events, rest: simulation.rest } });
  if (!judged.ok) return judged;
  return ok({
    match: { ...match, flow: judged.value.state },
    played: {
      kind: "shot",
      number: request.shot,
      request: message,
      before: setup.value.table,
      events: simulation.events,
      trace: encodeTrace(simulation.trace ?? []),
      duration: traceDuration(simulation.trace),
      verdict: verdictOf(judged.value),
    },
  });
}

function verdictOf(transition: Transition): ShotVerdict {
  if (!transition.verdict) throw new Error("a shot transition without a verdict");
  return transition.verdict;
}

/** Checks one player's lag shot as it arrives (the two are simulated together once both are in). */
export function validateLag(match: Match, seat: Seat, lag: LagMessage): Result<null> {
  if (match.flow.phase !== "lag") {
    return fail("wrong-phase", "The lag is over.", "Раскат уже сыгран.");
  }
  if (!isInHouse(lag.place)) {
    return fail(
      "lag-not-in-house",
      "Place your lag ball in the house, behind the line through the first mark (I21).",
      "Поставьте шар для раската в дом, за линию первой отметки.",
      "place",
    );
  }
  const side = seat === 0 ? 1 : -1;
  if (lag.place.y * side < BALL_RADIUS) {
    return fail(
      "lag-wrong-side",
      `Your lag ball goes on your side of the long axis (${seat === 0 ? "y > 0, the left" : "y < 0, the right"}), clear of it.`,
      `Ваш шар для раската ставится на вашей стороне от продольной оси (${seat === 0 ? "левой" : "правой"}), не на ней.`,
      "place",
    );
  }
  return ok(null);
}

/** Both lag shots, struck at the same moment on an empty table (I21), judged by the match flow. */
export function playLag(match: Match, lags: readonly [LagMessage, LagMessage]): Result<Outcome> {
  for (const seat of [0, 1] as const) {
    const check = validateLag(match, seat, lags[seat]);
    if (!check.ok) return check;
  }
  const start = LAG_BALLS.map((id, seat) => ({ id, x: lags[seat]!.place.x, y: lags[seat]!.place.y }));
  const strokes = LAG_BALLS.map((cue, seat) => ({ cue, angle: lags[seat]!.angle, speed: lags[seat]!.speed }));
  const simulation = simulate({ balls: start, strokes, trace: true });
  const number = match.flow.shotNumber;
  const judged = applyAction(match.flow, {
    type: "lag",
    shot: number,
    balls: [LAG_BALLS[0], LAG_BALLS[1]],
    start,
    result: { events: simulation.events, rest: simulation.rest },
  });
  if (!judged.ok) return judged;
  const lag = judged.value.lag;
  if (!lag) throw new Error("a lag transition without its outcome");
  return ok({
    match: { ...match, flow: judged.value.state },
    played: {
      kind: "lag",
      number,
      request: { lags },
      before: start,
      events: simulation.events,
      trace: encodeTrace(simulation.trace ?? []),
      duration: traceDuration(simulation.trace),
      verdict: { ...lag, explanation: explainLag(lag) },
    },
  });
}

/**
 * The answer to an offer. Passing is the rules' `pass` action. Taking it changes nothing in the rules (the
 * player then shoots, which is how the rules take an offer) but the table shows the choice at once, and a
 * taken offer can no longer be passed.
 */
export function answerOffer(
  match: Match,
  seat: Seat,
  answer: { shotNumber: number; accept: boolean },
): Result<Outcome> {
  const { flow } = match;
  if (flow.phase !== "offer" || !flow.offer) {
    return fail("no-offer", "There is no offer to answer now.", "Сейчас нечего принимать или отклонять.");
  }
  if (match.offerTaken === flow.shotNumber) {
    return fail("offer-taken", "You have taken the offer: play the shot.", "Вы уже приняли предложение: бейте.");
  }
  if (answer.accept) {
    if (flow.offer.player !== seat) {
      return fail("wrong-player", "The offer is not yours to answer.", "Это предложение не вам.", "player");
    }
    if (answer.shotNumber !== flow.shotNumber) {
      return fail(
        "stale-shot",
        `The match is at shot ${flow.shotNumber}.`,
        `Партия уже на ударе ${flow.shotNumber}.`,
        "shotNumber",
      );
    }
    return ok({ match: { ...match, offerTaken: flow.shotNumber } });
  }
  const passed = applyAction(flow, { type: "pass", shot: answer.shotNumber, player: seat });
  if (!passed.ok) return passed;
  return ok({ match: { ...match, flow: passed.value.state } });
}

/** Resignation, by the player or, when his seat's hold expired, on his behalf (`absence`). */
export function resign(match: Match, seat: Seat, reason: "resignation" | "absence" = "resignation"): Result<Outcome> {
  const resigned = applyAction(match.flow, { type: "resign", shot: match.flow.shotNumber, player: seat });
  if (!resigned.ok) return resigned;
  return ok({
    match: { flow: resigned.value.state, absent: reason === "absence" ? seat : null, offerTaken: null },
  });
}

/** Where the opening cue ball is put when the clock runs out before it was placed: deep in the house. */
const CLOCK_PLACE = { x: HOUSE_LINE_X - 0.3, y: 0 };

/**
 * The shot clock ran out (issue 5: it counts as a miss foul). The rules judge it as a shot whose cue ball
 * touched nothing: a log with only the stroke and a table where nothing moved, so the penalty, the turn
 * and the offer come from the same code as any miss.
 */
export function expireShotClock(match: Match): Result<Outcome> {
  const { flow } = match;
  if (flow.phase !== "opening" && flow.phase !== "turn" && flow.phase !== "offer") {
    return fail(
      "wrong-phase",
      "The shot clock runs only while a player is to shoot.",
      "Часы идут только во время удара.",
    );
  }
  const opening = flow.phase === "opening";
  const cue = opening ? flow.inHand : firstWhiteBall(flow.table);
  if (cue === null) return fail("no-cue-ball", "No ball to play.", "Нечем играть.");
  const place = opening ? freePlaceInHouse(flow.table) : undefined;
  const message: ShotMessage = {
    shotNumber: flow.shotNumber,
    stroke: { cue, angle: 0, speed: 0.01, offset: { x: 0, y: 0 } },
    call: [],
    ...(place ? { place } : {}),
  };
  const request: ShotRequest = {
    type: "shot",
    shot: flow.shotNumber,
    player: flow.player,
    stroke: message.stroke,
    call: [],
    ...(place ? { place } : {}),
  };
  const setup = prepareShot(flow, request);
  if (!setup.ok) return setup;
  const events: ShotEvent[] = [{ t: 0, type: "strike", ball: cue }];
  const judged = applyAction(flow, { ...request, result: { events, rest: setup.value.table } });
  if (!judged.ok) return judged;
  return ok({
    match: { ...match, flow: judged.value.state },
    played: {
      kind: "clock",
      number: flow.shotNumber,
      request: { clock: "expired" },
      before: setup.value.table,
      events,
      trace: encodeTrace([]),
      duration: 0,
      verdict: verdictOf(judged.value),
    },
  });
}

function firstWhiteBall(table: readonly { id: number }[]): number | null {
  const whites = table.filter((b) => b.id !== 0).map((b) => b.id);
  return whites.length === 0 ? null : Math.min(...whites);
}

function freePlaceInHouse(table: readonly { x: number; y: number }[]): { x: number; y: number } {
  for (let y = 0; y < HALF_WIDTH - BALL_RADIUS; y += 2.5 * BALL_RADIUS) {
    for (const candidate of [
      { x: CLOCK_PLACE.x, y },
      { x: CLOCK_PLACE.x, y: -y },
    ]) {
      if (table.every((b) => Math.hypot(b.x - candidate.x, b.y - candidate.y) > 2 * BALL_RADIUS + 1e-4))
        return candidate;
    }
  }
  return CLOCK_PLACE;
}
