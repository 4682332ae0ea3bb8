import type { SimBall } from "./ball.ts";
import { DROP_ZONES, OBSTACLES, type Obstacle } from "./boundary.ts";
import { R } from "./constants.ts";
import type { Contact, ContactFinder } from "./contact.ts";
import { discContactTime, lineContactTime } from "./contact-time.ts";
import { dropTime } from "./pocket-drop.ts";

/**
 * The exact engine's contact finding: every time of impact in closed form (a quadratic per pair of discs, a
 * linear equation per wall), behind cheap distance checks that skip what cannot be reached within the limit.
 */
export const exactContacts: ContactFinder = { earliest: earliestContact };

function earliestContact(balls: readonly SimBall[], limit: number): Contact | null {
  let best: Contact | null = null;
  let bestTime = limit;
  const n = balls.length;
  for (let i = 0; i < n; i++) {
    const a = balls[i]!;
    if (!a.onTable) continue;
    const aMoves = a.vx !== 0 || a.vy !== 0;
    const aSpeed = Math.sqrt(a.vx ** 2 + a.vy ** 2);
    for (let j = i + 1; j < n; j++) {
      const b = balls[j]!;
      if (!b.onTable || (!aMoves && b.vx === 0 && b.vy === 0)) continue;
      const px = b.x - a.x;
      const py = b.y - a.y;
      // Broad test: too far apart to meet within the limit at their present speeds.
      const reachable = (aSpeed + Math.sqrt(b.vx ** 2 + b.vy ** 2)) * bestTime + 2 * R;
      if (px * px + py * py > reachable * reachable) continue;
      const t = discContactTime(px, py, b.vx - a.vx, b.vy - a.vy, 2 * R, bestTime);
      if (t < bestTime || (best === null && t <= bestTime)) {
        bestTime = t;
        best = { kind: "ball", time: t, a: i, b: j };
      }
    }
    if (!aMoves) continue;
    const travel = aSpeed * bestTime;
    for (const o of OBSTACLES) {
      const t = obstacleContactTime(a, o, bestTime, travel);
      if (t < bestTime || (best === null && t <= bestTime)) {
        bestTime = t;
        best = { kind: "obstacle", time: t, a: i, obstacle: o };
      }
    }
    for (const zone of DROP_ZONES) {
      const t = dropTime(a, zone, travel, bestTime);
      if (t < bestTime || (best === null && t <= bestTime)) {
        bestTime = t;
        best = { kind: "drop", time: t, a: i, pocket: zone.pocket };
      }
    }
  }
  return best;
}

function obstacleContactTime(ball: SimBall, o: Obstacle, limit: number, travel: number): number {
  if (o.kind === "wall") {
    const rx = ball.x - o.ax;
    const ry = ball.y - o.ay;
    const distance = rx * o.nx + ry * o.ny;
    if (distance - R > travel) return Number.POSITIVE_INFINITY;
    const t = lineContactTime(distance, ball.vx * o.nx + ball.vy * o.ny, R, limit);
    if (t === Number.POSITIVE_INFINITY) return t;
    const along = (rx + ball.vx * t) * o.dx + (ry + ball.vy * t) * o.dy;
    return along >= 0 && along <= o.length ? t : Number.POSITIVE_INFINITY;
  }
  const px = o.cx - ball.x;
  const py = o.cy - ball.y;
  const reach = o.reach + travel;
  if (px * px + py * py > reach * reach) return Number.POSITIVE_INFINITY;
  return discContactTime(px, py, -ball.vx, -ball.vy, o.reach, limit);
}
