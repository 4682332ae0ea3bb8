import { type Call, validateCall } from "../rules/call.ts";
import { isLastBallPlay } from "../rules/last-ball.ts";
import { checkOpeningPlace } from "../rules/opening.ts";
import type { PlayerIndex } from "../rules/position.ts";
import { fail, ok } from "../rules/result.ts";
import { validateStroke } from "../rules/stroke.ts";
import { judgeShot } from "../rules/verdict.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { Stroke } from "../shot/stroke.ts";
import { type BallPosition, COLOURED_BALL } from "../table/balls.ts";
import { BALL_RADIUS, HALF_WIDTH } from "../table/dimensions.ts";
import { HOUSE_LINE_X, type Point } from "../table/marks.ts";
import type { ClockAction, ShotAction, ShotRequest } from "./actions.ts";
import { finish } from "./endings.ts";
import type { MatchState } from "./match-state.ts";
import type { MatchResult, Transition } from "./transition.ts";

/** What the caller must simulate for a shot: the table at the stroke (ball in hand placed) and the stroke. */
export interface ShotSetup {
  readonly table: readonly BallPosition[];
  readonly stroke: Stroke;
  readonly call: Call;
  readonly opening: boolean;
  readonly striker: PlayerIndex;
}

/**
 * Checks a shot against the position and returns what to simulate. The server calls this before running
 * the physics; `applyAction` calls it again with the result, so nothing unchecked is ever judged. (Whose
 * turn it is and the shot number are checked before, by the match flow.)
 */
export function setUpShot(state: MatchState, request: ShotRequest): MatchResult<ShotSetup> {
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
    const inHouse = checkOpeningPlace(place, "place");
    if (!inHouse.ok) return inHouse;
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

/** Judges a simulated stroke and moves the match on: the win, an offer (bonus or foul), or the next turn. */
function judge(state: MatchState, setup: ShotSetup, result: ShotAction["result"]): MatchResult<Transition> {
  const { table, stroke, call, opening, striker } = setup;
  const { verdict, position } = judgeShot({
    position: { table, shelves: state.shelves, debts: state.debts },
    striker,
    stroke,
    call,
    opening,
    events: result.events,
    rest: result.rest,
  });
  const base: MatchState = {
    ...state,
    shotNumber: state.shotNumber + 1,
    table: position.table,
    inHand: null,
    shelves: position.shelves,
    debts: position.debts,
    lastBall: verdict.lastBall.after,
    offerTaken: false,
  };
  if (verdict.winner !== null) return ok({ state: finish(base, verdict.winner, "eight"), verdict });
  if (verdict.next.mayPass) {
    const kind = verdict.foul ? "foul" : "bonus";
    const offer = { kind, player: verdict.next.player } as const;
    return ok({ state: { ...base, phase: "offer", player: verdict.next.player, offer }, verdict });
  }
  return ok({ state: { ...base, phase: "turn", player: verdict.next.player, offer: null }, verdict });
}

export function applyShot(state: MatchState, action: ShotAction): MatchResult<Transition> {
  const setup = setUpShot(state, action);
  if (!setup.ok) return setup;
  return judge(state, setup.value, action.result);
}

/** Where the opening cue ball is put when the clock runs out before it was placed: deep in the house. */
const CLOCK_PLACE: Point = { x: HOUSE_LINE_X - 0.3, y: 0 };

/**
 * The shot clock ran out: judged by the rules as a stroke whose cue ball touched nothing, a log with only
 * the stroke and a table where nothing moved. The penalty, the turn and the offer then come from the same
 * code as any miss (clauses 16, 17).
 */
export function clockStroke(
  state: MatchState,
): { readonly request: ShotRequest; readonly result: ShotAction["result"] } | null {
  const opening = state.phase === "opening";
  const cue = opening ? state.inHand : firstWhiteBall(state.table);
  if (cue === null) return null;
  const place = opening ? freePlaceInHouse(state.table) : undefined;
  const request: ShotRequest = {
    type: "shot",
    shot: state.shotNumber,
    player: state.player,
    stroke: { cue, angle: 0, speed: 0.01, offset: { x: 0, y: 0 } },
    call: [],
    ...(place ? { place } : {}),
  };
  const table = place ? [...state.table, { id: cue, x: place.x, y: place.y }] : state.table;
  const events: ShotEvent[] = [{ t: 0, type: "strike", ball: cue }];
  return { request, result: { events, rest: table } };
}

export function applyClock(state: MatchState, _action: ClockAction): MatchResult<Transition> {
  const stroke = clockStroke(state);
  if (!stroke) return fail("no-cue-ball", "No ball to play.", "Нечем играть.");
  const setup = setUpShot(state, stroke.request);
  if (!setup.ok) return setup;
  return judge(state, setup.value, stroke.result);
}

function firstWhiteBall(table: readonly BallPosition[]): number | null {
  const whites = table.filter((b) => b.id !== COLOURED_BALL).map((b) => b.id);
  return whites.length === 0 ? null : Math.min(...whites);
}

function freePlaceInHouse(table: readonly BallPosition[]): Point {
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
