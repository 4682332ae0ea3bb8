import { BALL_RADIUS, type Point } from "@habibka/shared/table";
import type { Circle } from "./aim-geometry.ts";

/** Clearance kept from other balls when pushing a ball off them, so rounding never makes them overlap. */
const CLEARANCE = 1e-4;

/**
 * A ball put down by hand at `wanted`: kept inside its region by `clamp`, then pushed off each ball it would
 * overlap, a few times over. Null when it still overlaps one (no free spot near the pointer); whether the
 * spot is legal otherwise is the caller's to check.
 */
export function pushClear(
  wanted: Point,
  balls: readonly Circle[],
  clamp: (p: Point) => Point,
  radius = BALL_RADIUS,
): Point | null {
  let p = clamp(wanted);
  for (let round = 0; round < 6; round++) {
    const blocker = balls.find((b) => Math.hypot(b.x - p.x, b.y - p.y) < 2 * radius);
    if (!blocker) return p;
    const dx = p.x - blocker.x;
    const dy = p.y - blocker.y;
    const d = Math.hypot(dx, dy);
    const ux = d > 1e-9 ? dx / d : -1;
    const uy = d > 1e-9 ? dy / d : 0;
    p = clamp({ x: blocker.x + ux * (2 * radius + CLEARANCE), y: blocker.y + uy * (2 * radius + CLEARANCE) });
  }
  return balls.every((b) => Math.hypot(b.x - p.x, b.y - p.y) >= 2 * radius) ? p : null;
}
