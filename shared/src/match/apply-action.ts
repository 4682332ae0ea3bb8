import { type Call, validateCall } from "../rules/call.ts";
import { isLastBallPlay, opponentOf, type PlayerIndex } from "../rules/position.ts";
import { fail, ok, type Result } from "../rules/result.ts";
import { type Stroke, validateStroke } from "../rules/stroke.ts";
import { judgeShot, type ShotVerdict } from "../rules/verdict.ts";
import type { BallPosition } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { isInHouse } from "../table/regions.ts";
import type {
  DrawAction,
  LagAction,
  MatchAction,
  PassAction,
  ResignAction,
  ShotAction,
  ShotRequest,
} from "./actions.ts";
import { drawOpener } from "./draw.ts";
import type { MatchErrorCode } from "./errors.ts";
import { judgeLag, type LagOutcome } from "./lag.ts";
import type { MatchState } from "./match-state.ts";
import { acceptsAction, MATCH_FLOW } from "./phases.ts";

/** The result of an accepted action: the new state, and what decided it. */
export interface Transition {
  readonly state: MatchState;
  readonly verdict?: ShotVerdict;
  readonly lag?: LagOutcome;
}

export type MatchResult<T> = Result<T, MatchErrorCode>;

/** What the caller must simulate for a shot: the table at the stroke (ball in hand placed) and the stroke. */
export interface ShotSetup {
  readonly table: readonly BallPosition[];
  readonly stroke: Stroke;
  readonly call: Call;
  readonly opening: boolean;
  readonly striker: PlayerIndex;
}

function isPlayer(value: unknown): value is PlayerIndex {
  return value === 0 || value === 1;
}

/**
 * The checks every request goes through, in boardgame.io's order: a real seat, an action this phase
 * accepts, the player whose turn it is, and the shot number it was made for.
 */
function checkRequest(state: MatchState, action: MatchAction | ShotRequest): MatchResult<null> {
  if ("player" in action && !isPlayer(action.player)) {
    return fail("not-a-player", "Only players 0 and 1 can act.", "Действовать могут только игроки 0 и 1.", "player");
  }
  if (!(action.type in { lag: 1, draw: 1, shot: 1, pass: 1, resign: 1 })) {
    return fail(
      "unknown-action",
      `Unknown action ${String(action.type)}.`,
      `Неизвестное действие ${String(action.type)}.`,
      "type",
    );
  }
  if (state.phase === "finished") {
    return fail("match-over", "The match is over.", "Партия окончена.");
  }
  if (!acceptsAction(state.phase, action.type)) {
    return fail(
      "wrong-phase",
      `"${action.type}" is not accepted now; the ${state.phase} phase accepts: ${MATCH_FLOW[state.phase].accepts.join(", ")}.`,
      `Действие «${action.type}» сейчас недопустимо; в фазе ${state.phase} допустимо: ${MATCH_FLOW[state.phase].accepts.join(", ")}.`,
      "type",
    );
  }
  if ((action.type === "shot" || action.type === "pass") && action.player !== state.player) {
    return fail(
      "wrong-player",
      `It is player ${state.player}'s turn, not player ${action.player}'s.`,
      `Сейчас очередь игрока ${state.player}, а не игрока ${action.player}.`,
      "player",
    );
  }
  if (action.shot !== state.shotNumber) {
    return fail(
      "stale-shot",
      `The request was made for shot ${action.shot}, but the match is at shot ${state.shotNumber}.`,
      `Запрос сделан для удара ${action.shot}, а партия уже на ударе ${state.shotNumber}.`,
      "shot",
    );
  }
  return ok(null);
}

/**
 * Validates a shot request against the match and returns what to simulate. The server calls this before
 * running the physics; `applyAction` calls it again with the result, so nothing unchecked is ever judged.
 */
export function prepareShot(state: MatchState, request: ShotRequest): MatchResult<ShotSetup> {
  const checked = checkRequest(state, request);
  if (!checked.ok) return checked;
  const stroke = validateStroke(request.stroke);
  if (!stroke.ok) return stroke;
  const opening = state.phase === "opening";
  let table = state.table;
  if (opening) {
    if (request.stroke.cue !== state.inHand) {
      return fail(
        "cue-not-in-hand",
        `The opening shot is played with ball ${state.inHand}, the pyramid's apex, from hand (clause 5).`,
        `Начальный удар выполняется шаром ${state.inHand} (вершина пирамиды) с руки (п. 5).`,
        "stroke.cue",
      );
    }
    const place = request.place;
    if (!place) {
      return fail(
        "place-required",
        "Place the ball in hand in the house first (clause 5).",
        "Сначала поставьте шар с руки в дом (п. 5).",
        "place",
      );
    }
    if (!Number.isFinite(place.x) || !Number.isFinite(place.y) || !isInHouse(place)) {
      return fail(
        "opening-cue-not-in-house",
        "The opening cue ball must lie in the house, behind the line through the first mark (clause 5, I3).",
        "Биток при начальном ударе должен стоять в доме, за линией первой отметки (п. 5).",
        "place",
      );
    }
    if (table.some((b) => Math.hypot(b.x - place.x, b.y - place.y) < 2 * BALL_RADIUS)) {
      return fail(
        "placement-overlaps",
        "The ball in hand would overlap another ball.",
        "Шар с руки перекрывает другой шар.",
        "place",
      );
    }
    table = [...table, { id: request.stroke.cue, x: place.x, y: place.y }];
  } else {
    if (request.place) {
      return fail(
        "place-not-allowed",
        "Only the opening shot is played from hand (clause 5).",
        "С руки играется только начальный удар (п. 5).",
        "place",
      );
    }
    if (!table.some((b) => b.id === request.stroke.cue)) {
      return fail(
        "cue-ball-not-on-table",
        `Ball ${request.stroke.cue} is not on the table and cannot be the cue ball (clause 1).`,
        `Шара ${request.stroke.cue} нет на столе, им нельзя бить (п. 1).`,
        "stroke.cue",
      );
    }
  }
  const call = validateCall(request.call ?? [], { table, lastBall: isLastBallPlay(table, state.shelves) });
  if (!call.ok) return call;
  return ok({ table, stroke: stroke.value, call: call.value, opening, striker: state.player });
}

function applyShot(state: MatchState, action: ShotAction): MatchResult<Transition> {
  const setup = prepareShot(state, action);
  if (!setup.ok) return setup;
  const { table, stroke, call, opening, striker } = setup.value;
  const { verdict, position } = judgeShot({
    position: { table, shelves: state.shelves, debts: state.debts },
    striker,
    stroke,
    call,
    opening,
    events: action.result.events,
    rest: action.result.rest,
  });
  const base = {
    ...state,
    shotNumber: state.shotNumber + 1,
    table: position.table,
    inHand: null,
    shelves: position.shelves,
    debts: position.debts,
    lastBall: verdict.lastBall.after,
  };
  let next: MatchState;
  if (verdict.winner !== null) {
    next = { ...base, phase: "finished", offer: null, winner: verdict.winner, end: "eight" };
  } else if (verdict.next.mayPass) {
    const kind = verdict.foul ? "foul" : "bonus";
    next = { ...base, phase: "offer", player: verdict.next.player, offer: { kind, player: verdict.next.player } };
  } else {
    next = { ...base, phase: "turn", player: verdict.next.player, offer: null };
  }
  return ok({ state: next, verdict });
}

/** Passing the offered shot: a declined bonus goes to the opponent, a foul's offender must continue. */
function applyPass(state: MatchState, action: PassAction): MatchResult<Transition> {
  return ok({ state: { ...state, phase: "turn", player: opponentOf(action.player), offer: null } });
}

function applyLag(state: MatchState, action: LagAction): MatchResult<Transition> {
  const judged = judgeLag({ balls: action.balls, start: action.start, ...action.result });
  if (!judged.ok) return judged;
  const lag = judged.value;
  const base = { ...state, shotNumber: state.shotNumber + 1 };
  if (lag.winner === null) return ok({ state: { ...base, lagReplays: state.lagReplays + 1 }, lag });
  return ok({ state: { ...base, phase: "opening", player: lag.winner }, lag });
}

function applyDraw(state: MatchState, action: DrawAction): MatchResult<Transition> {
  const drawn = drawOpener(action.source);
  if (!drawn.ok) return drawn;
  return ok({ state: { ...state, shotNumber: state.shotNumber + 1, phase: "opening", player: drawn.value } });
}

function applyResign(state: MatchState, action: ResignAction): MatchResult<Transition> {
  const winner = opponentOf(action.player);
  return ok({ state: { ...state, phase: "finished", offer: null, winner, end: "resignation" } });
}

/**
 * The single entry point of the match flow: checks the request against the phase table, the seat and
 * the shot number, then applies it. A refused request returns a typed error and changes nothing.
 */
export function applyAction(state: MatchState, action: MatchAction): MatchResult<Transition> {
  const checked = checkRequest(state, action);
  if (!checked.ok) return checked;
  switch (action.type) {
    case "shot":
      return applyShot(state, action);
    case "pass":
      return applyPass(state, action);
    case "lag":
      return applyLag(state, action);
    case "draw":
      return applyDraw(state, action);
    case "resign":
      return applyResign(state, action);
  }
}

/** Replays a match from its actions (STYLE 5: the match is the fold of its records). */
export function replayMatch(initial: MatchState, actions: readonly MatchAction[]): MatchResult<MatchState> {
  let state = initial;
  for (const action of actions) {
    const step = applyAction(state, action);
    if (!step.ok) return step;
    state = step.value.state;
  }
  return ok(state);
}
