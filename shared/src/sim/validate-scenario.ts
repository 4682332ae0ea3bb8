import { canBallStandAt } from "../physics/boundary.ts";
import { MAX_TIP_OFFSET } from "../physics/constants.ts";
import { isWhiteBall } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { HOUSE_LINE_X } from "../table/marks.ts";
import { isInHouse } from "../table/regions.ts";
import { issueLine } from "./format-issue.ts";
import { type MatchInput, type PositionInput, type Scenario, scenarioSchema } from "./scenario-schema.ts";

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
  const parsed = scenarioSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, message: issueLine([...prefix, ...issue.path], issue.message) };
  }
  const problem = findProblem(parsed.data, checks);
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

/**
 * The opening's ball in hand in a position: the white ball lying in the house, the lowest id if several do;
 * null when none does.
 */
export function ballInHand(balls: readonly { readonly id: number; readonly x: number; readonly y: number }[]) {
  const inHouse = balls.filter((b) => isWhiteBall(b.id) && isInHouse(b)).map((b) => b.id);
  return inHouse.length > 0 ? Math.min(...inHouse) : null;
}

/**
 * A position's problem apart from any shot: the table, the shelves, and for the opening shot a white ball in
 * the house to play it with (clause 5, I3).
 */
export function findPositionProblem(position: PositionInput, checks: ScenarioChecks = {}): Problem | null {
  const balls = findBallsProblem(position.balls);
  if (balls) return balls;
  if (!position.match) return null;
  const shelves = findShelvesProblem(position.balls, position.match, checks);
  if (shelves) return shelves;
  if (position.match.opening && ballInHand(position.balls) === null) {
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
  const seen = new Map(s.balls.map((b, i) => [b.id, i]));
  const { shot } = s;
  if (!seen.has(shot.cue)) return { path: ["shot", "cue"], message: `ball ${shot.cue} is not on the table` };
  if (shot.offset && Math.hypot(shot.offset.x, shot.offset.y) > MAX_TIP_OFFSET)
    return { path: ["shot", "offset"], message: `the tip offset must be at most ${MAX_TIP_OFFSET} of the radius` };

  const called = new Set<number>();
  for (const [i, c] of (s.call ?? []).entries()) {
    if (!seen.has(c.ball)) return { path: ["call", i, "ball"], message: `ball ${c.ball} is not on the table` };
    if (called.has(c.ball)) return { path: ["call", i, "ball"], message: `ball ${c.ball} is called twice` };
    called.add(c.ball);
  }

  if (s.match) {
    const shelves = findShelvesProblem(s.balls, s.match, checks);
    if (shelves) return shelves;
    if (s.match.opening) {
      const cue = s.balls[seen.get(shot.cue)!]!;
      if (!isInHouse(cue))
        return {
          path: ["shot", "cue"],
          message: `on the opening shot the cue ball must lie in the house (x < ${HOUSE_LINE_X})`,
        };
    }
  }
  return null;
}

/**
 * The shelves and the table must account for each of the 15 white balls exactly once (contract: match). With
 * `outOfPlay` (the `advise` command) they may account for fewer, the rest being out of play, never for more.
 */
export function findShelvesProblem(
  balls: Scenario["balls"],
  match: MatchInput,
  options: ScenarioChecks = {},
): Problem | null {
  const onTable = new Set(balls.map((b) => b.id).filter((id) => id !== 0));
  const listed = new Set<number>();
  let counted = 0;
  for (const [player, shelf] of match.shelf.entries()) {
    if (typeof shelf === "number") {
      counted += shelf;
      continue;
    }
    for (const [k, id] of shelf.entries()) {
      const path = ["match", "shelf", player, k];
      if (id === 0) return { path, message: "the coloured ball is never on a shelf" };
      if (onTable.has(id)) return { path, message: `ball ${id} is on the table` };
      if (listed.has(id)) return { path, message: `ball ${id} is on a shelf twice` };
      listed.add(id);
    }
  }
  const total = onTable.size + listed.size + counted;
  if (total > 15)
    return {
      path: ["match", "shelf"],
      message: `the shelves and the table account for ${total} white balls, more than 15`,
    };
  if (total < 15 && !options.outOfPlay)
    return { path: ["match", "shelf"], message: `the shelves and the table account for ${total} white balls, not 15` };
  return null;
}
