import type { PocketId, Point } from "@habibka/shared/table";
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
  /** The cue ball's centre at that contact (on an object ball: the ghost ball). */
  readonly ghost: Point | null;
  /** A cue ball that meets a cushion first: its line on from there to its next contact. */
  readonly rebound: readonly Point[];
  readonly object: readonly Point[];
  readonly cueAfter: readonly Point[];
}

export interface CallMark {
  readonly ball: Point | null;
  readonly pocket: PocketId;
  /** The guide's path takes this ball into its pocket by the called way. */
  readonly lit: boolean;
  /** A bank's predicted route, drawn instead of a straight line to the pocket. */
  readonly route: readonly Point[] | null;
}

function pointsUpTo(run: BallRun, contact: number): Point[] {
  const at = run.contacts[contact]?.at;
  const index = at ? run.points.indexOf(at) : run.points.length - 1;
  return run.points.slice(0, index + 1);
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
  const ghost = guide.hit?.ghost ?? first?.at ?? null;
  if (lag || !guide.hit) {
    const rebound =
      !lag && first?.kind === "cushion" && guide.cue.contacts.length > 0
        ? pointsUpTo(guide.cue, 1).slice(aim.length - 1)
        : [];
    return { aim, ghost, rebound, object: [], cueAfter: [] };
  }
  return { aim, ghost, rebound: [], object: firstLeg(guide.hit.path), cueAfter: firstLeg(guide.hit.cueAfter) };
}

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
