import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, HOUSE_LINE_X, isInHouse, type Point } from "@habibka/shared/table";
import type { Circle } from "./aim-geometry.ts";
import { pushClear } from "./push-clear.ts";

/**
 * Placing the ball in hand in the house [дом] (clause 5, I3: x < −L/4, wholly inside the cushions, not on
 * another ball). The client enforces what the server will check, so a dragged ball never lands where the
 * shot would be refused; the lag adds the player's side of the long axis (seat 0: y > 0, seat 1: y < 0).
 */

/** Keeps the ball this far inside the house line: "on the line" is outside (I3). */
const LINE_MARGIN = 1e-4;

/** The side of the long axis the player's lag ball must lie on: +1 (y > 0) for seat 0, −1 for seat 1. */
export type LagSide = 1 | -1;

export function lagSideOf(seat: number): LagSide {
  return seat === 1 ? -1 : 1;
}

/** True when the ball may be placed here: in the house, on no other ball, and on `side` when given. */
export function canPlaceInHouse(p: Point, balls: readonly Circle[], side?: LagSide, radius = BALL_RADIUS): boolean {
  if (!isInHouse(p, radius)) return false;
  if (side !== undefined && p.y * side <= 0) return false;
  return balls.every((b) => Math.hypot(b.x - p.x, b.y - p.y) >= 2 * radius);
}

function clampToHouse(p: Point, side: LagSide | undefined, radius: number): Point {
  const maxX = HOUSE_LINE_X - LINE_MARGIN;
  const minX = -HALF_LENGTH + radius;
  let minY = -HALF_WIDTH + radius;
  let maxY = HALF_WIDTH - radius;
  if (side === 1) minY = Math.max(minY, radius);
  if (side === -1) maxY = Math.min(maxY, -radius);
  return { x: Math.min(maxX, Math.max(minX, p.x)), y: Math.min(maxY, Math.max(minY, p.y)) };
}

/**
 * The legal spot nearest to where the player drags: clamped into the house (and the lag side), then pushed
 * off any ball it would overlap. Null when no legal spot is found near the pointer (the ball keeps its place).
 */
export function placeInHouse(
  wanted: Point,
  balls: readonly Circle[],
  side?: LagSide,
  radius = BALL_RADIUS,
): Point | null {
  const p = pushClear(wanted, balls, (q) => clampToHouse(q, side, radius), radius);
  return p && canPlaceInHouse(p, balls, side, radius) ? p : null;
}

/** A sensible first spot: behind the first mark, nudged onto the lag side when there is one. */
export function defaultHouseSpot(balls: readonly Circle[], side?: LagSide, radius = BALL_RADIUS): Point {
  // Off the long axis, so that the first line to the pyramid does not run into the coloured ball.
  const wanted = { x: HOUSE_LINE_X - 0.25, y: (side ?? 1) * 0.3 };
  return placeInHouse(wanted, balls, side, radius) ?? wanted;
}
