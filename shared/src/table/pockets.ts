import {
  CORNER_CORRIDOR,
  CORNER_MOUTH,
  CORNER_NOSE_RADIUS,
  HALF_LENGTH,
  HALF_WIDTH,
  MIDDLE_CORRIDOR,
  MIDDLE_MOUTH,
  MIDDLE_NOSE_RADIUS,
} from "./dimensions.ts";
import type { Point } from "./marks.ts";

/** Pocket ids (contract): head corners, middles, foot corners; L is the +y side. */
export const POCKET_IDS = ["HL", "HR", "ML", "MR", "FL", "FR"] as const;
export type PocketId = (typeof POCKET_IDS)[number];
export type PocketKind = "corner" | "middle";

/** Cushion ids repeated here as a type to keep this module free of an import cycle. */
type SegmentId = "H" | "F" | "LH" | "LF" | "RH" | "RF";

export interface JawNose {
  /** Centre of the rounded nose where the cushion turns into the pocket. */
  readonly centre: Point;
  readonly radius: number;
  /** Where the straight cushion nose meets this rounded nose. */
  readonly tangent: Point;
  /** The segment this jaw belongs to (I5: a pocket's jaws belong to the adjacent segment). */
  readonly segment: SegmentId;
}

export interface Pocket {
  readonly id: PocketId;
  readonly kind: PocketKind;
  /** The two jaw noses; `jaws[0]` is the one on the long cushion for corner pockets, the head side for middles. */
  readonly jaws: readonly [JawNose, JawNose];
  /** The mouth line [створ] (I6): the segment between the jaw points, the noses' closest points. */
  readonly mouth: readonly [Point, Point];
  /** Mouth width between the jaw noses. */
  readonly mouthWidth: number;
  /** Centre of the mouth line. */
  readonly mouthCentre: Point;
  /** Unit vector from the table into the pocket (the pocket's axis). */
  readonly axis: Point;
  /** Length of the straight corridor behind the mouth. */
  readonly corridor: number;
  /** The two cushion segments adjacent to the pocket (I8: contacts with them keep a shot `direct`). */
  readonly adjacent: readonly [SegmentId, SegmentId];
  /**
   * The jaws' walls behind the noses: straight walls parallel to the axis, starting at each mouth point (where
   * they meet the nose tangentially) and running past the drop line, so a ball inside the mouth can only go
   * on into the pocket or come back out; `walls[i]` continues `jaws[i]`.
   */
  readonly walls: readonly [JawWall, JawWall];
  /**
   * Drop area: a ball falls once its centre is more than `dropDepth` beyond the mouth line along the axis
   * (the corridor's end, where the slate stops), while between the walls.
   */
  readonly dropDepth: number;
}

export interface JawWall {
  readonly from: Point;
  readonly to: Point;
  /** The segment the wall belongs to, as its nose (I5). */
  readonly segment: SegmentId;
}

/** How far the jaw walls run past the drop line: far enough that no ball can slip round their ends. */
const WALL_OVERRUN = 0.1;

/**
 * Distance from the playing surface's corner, along each cushion, to where a corner jaw nose begins.
 * Two noses of radius r whose centres lie r behind the cushion lines, set back `s` from the corner,
 * are √2·(s + r) apart, so the mouth between them is √2·(s + r) − 2r.
 */
export const CORNER_JAW_SETBACK = (CORNER_MOUTH + 2 * CORNER_NOSE_RADIUS) / Math.SQRT2 - CORNER_NOSE_RADIUS;
/** Distance from the centre line to where a middle jaw nose begins: the mouth is 2·(s − r). */
export const MIDDLE_JAW_SETBACK = MIDDLE_MOUTH / 2 + MIDDLE_NOSE_RADIUS;

function towards(from: Point, to: Point, distance: number): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = Math.hypot(dx, dy);
  return { x: from.x + (dx / length) * distance, y: from.y + (dy / length) * distance };
}

function pocketFromNoses(
  id: PocketId,
  kind: PocketKind,
  jaws: readonly [JawNose, JawNose],
  axis: Point,
  corridor: number,
): Pocket {
  const [a, b] = jaws;
  const mouth: [Point, Point] = [towards(a.centre, b.centre, a.radius), towards(b.centre, a.centre, b.radius)];
  const wallLength = corridor + WALL_OVERRUN;
  const wall = (start: Point, segment: SegmentId): JawWall => ({
    from: start,
    to: { x: start.x + axis.x * wallLength, y: start.y + axis.y * wallLength },
    segment,
  });
  return {
    id,
    kind,
    jaws,
    mouth,
    mouthWidth: Math.hypot(mouth[1].x - mouth[0].x, mouth[1].y - mouth[0].y),
    mouthCentre: { x: (mouth[0].x + mouth[1].x) / 2, y: (mouth[0].y + mouth[1].y) / 2 },
    axis,
    corridor,
    adjacent: [a.segment, b.segment],
    walls: [wall(mouth[0], a.segment), wall(mouth[1], b.segment)],
    dropDepth: corridor,
  };
}

function cornerPocket(id: PocketId, sx: 1 | -1, sy: 1 | -1): Pocket {
  const r = CORNER_NOSE_RADIUS;
  const s = CORNER_JAW_SETBACK;
  const longSegment: SegmentId = `${sy > 0 ? "L" : "R"}${sx > 0 ? "F" : "H"}`;
  const shortSegment: SegmentId = sx > 0 ? "F" : "H";
  const onLong: JawNose = {
    centre: { x: sx * (HALF_LENGTH - s), y: sy * (HALF_WIDTH + r) },
    radius: r,
    tangent: { x: sx * (HALF_LENGTH - s), y: sy * HALF_WIDTH },
    segment: longSegment,
  };
  const onShort: JawNose = {
    centre: { x: sx * (HALF_LENGTH + r), y: sy * (HALF_WIDTH - s) },
    radius: r,
    tangent: { x: sx * HALF_LENGTH, y: sy * (HALF_WIDTH - s) },
    segment: shortSegment,
  };
  return pocketFromNoses(id, "corner", [onLong, onShort], { x: sx / Math.SQRT2, y: sy / Math.SQRT2 }, CORNER_CORRIDOR);
}

function middlePocket(id: PocketId, sy: 1 | -1): Pocket {
  const r = MIDDLE_NOSE_RADIUS;
  const s = MIDDLE_JAW_SETBACK;
  const side = sy > 0 ? "L" : "R";
  const headJaw: JawNose = {
    centre: { x: -s, y: sy * (HALF_WIDTH + r) },
    radius: r,
    tangent: { x: -s, y: sy * HALF_WIDTH },
    segment: `${side}H`,
  };
  const footJaw: JawNose = {
    centre: { x: s, y: sy * (HALF_WIDTH + r) },
    radius: r,
    tangent: { x: s, y: sy * HALF_WIDTH },
    segment: `${side}F`,
  };
  return pocketFromNoses(id, "middle", [headJaw, footJaw], { x: 0, y: sy }, MIDDLE_CORRIDOR);
}

export const POCKETS: Readonly<Record<PocketId, Pocket>> = {
  HL: cornerPocket("HL", -1, 1),
  HR: cornerPocket("HR", -1, -1),
  ML: middlePocket("ML", 1),
  MR: middlePocket("MR", -1),
  FL: cornerPocket("FL", 1, 1),
  FR: cornerPocket("FR", 1, -1),
};

export function isPocketId(value: unknown): value is PocketId {
  return typeof value === "string" && (POCKET_IDS as readonly string[]).includes(value);
}
