import { HALF_LENGTH, HALF_WIDTH } from "./dimensions.ts";
import type { Point } from "./marks.ts";
import { CORNER_JAW_SETBACK, MIDDLE_JAW_SETBACK } from "./pockets.ts";

/** Cushion segment ids (I5, docs/rules/interpretation.md): head, foot, left-head, left-foot, right-head, right-foot. */
export const CUSHION_IDS = ["H", "F", "LH", "LF", "RH", "RF"] as const;
export type CushionId = (typeof CUSHION_IDS)[number];

export interface CushionSegment {
  readonly id: CushionId;
  /** The straight part of the cushion nose, between the two jaw noses that end it. */
  readonly from: Point;
  readonly to: Point;
  /** Unit normal pointing from the cushion into the playing surface. */
  readonly normal: Point;
}

const cornerEnd = HALF_LENGTH - CORNER_JAW_SETBACK;
const cornerEndY = HALF_WIDTH - CORNER_JAW_SETBACK;
const middleEnd = MIDDLE_JAW_SETBACK;

export const CUSHIONS: Readonly<Record<CushionId, CushionSegment>> = {
  H: {
    id: "H",
    from: { x: -HALF_LENGTH, y: -cornerEndY },
    to: { x: -HALF_LENGTH, y: cornerEndY },
    normal: { x: 1, y: 0 },
  },
  F: {
    id: "F",
    from: { x: HALF_LENGTH, y: -cornerEndY },
    to: { x: HALF_LENGTH, y: cornerEndY },
    normal: { x: -1, y: 0 },
  },
  LH: {
    id: "LH",
    from: { x: -cornerEnd, y: HALF_WIDTH },
    to: { x: -middleEnd, y: HALF_WIDTH },
    normal: { x: 0, y: -1 },
  },
  LF: { id: "LF", from: { x: middleEnd, y: HALF_WIDTH }, to: { x: cornerEnd, y: HALF_WIDTH }, normal: { x: 0, y: -1 } },
  RH: {
    id: "RH",
    from: { x: -cornerEnd, y: -HALF_WIDTH },
    to: { x: -middleEnd, y: -HALF_WIDTH },
    normal: { x: 0, y: 1 },
  },
  RF: {
    id: "RF",
    from: { x: middleEnd, y: -HALF_WIDTH },
    to: { x: cornerEnd, y: -HALF_WIDTH },
    normal: { x: 0, y: 1 },
  },
};
