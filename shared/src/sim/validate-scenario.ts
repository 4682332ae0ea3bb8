import { canBallStandAt } from "../physics/boundary.ts";
import { readUntrusted } from "../read-untrusted.ts";
import { type Scenario, scenarioSetup, scenarioShelves } from "../rules/scenario.ts";
import { isTipOffsetInRange, MAX_TIP_OFFSET } from "../shot/stroke.ts";
import { isWhiteBall } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { isInHouse } from "../table/regions.ts";
import { issueLine, pathOfField } from "./format-issue.ts";
import { scenarioSchema } from "./scenario-schema.ts";

export type Validation = { ok: true; scenario: Scenario } | { ok: false; message: string };

export interface ScenarioChecks {
  /**
   * Shelves and a table that account for fewer than the 15 white balls are accepted, the rest being out of
   * play (the `advise` command's positions, the practice table's); never more than 15.
   */
  readonly outOfPlay?: boolean;
}

/** Touching balls are allowed; closer than this (0.1 µm inside 2R) they overlap. */
const OVERLAP_TOLERANCE = 1e-7;

/**
 * Checks one scenario against the contract; never throws. `prefix` is the scenario's path in a batch.
 * The first problem found is reported, as one line naming the field.
 */
export function validateScenario(
  input: unknown,
  prefix: readonly PropertyKey[] = [],
  checks: ScenarioChecks = {},
): Validation {
  const parsed = readUntrusted(scenarioSchema, input);
  if (!parsed.ok) return { ok: false, message: issueLine([...prefix, ...parsed.issue.path], parsed.issue.message) };
  const problem = findProblem(parsed.value, checks);
  if (problem) return { ok: false, message: issueLine([...prefix, ...problem.path], problem.message) };
  return { ok: true, scenario: parsed.value };
}

/** The first thing wrong with an input: the path of the field at fault and what is wrong with it. */
export interface Problem {
  path: PropertyKey[];
  message: string;
}

/** The table alone: no ball listed twice, every ball where a ball can stand, no two overlapping. */
export function findBallsProblem(balls: Scenario["balls"]): Problem | null {
  const seen = new Set<number>();
  for (const [i, ball] of balls.entries()) {
    if (seen.has(ball.id)) return { path: ["balls", i, "id"], message: `ball ${ball.id} is listed twice` };
    seen.add(ball.id);
    if (!canBallStandAt(ball.x, ball.y))
      return {
        path: ["balls", i],
        message: `ball ${ball.id} is off the playing surface (it must lie clear of the cushions and jaws, short of a pocket's drop line)`,
      };
    for (let j = 0; j < i; j++) {
      const other = balls[j]!;
      if (Math.hypot(ball.x - other.x, ball.y - other.y) < 2 * BALL_RADIUS - OVERLAP_TOLERANCE)
        return { path: ["balls", i], message: `ball ${ball.id} overlaps ball ${other.id}` };
    }
  }
  return null;
}

/**
 * The opening's ball in hand in a position: the white ball lying in the house, the lowest id if several do;
 * null when none does.
 */
export function ballInHand(balls: readonly { readonly id: number; readonly x: number; readonly y: number }[]) {
  const inHouse = balls.filter((b) => isWhiteBall(b.id) && isInHouse(b)).map((b) => b.id);
  return inHouse.length > 0 ? Math.min(...inHouse) : null;
}

/**
 * A position's problem apart from any shot: the table, the shelves (the rules' own check), and for the
 * opening shot a white ball in the house to play it with (clause 5, I3).
 */
export function findPositionProblem(
  position: Pick<Scenario, "balls" | "match">,
  checks: ScenarioChecks = {},
): Problem | null {
  const balls = findBallsProblem(position.balls);
  if (balls) return balls;
  const shelves = scenarioShelves(position.balls, position.match?.shelf ?? [0, 0], checks);
  if (!shelves.ok) return { path: pathOfField(shelves.error.field ?? "match.shelf"), message: shelves.error.message };
  if (position.match?.opening && ballInHand(position.balls) === null) {
    return {
      path: ["match", "opening"],
      message: "no white ball lies in the house to be the ball in hand of the opening shot",
    };
  }
  return null;
}

function findProblem(s: Scenario, checks: ScenarioChecks): Problem | null {
  const balls = findBallsProblem(s.balls);
  if (balls) return balls;
  // What the physics needs to play the stroke; everything the rules read is theirs to check.
  const { shot } = s;
  if (!s.balls.some((b) => b.id === shot.cue))
    return { path: ["shot", "cue"], message: `ball ${shot.cue} is not on the table` };
  if (shot.offset && !isTipOffsetInRange(shot.offset))
    return { path: ["shot", "offset"], message: `the tip offset must be at most ${MAX_TIP_OFFSET} of the radius` };
  if (isPhysicsOnly(s)) return null;
  const setup = scenarioSetup(s, checks);
  return setup.ok ? null : { path: pathOfField(setup.error.field ?? "input"), message: setup.error.message };
}

/**
 * A scenario without `match` whose table lacks white balls is not a Habibka position (the default shelves
 * are empty, so the 15 white balls cannot be accounted for): it is simulated and reported with
 * `verdict: null` rather than refused, so the command also serves as a plain physics simulator. With an
 * explicit `match`, the shelves must account for every white ball (exit 2 otherwise).
 */
export function isPhysicsOnly(scenario: Scenario): boolean {
  return scenario.match === undefined && scenario.balls.filter((b) => isWhiteBall(b.id)).length !== 15;
}
