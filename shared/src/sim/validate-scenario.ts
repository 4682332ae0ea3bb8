import { canBallStandAt } from "../physics/boundary.ts";
import { type Scenario, scenarioSetup } from "../rules/scenario.ts";
import { isTipOffsetInRange, MAX_TIP_OFFSET } from "../shot/stroke.ts";
import { isWhiteBall } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { issueLine, pathOfField } from "./format-issue.ts";
import { scenarioSchema } from "./scenario-schema.ts";

export type Validation = { ok: true; scenario: Scenario } | { ok: false; message: string };

/** Touching balls are allowed; closer than this (0.1 µm inside 2R) they overlap. */
const OVERLAP_TOLERANCE = 1e-7;

/**
 * Checks one scenario against the contract; never throws. `prefix` is the scenario's path in a batch.
 * The first problem found is reported, as one line naming the field.
 */
export function validateScenario(input: unknown, prefix: readonly PropertyKey[] = []): Validation {
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issueLine([...prefix, ...issue.path], issue.message) };
  }
  const problem = findProblem(parsed.data);
  if (problem) return { ok: false, message: issueLine([...prefix, ...problem.path], problem.message) };
  return { ok: true, scenario: parsed.data };
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

function findProblem(s: Scenario): Problem | null {
  const balls = findBallsProblem(s.balls);
  if (balls) return balls;
  // What the physics needs to play the stroke; everything the rules read is theirs to check.
  const { shot } = s;
  if (!s.balls.some((b) => b.id === shot.cue))
    return { path: ["shot", "cue"], message: `ball ${shot.cue} is not on the table` };
  if (shot.offset && !isTipOffsetInRange(shot.offset))
    return { path: ["shot", "offset"], message: `the tip offset must be at most ${MAX_TIP_OFFSET} of the radius` };
  if (isPhysicsOnly(s)) return null;
  const setup = scenarioSetup(s);
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
