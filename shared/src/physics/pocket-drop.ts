import type { InMouthEvent } from "../shot/shot-events.ts";
import { POCKET_IDS, POCKETS } from "../table/pockets.ts";
import type { SimBall } from "./ball.ts";
import type { DropZone } from "./boundary.ts";
import { R } from "./constants.ts";

/** Distance from a drop line within which a ball is examined at all (the mouth and its jaws lie inside it). */
export const POCKET_REACH = 0.15;

/**
 * When a ball moving in a straight line (having `travel` metres to go in the drift) passes the pocket's drop
 * line between its walls: seconds from now within `limit`, 0 if it already has, or Infinity. A ball falls
 * then, whatever else is near: past the corridor's end the slate stops.
 */
export function dropTime(ball: SimBall, zone: DropZone, travel: number, limit: number): number {
  const rx = ball.x - zone.px;
  const ry = ball.y - zone.py;
  if (rx * rx + ry * ry > (POCKET_REACH + travel) ** 2) return Number.POSITIVE_INFINITY;
  const speed = ball.vx * zone.axisX + ball.vy * zone.axisY;
  if (speed <= 0) return Number.POSITIVE_INFINITY;
  const depth = rx * zone.axisX + ry * zone.axisY;
  const t = depth >= 0 ? 0 : -depth / speed;
  if (t > limit) return Number.POSITIVE_INFINITY;
  const lateral = (rx + ball.vx * t) * -zone.axisY + (ry + ball.vy * t) * zone.axisX;
  return Math.abs(lateral) > zone.halfWidth ? Number.POSITIVE_INFINITY : t;
}

/** After rest: an event for each ball whose circle crosses a pocket's mouth segment (I6). */
export function inMouthEvents(balls: readonly SimBall[], t: number): InMouthEvent[] {
  const events: InMouthEvent[] = [];
  for (const ball of balls) {
    if (!ball.onTable) continue;
    for (const id of POCKET_IDS) {
      const [p, q] = POCKETS[id].mouth;
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const f = Math.max(0, Math.min(1, ((ball.x - p.x) * dx + (ball.y - p.y) * dy) / (dx * dx + dy * dy)));
      const distance = Math.sqrt((ball.x - (p.x + dx * f)) ** 2 + (ball.y - (p.y + dy * f)) ** 2);
      if (distance < R) events.push({ t, type: "in-mouth", ball: ball.id, pocket: id, moved: ball.moved });
    }
  }
  return events;
}
