import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "./dimensions.ts";
import { HOUSE_LINE_X, type Point } from "./marks.ts";

/** True when a ball centred at `p` lies wholly on the playing surface (inside the cushion noses). */
export function isOnPlayingSurface(p: Point, radius = BALL_RADIUS): boolean {
  return Math.abs(p.x) <= HALF_LENGTH - radius && Math.abs(p.y) <= HALF_WIDTH - radius;
}

/** True when a ball centred at `p` may be placed in the house (I3: x strictly behind the first mark's line). */
export function isInHouse(p: Point, radius = BALL_RADIUS): boolean {
  return p.x < HOUSE_LINE_X && isOnPlayingSurface(p, radius);
}

/** The half of the table a point lies on: -1 head half, +1 foot half, 0 exactly on the centre line (I4, I23). */
export function tableHalf(p: Point): -1 | 0 | 1 {
  return p.x < 0 ? -1 : p.x > 0 ? 1 : 0;
}
