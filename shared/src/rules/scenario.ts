import type { ShotEvent } from "../shot/shot-events.ts";
import { type BallPosition, isWhiteBall, WHITE_BALLS } from "../table/balls.ts";
import { isInHouse } from "../table/regions.ts";
import { type CalledBall, validateCall } from "./call.ts";
import { isLastBallPlay } from "./last-ball.ts";
import { isOnTable, type Pair, type Position, WINNING_SHELF } from "./position.ts";
import { fail, ok, type Result } from "./result.ts";
import { type Stroke, validateStroke } from "./stroke.ts";
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
  /** The position for the next shot: `table`, with the shelves in the order their balls came, and the debts. */
  readonly position: Position;
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
 * With `outOfPlay`, white balls left over are out of play (neither on the table nor on a shelf) instead of an
 * error: the `advise` command's positions may leave some unaccounted for.
 */
export function scenarioShelves(
  balls: readonly BallPosition[],
  shelf: Pair<number | readonly number[]>,
  options: { readonly outOfPlay?: boolean } = {},
): Result<Pair<readonly number[]>, "scenario-shelf"> {
  const offTable = WHITE_BALLS.filter((id) => !isOnTable(balls, id));
  const listed = [shelf[0], shelf[1]].flatMap((s) => (typeof s === "number" ? [] : [...s]));
  for (const id of listed) {
    if (!isWhiteBall(id) || !offTable.includes(id)) {
      return fail(
        "scenario-shelf",
        `match.shelf lists ball ${id}, which is not a white ball off the table.`,
        `В match.shelf указан шар ${id}, который не является белым шаром вне стола.`,
        "match.shelf",
      );
    }
  }
  if (new Set(listed).size !== listed.length) {
    return fail("scenario-shelf", "match.shelf lists a ball twice.", "В match.shelf шар указан дважды.", "match.shelf");
  }
  let remaining = offTable.filter((id) => !listed.includes(id));
  const out: number[][] = [];
  for (const s of [shelf[0], shelf[1]]) {
    if (typeof s !== "number") {
      out.push([...s]);
      continue;
    }
    if (!Number.isInteger(s) || s < 0 || s > remaining.length) {
      return fail(
        "scenario-shelf",
        `match.shelf count ${s} does not fit the ${offTable.length} white balls off the table.`,
        `Число шаров на полке ${s} не согласуется с ${offTable.length} белыми шарами вне стола.`,
        "match.shelf",
      );
    }
    out.push(remaining.slice(0, s));
    remaining = remaining.slice(s);
  }
  if (remaining.length > 0 && !options.outOfPlay) {
    return fail(
      "scenario-shelf",
      `The shelves and the table must account for all 15 white balls; ${remaining.join(", ")} are missing.`,
      `Полки и стол должны вместе содержать все 15 белых шаров; не хватает: ${remaining.join(", ")}.`,
      "match.shelf",
    );
  }
  const [first, second] = out as [number[], number[]];
  if (first.length >= WINNING_SHELF || second.length >= WINNING_SHELF) {
    return fail(
      "scenario-shelf",
      "A shelf of eight means the match is already over; there is no shot to judge.",
      "Восемь шаров на полке — партия уже окончена, оценивать нечего.",
      "match.shelf",
    );
  }
  return ok([first, second]);
}

/**
 * Checks the scenario's match, stroke and call against its table and builds the rules position. With
 * `outOfPlay`, white balls neither on the table nor on a shelf are out of play (see `scenarioShelves`).
 */
export function scenarioSetup(
  scenario: Scenario,
  options: { readonly outOfPlay?: boolean } = {},
): Result<ScenarioSetup, ScenarioErrorCode> {
  const match = scenario.match ?? {};
  const shelves = scenarioShelves(scenario.balls, match.shelf ?? [0, 0], options);
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
  if (opening && !isInHouse(cue)) {
    return fail(
      "scenario-opening-cue",
      "On the opening shot the cue ball must lie in the house (clause 5, I3).",
      "При начальном ударе биток должен находиться в доме (п. 5).",
      "shot.cue",
    );
  }
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
 * typed error naming the offending field (the CLI then exits with status 2). The practice table judges its
 * shots here too, with `outOfPlay`.
 */
export function judgeScenario(
  scenario: Scenario,
  events: readonly ShotEvent[],
  rest: readonly BallPosition[],
  options: { readonly outOfPlay?: boolean } = {},
): Result<ScenarioOutcome, ScenarioErrorCode> {
  const setup = scenarioSetup(scenario, options);
  if (!setup.ok) return setup;
  const { position, opening, stroke, call } = setup.value;
  const { verdict, position: after } = judgeShot({ position, striker: 0, stroke, call, opening, events, rest });
  return ok({
    verdict: toContractVerdict(verdict),
    table: [...after.table],
    explanation: verdict.explanation,
    clauses: verdict.clauses,
    details: verdict,
    position: after,
  });
}
