import { COLOURED_BALL, type PocketId, type Point } from "@habibka/shared/table";
import type { BallRun } from "./ball-run.ts";
import { type CallEntry, wayOnPath } from "./call-way.ts";
import { firstLeg, type ShotGuide } from "./shot-guide.ts";

/**
 * The lines the table draws for a predicted stroke, as plain polylines in table coordinates: the aim line
 * and its ghost ball, each ball's line after the impact up to its first rail, and for each called ball its
 * pocket, lit when the predicted path takes it in by the called way, and drawn along its whole route when
 * it is called off the cushion.
 */
export interface GuideLines {
  /** The cue ball's line up to its first contact. */
  readonly aim: readonly Point[];
  /** The cue ball's centre at the end of its drawn path (on an object ball: the ghost ball). */
  readonly ghost: Point | null;
  /**
   * A cue ball that meets a cushion first: its path on from there, off the rails, to the first ball it meets
   * (or a pocket, its third rail, or where it stops), so that the ghost ball is joined to the aim.
   */
  readonly rebound: readonly Point[];
  readonly object: readonly Point[];
  readonly cueAfter: readonly Point[];
  /** How many straight runs the cue ball's drawn path has: one, and one more after each rail it comes off. */
  readonly legs: number;
  /** The first ball the cue ball meets, if any. */
  readonly firstBall: number | null;
  /** The first ball met is the coloured ball while it must not be touched (clause 10): the guide warns. */
  readonly foul: "coloured" | null;
}

export interface CallMark {
  readonly ball: Point | null;
  readonly pocket: PocketId;
  /** The guide's path takes this ball into its pocket by the called way. */
  readonly lit: boolean;
  /** A bank's predicted route, drawn instead of a straight line to the pocket. */
  readonly route: readonly Point[] | null;
}

/** The cue ball's full path: to the impact, then on after it. */
function cueRoute(guide: ShotGuide): { points: readonly Point[]; run: BallRun["contacts"] } {
  const before = guide.cue.points;
  const after = guide.hit?.cueAfter;
  return {
    points: after ? [...before, ...after.points.slice(1)] : before,
    run: [...guide.cue.contacts.filter((c) => c.kind !== "ball"), ...(after?.contacts ?? [])],
  };
}

/** The lines of a stroke; the lag shows only its aim to the first cushion (its length is the player's skill). */
export function guideLines(guide: ShotGuide, lag: boolean): GuideLines {
  const aim = firstLeg(guide.cue);
  const first = guide.cue.contacts[0];
  if (lag) return { ...NO_LINES, aim, ghost: first?.at ?? null, legs: 1 };
  // The approach is drawn whole: the aim line, then each rebound up to the ghost ball.
  const rebound = aim.length < guide.cue.points.length ? guide.cue.points.slice(aim.length - 1) : [];
  const ghost = guide.hit?.ghost ?? guide.cue.points.at(-1) ?? null;
  const lines = { ...NO_LINES, aim, ghost, rebound, legs: legsOf(guide.cue, aim.length - 1) };
  if (!guide.hit) return lines;
  const foul = guide.hit.ball === COLOURED_BALL && guide.colouredForbidden ? "coloured" : null;
  return {
    ...lines,
    object: firstLeg(guide.hit.path),
    cueAfter: firstLeg(guide.hit.cueAfter),
    firstBall: guide.hit.ball,
    foul,
  };
}

/** The runs of a path whose first ends at point `aimEnd`: one more after each rail it comes off from there. */
function legsOf(run: BallRun, aimEnd: number): number {
  const last = run.points.length - 1;
  const rebounds = run.contacts.filter((c) => {
    const at = run.points.indexOf(c.at);
    return c.kind === "cushion" && at >= aimEnd && at < last;
  });
  return 1 + rebounds.length;
}

const NO_LINES: GuideLines = {
  aim: [],
  ghost: null,
  rebound: [],
  object: [],
  cueAfter: [],
  legs: 0,
  firstBall: null,
  foul: null,
};

/** Each called ball's mark: lit when the predicted path fulfils the call, with a bank's route. */
export function callMarks(
  call: readonly CallEntry[],
  guide: ShotGuide | null,
  cue: number,
  position: (ball: number) => Point | null,
): CallMark[] {
  return call.map((c) => {
    let route: { points: readonly Point[]; run: BallRun["contacts"] } | null = null;
    if (guide?.hit?.ball === c.ball) route = { points: guide.hit.path.points, run: guide.hit.path.contacts };
    else if (guide && c.ball === cue) route = cueRoute(guide);
    const way = route ? wayOnPath(route.run, c.pocket) : null;
    const lit = way === c.way;
    return {
      ball: position(c.ball),
      pocket: c.pocket,
      lit,
      route: route && c.way === "bank" && way === "bank" ? route.points : null,
    };
  });
}
