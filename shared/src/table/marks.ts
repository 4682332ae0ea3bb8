import { TABLE_LENGTH } from "./dimensions.ts";

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** The three marks on the long axis (I2, docs/rules/interpretation.md). */
export const HEAD_SPOT: Point = { x: -TABLE_LENGTH / 4, y: 0 };
export const CENTRE_SPOT: Point = { x: 0, y: 0 };
export const FOOT_SPOT: Point = { x: TABLE_LENGTH / 4, y: 0 };
export const MARKS = [HEAD_SPOT, CENTRE_SPOT, FOOT_SPOT] as const;

/** The house line through the first mark: the house is x < HOUSE_LINE_X (I3, a ball on the line is outside). */
export const HOUSE_LINE_X = HEAD_SPOT.x;
/** The centre line between the middle pockets (I4). */
export const CENTRE_LINE_X = 0;
