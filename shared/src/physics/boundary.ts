import { CUSHION_IDS, CUSHIONS, type CushionId } from "../table/cushions.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../table/dimensions.ts";
import type { Point } from "../table/marks.ts";
import { POCKET_IDS, POCKETS, type PocketId } from "../table/pockets.ts";
import { R } from "./constants.ts";

/**
 * The table's rails as the ball-centre sees them: straight walls (cushion noses, jaw walls) and round jaw
 * noses, each tagged with the cushion segment it belongs to (I5) and, for jaws, the pocket.
 */
interface WallObstacle {
  readonly kind: "wall";
  readonly index: number;
  /** Start of the wall and unit direction along it; the ball's side is `normal`. */
  readonly ax: number;
  readonly ay: number;
  readonly dx: number;
  readonly dy: number;
  readonly length: number;
  /** Unit normal pointing towards the side the ball is on. */
  readonly nx: number;
  readonly ny: number;
  readonly cushion: CushionId;
  readonly jaw?: PocketId;
}

interface NoseObstacle {
  readonly kind: "nose";
  readonly index: number;
  readonly cx: number;
  readonly cy: number;
  /** Nose radius plus the ball radius: the centre distance at contact. */
  readonly reach: number;
  readonly cushion: CushionId;
  readonly jaw: PocketId;
}

export type Obstacle = WallObstacle | NoseObstacle;

/** A pocket's drop line seen by the ball's centre: beyond it, between the walls, the ball falls. */
export interface DropZone {
  readonly pocket: PocketId;
  /** A point on the drop line and the pocket's axis (unit, pointing into the pocket). */
  readonly px: number;
  readonly py: number;
  readonly axisX: number;
  readonly axisY: number;
  /** Half the width between the jaw walls. */
  readonly halfWidth: number;
}

function wall(index: number, from: Point, to: Point, inside: Point, cushion: CushionId, jaw?: PocketId): WallObstacle {
  const length = Math.hypot(to.x - from.x, to.y - from.y);
  const dx = (to.x - from.x) / length;
  const dy = (to.y - from.y) / length;
  // The normal is the perpendicular that points towards a known inside point.
  let nx = -dy;
  let ny = dx;
  if ((inside.x - from.x) * nx + (inside.y - from.y) * ny < 0) {
    nx = -nx;
    ny = -ny;
  }
  const base = { kind: "wall" as const, index, ax: from.x, ay: from.y, dx, dy, length, nx, ny, cushion };
  return jaw === undefined ? base : { ...base, jaw };
}

function buildObstacles(): Obstacle[] {
  const list: Obstacle[] = [];
  for (const id of CUSHION_IDS) {
    const c = CUSHIONS[id];
    list.push(wall(list.length, c.from, c.to, { x: 0, y: 0 }, id));
  }
  for (const pocketId of POCKET_IDS) {
    const pocket = POCKETS[pocketId];
    for (let i = 0; i < 2; i++) {
      const nose = pocket.jaws[i]!;
      list.push({
        kind: "nose",
        index: list.length,
        cx: nose.centre.x,
        cy: nose.centre.y,
        reach: nose.radius + R,
        cushion: nose.segment,
        jaw: pocketId,
      });
      const w = pocket.walls[i]!;
      list.push(wall(list.length, w.from, w.to, pocket.mouthCentre, w.segment, pocketId));
    }
  }
  return list;
}

export const OBSTACLES: readonly Obstacle[] = buildObstacles();

export const DROP_ZONES: readonly DropZone[] = POCKET_IDS.map((id) => {
  const p = POCKETS[id];
  return {
    pocket: id,
    px: p.mouthCentre.x + p.axis.x * p.dropDepth,
    py: p.mouthCentre.y + p.axis.y * p.dropDepth,
    axisX: p.axis.x,
    axisY: p.axis.y,
    halfWidth: p.mouthWidth / 2,
  };
});

/** How far outside the playing surface a centre may be, away from the pockets, before it is off the table. */
const ESCAPE_MARGIN = 0.001;
/** Around a pocket's mouth the centre may legitimately pass the cushion lines (into the corridor). */
const POCKET_REGION = 0.15;

/**
 * True when a ball centre is somewhere a ball can be: inside the cushion lines (less R, with a 1 mm margin for
 * rounding), or in a pocket's mouth region. Anywhere else means the ball escaped the table.
 */
export function isOnTableRegion(x: number, y: number): boolean {
  if (Math.abs(x) <= HALF_LENGTH - R + ESCAPE_MARGIN && Math.abs(y) <= HALF_WIDTH - R + ESCAPE_MARGIN) return true;
  for (const id of POCKET_IDS) {
    const c = POCKETS[id].mouthCentre;
    if (Math.hypot(x - c.x, y - c.y) < POCKET_REGION) return true;
  }
  return false;
}

/** Rounding allowance when checking a given position against the rails (the physics keeps exact contact). */
const PLACEMENT_TOLERANCE = 1e-6;

/**
 * True when a ball may stand with its centre at (x, y): on the table region, clear of every cushion nose,
 * jaw nose and jaw wall, and short of a pocket's drop line. This admits a ball resting in a pocket's mouth
 * or corridor (I6), where its centre is past R inside the cushion lines, which a scenario or a disputed
 * position may need to start from.
 */
export function canBallStandAt(x: number, y: number): boolean {
  if (!isOnTableRegion(x, y)) return false;
  for (const o of OBSTACLES) {
    if (o.kind === "nose") {
      if (Math.hypot(x - o.cx, y - o.cy) < o.reach - PLACEMENT_TOLERANCE) return false;
      continue;
    }
    const along = (x - o.ax) * o.dx + (y - o.ay) * o.dy;
    if (along < 0 || along > o.length) continue;
    if ((x - o.ax) * o.nx + (y - o.ay) * o.ny < R - PLACEMENT_TOLERANCE) return false;
  }
  for (const zone of DROP_ZONES) {
    const depth = (x - zone.px) * zone.axisX + (y - zone.py) * zone.axisY;
    const lateral = Math.abs((x - zone.px) * -zone.axisY + (y - zone.py) * zone.axisX);
    if (depth >= 0 && lateral <= zone.halfWidth) return false;
  }
  return true;
}
