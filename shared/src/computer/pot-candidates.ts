import type { CalledBall } from "../rules/call.ts";
import { type BallPosition, COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import { CUSHION_IDS } from "../table/cushions.ts";
import type { Point } from "../table/marks.ts";
import { POCKET_IDS, POCKETS, type PocketId } from "../table/pockets.ts";
import {
  bankPoint,
  cushionLine,
  cutAngle,
  directionOf,
  distance,
  entryAngle,
  ghostBall,
  isPathClear,
  ownBallContacts,
  ownBallCut,
  pocketTarget,
} from "./geometry.ts";
import type { LevelSpec } from "./levels.ts";
import { chanceWithin, cutTolerance, MAX_CUT, pocketTolerance } from "./pot-chance.ts";

/**
 * Pot candidates found by geometry alone: a cut of another ball [чужой] by the ghost ball, the cue ball itself
 * [свояк] leaving an object ball along the tangent line into a pocket, and an object ball banked off one cushion
 * [дуплет] by the mirror image of the pocket. Each carries the nominal aim and a quick estimate of its chance;
 * the simulator then corrects the aim and judges it.
 */

type PotWay = "cut" | "own" | "bank";

export interface PotCandidate {
  readonly way: PotWay;
  readonly cue: BallPosition;
  /** The ball the cue ball strikes first. */
  readonly object: BallPosition;
  readonly pocket: PocketId;
  readonly call: CalledBall;
  /** The stroke's nominal direction, degrees. */
  readonly angle: number;
  readonly cut: number;
  /** From the cue ball to the contact. */
  readonly cueRun: number;
  /** The called ball's path from where it starts towards the pocket: the contact, a bank point, the target. */
  readonly path: readonly Point[];
  /** The estimated chance at the level's aim error (the ranking, before any simulation). */
  readonly chance: number;
}

/** A свояк leans on the stun being right, a bank on the rebound: the estimates count that. */
const OWN_BALL_FACTOR = 0.7;
const BANK_FACTOR = 0.5;
/** Below this cut a свояк leaves too slowly along the tangent line to travel far. */
const MIN_OWN_CUT = 12;

function pathLength(path: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < path.length; i++) length += distance(path[i - 1]!, path[i]!);
  return length;
}

/**
 * An object ball sent along `path` (from the ball itself, through any bank points, to the pocket's target): the
 * ghost ball for its first leg, with clear paths for the cue ball and every leg. Null when impossible or blocked.
 */
function objectBallPot(
  balls: readonly BallPosition[],
  cue: BallPosition,
  object: BallPosition,
  pocket: PocketId,
  path: readonly Point[],
  level: LevelSpec,
): PotCandidate | null {
  const first = path[1]!;
  const mouth = pocketTolerance(pocket, entryAngle(path[path.length - 2]!, pocket));
  if (mouth <= 0) return null;
  const ghost = ghostBall(object, first);
  const cut = cutAngle(cue, object, first);
  const cueRun = distance(cue, ghost);
  if (cut > MAX_CUT || cueRun < 1e-3) return null;
  if (!isPathClear(balls, cue, ghost, [cue.id, object.id])) return null;
  for (let i = 1; i < path.length; i++)
    if (!isPathClear(balls, path[i - 1]!, path[i]!, [cue.id, object.id])) return null;
  const way = path.length > 2 ? "bank" : "direct";
  const tolerance = cutTolerance(cueRun, pathLength(path), cut, mouth) * (way === "bank" ? BANK_FACTOR : 1);
  return {
    way: way === "bank" ? "bank" : "cut",
    cue,
    object,
    pocket,
    call: { ball: object.id, pocket, way },
    angle: directionOf(cue, ghost),
    cut,
    cueRun,
    path,
    chance: chanceWithin(tolerance, level.aimError),
  };
}

function cutCandidates(balls: readonly BallPosition[], cue: BallPosition, object: BallPosition, level: LevelSpec) {
  return POCKET_IDS.flatMap(
    (pocket) => objectBallPot(balls, cue, object, pocket, [object, pocketTarget(pocket)], level) ?? [],
  );
}

function ownCandidates(balls: readonly BallPosition[], cue: BallPosition, object: BallPosition, level: LevelSpec) {
  const out: PotCandidate[] = [];
  for (const pocket of POCKET_IDS) {
    const target = pocketTarget(pocket);
    for (const contact of ownBallContacts(object, target)) {
      const cut = ownBallCut(cue, contact, object, target);
      if (cut === null || cut < MIN_OWN_CUT || cut > MAX_CUT) continue;
      const mouth = pocketTolerance(pocket, entryAngle(contact, pocket));
      if (mouth <= 0) continue;
      const cueRun = distance(cue, contact);
      if (cueRun < 1e-3) continue;
      if (!isPathClear(balls, cue, contact, [cue.id, object.id])) continue;
      if (!isPathClear(balls, contact, target, [cue.id, object.id])) continue;
      const tolerance = cutTolerance(cueRun, distance(contact, target), cut, mouth) * OWN_BALL_FACTOR;
      out.push({
        way: "own",
        cue,
        object,
        pocket,
        call: { ball: cue.id, pocket, way: "direct" },
        angle: directionOf(cue, contact),
        cut,
        cueRun,
        path: [contact, target],
        chance: chanceWithin(tolerance, level.aimError),
      });
    }
  }
  return out;
}

function bankCandidates(balls: readonly BallPosition[], cue: BallPosition, object: BallPosition, level: LevelSpec) {
  const out: PotCandidate[] = [];
  for (const pocket of POCKET_IDS) {
    const target = pocketTarget(pocket);
    const adjacent: readonly string[] = POCKETS[pocket].adjacent;
    for (const cushion of CUSHION_IDS) {
      if (adjacent.includes(cushion)) continue;
      const bank = bankPoint(object, target, cushionLine(cushion));
      const candidate = bank && objectBallPot(balls, cue, object, pocket, [object, bank, target], level);
      if (candidate) out.push(candidate);
    }
  }
  return out;
}

/**
 * Every pot candidate the level looks for, best estimate first (ties by ball ids, so the order is stable).
 * Outside last-ball play the coloured ball is never struck; in it (clause 12) the coloured ball is the only
 * object ball, and the cue ball may be called itself.
 */
export function potCandidates(table: readonly BallPosition[], lastBall: boolean, level: LevelSpec): PotCandidate[] {
  const out: PotCandidate[] = [];
  for (const cue of table) {
    if (!isWhiteBall(cue.id)) continue;
    for (const object of table) {
      if (object.id === cue.id) continue;
      if ((object.id === COLOURED_BALL) !== lastBall) continue;
      out.push(...cutCandidates(table, cue, object, level));
      if (level.ownBall) out.push(...ownCandidates(table, cue, object, level));
      if (level.banks) out.push(...bankCandidates(table, cue, object, level));
    }
  }
  return out.sort(
    (a, b) =>
      b.chance - a.chance ||
      a.cue.id - b.cue.id ||
      a.object.id - b.object.id ||
      POCKET_IDS.indexOf(a.pocket) - POCKET_IDS.indexOf(b.pocket) ||
      a.way.localeCompare(b.way) ||
      a.angle - b.angle,
  );
}

/** The distance the called ball travels from its start to the pocket. */
export function runnerDistance(candidate: PotCandidate): number {
  return pathLength(candidate.path);
}
