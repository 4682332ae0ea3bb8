import { type BallPosition, COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { POCKET_IDS, POCKETS, type PocketId } from "../table/pockets.ts";
import { cutAngle, distance, entryAngle, ghostBall, isPathClear, pathBlockers, pocketTarget } from "./geometry.ts";

/**
 * A quick estimate, without the simulator, of how likely a direct cut pot is for a player whose aim errs by
 * `aimError` degrees: the angle of aim that still drops the ball, from the pocket's tolerance and the two
 * distances, against a normal aim error. The search ranks candidates by it and counts with it what a shot
 * leaves the next player.
 */

const R = BALL_RADIUS;
const RADIANS = Math.PI / 180;

/** Half the width, at the mouth, within which a ball arriving square on still drops (jaws included). */
const TOLERANCE = { corner: 0.004, middle: 0.009 } as const;
/** The entry angle off the pocket's axis at which the tolerance has closed. */
const ENTRY_LIMIT = { corner: 42, middle: 55 } as const;
/** The cut at which a pot is no longer worth trying. */
export const MAX_CUT = 78;

/** Half-width of the mouth a ball arriving at `entry` degrees off the axis may use, metres. */
export function pocketTolerance(pocket: PocketId, entry: number): number {
  const kind = POCKETS[pocket].kind;
  const closing = entry / ENTRY_LIMIT[kind];
  return closing >= 1 ? 0 : TOLERANCE[kind] * (1 - closing * closing);
}

/** erf by Abramowitz and Stegun 7.1.26 (error below 1.5e-7). */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}

/**
 * The chance that a normal aim error of `aimError` degrees stays within `tolerance` degrees either side.
 * Capped below 1: speed and tip errors miss a few of the easiest too.
 */
export function chanceWithin(tolerance: number, aimError: number): number {
  if (tolerance <= 0) return 0;
  return Math.min(0.97, erf(tolerance / (aimError * Math.SQRT2)));
}

/**
 * The aim tolerance of a cut, degrees: an aim error δ moves the contact sideways by d_c·δ, which turns the
 * object ball's line by d_c·δ / (2R·cos θ); at the pocket, d_o away, that must stay within the mouth's tolerance.
 */
export function cutTolerance(cueRun: number, objectRun: number, cut: number, mouthTolerance: number): number {
  const cosine = Math.cos(cut * RADIANS);
  if (cosine <= 0) return 0;
  return (mouthTolerance * 2 * R * cosine) / (objectRun * Math.max(cueRun, 0.1)) / RADIANS;
}

/**
 * The best direct cut pot the player to shoot has on this table: any white ball as the cue ball, any other white
 * ball (and, in last-ball play, the coloured ball) as the object ball, any pocket. The object ball's side of each
 * pot is worked out once for all cue balls, and a cue ball's path is checked only when it would beat the best.
 */
export function bestPotChance(table: readonly BallPosition[], lastBall: boolean, aimError: number): number {
  let best = 0;
  for (const object of table) {
    if (object.id === COLOURED_BALL && !lastBall) continue;
    for (const pocket of POCKET_IDS) {
      const mouth = pocketTolerance(pocket, entryAngle(object, pocket));
      if (mouth <= 0) continue;
      const target = pocketTarget(pocket);
      const blockers = pathBlockers(table, object, target, [object.id]);
      // The cue ball leaves its place, so it is the one ball that may stand in the object ball's way.
      if (blockers.length > 1) continue;
      const ghost = ghostBall(object, target);
      const objectRun = distance(object, target);
      for (const cue of table) {
        if (!isWhiteBall(cue.id) || cue.id === object.id) continue;
        if (blockers.length === 1 && blockers[0] !== cue.id) continue;
        const cueRun = distance(cue, ghost);
        const cut = cutAngle(cue, object, target);
        if (cut > MAX_CUT || cueRun < 1e-3) continue;
        const chance = chanceWithin(cutTolerance(cueRun, objectRun, cut, mouth), aimError);
        if (chance > best && isPathClear(table, cue, ghost, [cue.id, object.id])) best = chance;
      }
    }
  }
  return best;
}
