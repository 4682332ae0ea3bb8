/** Ball ids (contract): 0 is the coloured ball, 1–15 the white balls. */
export const COLOURED_BALL = 0;
export const WHITE_BALLS: readonly number[] = Array.from({ length: 15 }, (_, i) => i + 1);
export const ALL_BALLS: readonly number[] = [COLOURED_BALL, ...WHITE_BALLS];

export interface BallPosition {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

export function isWhiteBall(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= 15;
}

export function isBallId(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 15;
}
