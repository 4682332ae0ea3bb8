import type { EngineName } from "../physics/engines.ts";
import { seededRandom } from "../random.ts";
import { isLastBallPlay } from "../rules/last-ball.ts";
import { type BallPosition, COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import { HOUSE_LINE_X, type Point } from "../table/marks.ts";
import type { ShotDecision } from "./decision.ts";
import { applyError, drawError } from "./execution-error.ts";
import type { LevelSpec } from "./levels.ts";
import { freeHousePlace, isFreeHouseSpot, plainStroke } from "./plain-shot.ts";
import { safetyCandidates } from "./safety-candidates.ts";
import { type Choice, choosePlan, type Plan, potPlans, safetyPlans } from "./shot-search.ts";
import type { Situation } from "./situation.ts";
import { runTrial, type Search, simulationLimit } from "./trial.ts";

/** Places in the house tried for the opening shot's ball in hand (clause 5, I3), on both sides of the axis. */
const OPENING_PLACES: readonly Point[] = [-0.12, 0.12, -0.3, 0.3, -0.5, 0.5, -0.2, 0.2, -0.4, 0.4].flatMap((y) => [
  { x: HOUSE_LINE_X - 0.15, y },
  { x: HOUSE_LINE_X - 0.4, y },
]);

function objectsFor(table: readonly BallPosition[], lastBall: boolean) {
  return (cue: BallPosition) =>
    table.filter((b) => b.id !== cue.id && (lastBall ? b.id === COLOURED_BALL : b.id !== COLOURED_BALL));
}

/** The opening: the ball in hand on each place in turn, sent at the front of the pyramid, fair and leaving little. */
function openingPlans(search: Search, situation: Situation, inHand: number): Plan[] {
  const places = OPENING_PLACES.filter((p) => isFreeHouseSpot(situation.table, p));
  const perPlace = Math.max(1, Math.ceil((search.level.safeties + search.level.potCandidates) / places.length));
  const lists = places.map((place) => {
    const cue = { id: inHand, x: place.x, y: place.y };
    const table = [...situation.table, cue];
    return safetyCandidates(table, [cue], objectsFor(table, false), perPlace, 3).map((c) => ({ ...c, place }));
  });
  const dealt = [];
  for (let i = 0; i < perPlace; i++) for (const list of lists) if (list[i]) dealt.push(list[i]!);
  return safetyPlans(search, dealt);
}

/** Something to play when nothing else was found (say, the coloured ball waiting in last-ball play). */
function fallbackPlan(search: Search, table: readonly BallPosition[], cue: BallPosition, place?: Point): Plan {
  const stroke = plainStroke(table, cue, !search.opening && isLastBallPlay(table, search.shelves));
  const nominal = runTrial(search, table, stroke, []);
  return { table, stroke, call: [], nominal, chance: 1, ...(place ? { place } : {}) };
}

/** A finished search: its counts and what it chose (before the execution error). */
export interface ShotSearch {
  readonly search: Search;
  readonly choice: Choice;
}

/**
 * The search for a shot in the opening or a turn: what the level would play, as meant. The computer plays it
 * with its execution error added (`decideShot`); the analysis compares a played stroke with it.
 */
export function searchShot(situation: Situation, level: LevelSpec, seed: number, engine: EngineName): ShotSearch {
  const random = seededRandom(seed);
  const opening = situation.phase === "opening";
  const search: Search = {
    level,
    engine,
    striker: situation.player,
    shelves: situation.shelves,
    debts: situation.debts,
    opening,
    simulations: 0,
    candidates: 0,
    limit: simulationLimit(level, situation.table.length + (opening ? 1 : 0)),
  };
  const { table } = situation;
  let plans: Plan[];
  if (opening) {
    if (situation.inHand === null) throw new Error("an opening situation without a ball in hand");
    plans = openingPlans(search, situation, situation.inHand);
    if (plans.length === 0) {
      const place = freeHousePlace(table);
      const cue = { id: situation.inHand, ...place };
      plans = [fallbackPlan(search, [...table, cue], cue, place)];
    }
  } else {
    const lastBall = isLastBallPlay(table, situation.shelves);
    const whites = table.filter((b) => isWhiteBall(b.id));
    if (whites.length === 0) throw new Error("a turn without a white ball on the table");
    plans = potPlans(search, table, lastBall);
    const safeties = safetyCandidates(table, whites, objectsFor(table, lastBall), level.safeties);
    plans.push(...safetyPlans(search, safeties));
    if (plans.length === 0) plans.push(fallbackPlan(search, table, whites[0]!));
  }
  return { search, choice: choosePlan(search, plans, random) };
}

/** A shot for the opening or a turn: the search, then the level's execution error added to the chosen stroke. */
export function decideShot(
  situation: Situation,
  level: LevelSpec,
  seed: number,
  engine: EngineName,
): { readonly decision: ShotDecision; readonly choice: Choice } {
  const { search, choice } = searchShot(situation, level, seed, engine);
  const execution = seededRandom(seed ^ 0x5bd1e995);
  const { plan } = choice;
  const stroke = applyError(plan.stroke, drawError(execution), level, plan.table);
  return {
    choice,
    decision: {
      type: "shot",
      shotNumber: situation.shotNumber,
      stroke,
      intended: plan.stroke,
      call: plan.call,
      ...(plan.place ? { place: plan.place } : {}),
      kind: choice.kind,
      expected: { success: choice.success },
      stats: { candidates: search.candidates, simulations: search.simulations },
    },
  };
}
