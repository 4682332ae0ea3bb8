import type { ShotEvent } from "../shot/shot-events.ts";
import type { Stroke } from "../shot/stroke.ts";
import { type BallPosition, isWhiteBall, WHITE_BALLS } from "../table/balls.ts";
import { type CalledBall, validateCall } from "./call.ts";
import { isLastBallPlay } from "./last-ball.ts";
import { checkOpeningPlace } from "./opening.ts";
import { isOnTable, type Pair, type Position, WINNING_SHELF } from "./position.ts";
import { fail, ok, type Result } from "./result.ts";
import { validateStroke } from "./stroke.ts";
import { judgeShot, toContractVerdict } from "./verdict.ts";
import type { ContractVerdict, ShotVerdict } from "./verdict-types.ts";

/**
 * The `habibka-sim` command's scenario (docs/rules/sim-cli.md, "The scenario (input)"), already parsed from
 * JSON. The CLI checks the shapes (ids, numbers, overlaps); this module turns the `match` part into a rules
 * position and judges the physics' result exactly as the server would.
 */
export interface Scenario {
  readonly balls: readonly BallPosition[];
  readonly shot: Stroke;
  readonly call?: readonly CalledBall[];
  readonly match?: ScenarioMatch;
}

export interface ScenarioMatch {
  /** Each player's shelf as a count or as the list of ball ids on it (the striker is player 0). */
  readonly shelf?: Pair<number | readonly number[]>;
  readonly debt?: Pair<number>;
  readonly opening?: boolean;
}

export interface ScenarioOutcome {
  /** Exactly the contract's `verdict` object. */
  readonly verdict: ContractVerdict;
  /** The table after the rules acted (the contract's `table`), sorted by ball id. */
  readonly table: BallPosition[];
  /** Sentences for players and the clauses that decided the shot (extra fields the contract allows). */
  readonly explanation: { readonly ru: string; readonly en: string };
  readonly clauses: readonly string[];
  /** The full verdict, for callers that want the details (drops, safety condition, coloured ball). */
  readonly details: ShotVerdict;
}

export type ScenarioErrorCode =
  | "scenario-shelf"
  | "scenario-debt"
  | "scenario-cue"
  | "scenario-opening-cue"
  | "scenario-stroke"
  | "scenario-call";

export interface ScenarioSetup {
  readonly position: Position;
  readonly opening: boolean;
  readonly stroke: Stroke;
  readonly call: readonly CalledBall[];
}

/**
 * Shelves given as counts take the white balls that are not on the table in ascending id order, player 0
 * first (so a penalty takes the highest id of a player's share, I15). A list is taken as given, in order.
 * The shelves and the table must account for each of the 15 white balls exactly once; with `outOfPlay`,
 * white balls left over are out of play (neither on the table nor on a shelf) instead of an error: the
 * `advise` command's positions may leave some unaccounted for. Each refusal names the field at fault.
 */
export function scenarioShelves(
  balls: readonly BallPosition[],
  shelf: Pair<number | readonly number[]>,
  options: { readonly outOfPlay?: boolean } = {},
): Result<Pair<readonly number[]>, "scenario-shelf"> {
  const onTable = WHITE_BALLS.filter((id) => isOnTable(balls, id));
  const listed = new Set<number>();
  let counted = 0;
  for (const [player, side] of [shelf[0], shelf[1]].entries()) {
    if (typeof side === "number") {
      if (!Number.isInteger(side) || side < 0) {
        const field = `match.shelf[${player}]`;
        return fail("scenario-shelf", "expected a non-negative integer", "ожидается целое число ≥ 0", field);
      }
      counted += side;
      continue;
    }
    for (const [k, id] of side.entries()) {
      const field = `match.shelf[${player}][${k}]`;
      if (!isWhiteBall(id)) {
        return fail("scenario-shelf", "the coloured ball is never on a shelf", "цветной шар не бывает на полке", field);
      }
      if (onTable.includes(id))
        return fail("scenario-shelf", `ball ${id} is on the table`, `шар ${id} на столе`, field);
      if (listed.has(id))
        return fail("scenario-shelf", `ball ${id} is on a shelf twice`, `шар ${id} дважды на полке`, field);
      listed.add(id);
    }
  }
  const total = onTable.length + listed.size + counted;
  if (total > WHITE_BALLS.length || (total < WHITE_BALLS.length && !options.outOfPlay)) {
    return fail(
      "scenario-shelf",
      `the shelves and the table account for ${total} white balls, ${total > WHITE_BALLS.length ? "more than" : "not"} 15`,
      `полки и стол вместе содержат ${total} белых шаров, а не 15`,
      "match.shelf",
    );
  }
  let remaining = WHITE_BALLS.filter((id) => !onTable.includes(id) && !listed.has(id));
  const out: number[][] = [];
  for (const side of [shelf[0], shelf[1]]) {
    if (typeof side !== "number") {
      out.push([...side]);
      continue;
    }
    out.push(remaining.slice(0, side));
    remaining = remaining.slice(side);
  }
  const [first, second] = out as [number[], number[]];
  if (first.length >= WINNING_SHELF || second.length >= WINNING_SHELF) {
    return fail(
      "scenario-shelf",
      "a shelf of eight means the match is already over; there is no shot to judge",
      "восемь шаров на полке — партия уже окончена, оценивать нечего",
      "match.shelf",
    );
  }
  return ok([first, second]);
}

/** Checks the scenario's match, stroke and call against its table and builds the rules position. */
export function scenarioSetup(scenario: Scenario): Result<ScenarioSetup, ScenarioErrorCode> {
  const match = scenario.match ?? {};
  const shelves = scenarioShelves(scenario.balls, match.shelf ?? [0, 0]);
  if (!shelves.ok) return shelves;
  const debts = match.debt ?? [0, 0];
  if (!debts.every((d) => Number.isInteger(d) && d >= 0)) {
    return fail(
      "scenario-debt",
      "match.debt must be two whole numbers ≥ 0.",
      "match.debt — два целых числа ≥ 0.",
      "match.debt",
    );
  }
  const stroke = validateStroke(scenario.shot);
  if (!stroke.ok)
    return fail("scenario-stroke", stroke.error.message, stroke.error.messageRu, `shot.${stroke.error.field}`);
  const cue = scenario.balls.find((b) => b.id === scenario.shot.cue);
  if (!cue) {
    return fail(
      "scenario-cue",
      `The cue ball ${scenario.shot.cue} is not on the table.`,
      `Битка ${scenario.shot.cue} нет на столе.`,
      "shot.cue",
    );
  }
  const opening = match.opening ?? false;
  const inHouse = opening ? checkOpeningPlace(cue, "shot.cue") : ok(cue);
  if (!inHouse.ok) return fail("scenario-opening-cue", inHouse.error.message, inHouse.error.messageRu, "shot.cue");
  const call = validateCall(scenario.call ?? [], {
    table: scenario.balls,
    lastBall: isLastBallPlay(scenario.balls, shelves.value),
  });
  if (!call.ok) return fail("scenario-call", call.error.message, call.error.messageRu, call.error.field);
  return ok({
    position: { table: scenario.balls, shelves: shelves.value, debts: [debts[0], debts[1]] },
    opening,
    stroke: stroke.value,
    call: call.value,
  });
}

/**
 * The rules' half of `habibka-sim`: given the scenario and the physics' `events` and `rest`, the
 * contract's `verdict` and `table`. The striker is player 0. A scenario that breaks the contract gives a
 * typed error naming the offending field (the CLI then exits with status 2).
 */
export function judgeScenario(
  scenario: Scenario,
  events: readonly ShotEvent[],
  rest: readonly BallPosition[],
): Result<ScenarioOutcome, ScenarioErrorCode> {
  const setup = scenarioSetup(scenario);
  if (!setup.ok) return setup;
  const { position, opening, stroke, call } = setup.value;
  const { verdict, position: after } = judgeShot({ position, striker: 0, stroke, call, opening, events, rest });
  return ok({
    verdict: toContractVerdict(verdict),
    table: [...after.table],
    explanation: verdict.explanation,
    clauses: verdict.clauses,
    details: verdict,
  });
}
