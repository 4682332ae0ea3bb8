import {
  DROP_ZONES,
  discContactTime,
  evolveOnCloth,
  isTranslating,
  lineContactTime,
  OBSTACLES,
  type Obstacle,
  R,
  resolveCushionCollision,
  type SimBall,
} from "@habibka/shared/aim";
import type { CushionId, PocketId, Point } from "@habibka/shared/table";
import type { Circle } from "./aim-geometry.ts";

/**
 * One ball rolling over the cloth among balls at rest, stepped as the simulator steps every ball: a half
 * step of cloth friction, a straight drift at that velocity in which contacts are found at their exact times,
 * the other half step; at a contact the ball's motion is re-derived for that instant from the step's start
 * and the shared cushion law is applied. The guide uses it to draw where a ball will go; it stops at the
 * first ball the mover reaches, at a pocket, when the ball stops, or after a given number of rail contacts.
 */

/** The simulator's fixed step (100 per second): the same drift, so the same contacts. */
const STEP = 0.01;
/** A guide line is never followed for longer than this (a hard stroke round the table). */
const MAX_TIME = 15;

export type RunContact =
  | {
      readonly kind: "cushion";
      /** The ball's centre at the contact. */
      readonly at: Point;
      readonly cushion: CushionId;
      /** Set when the rail touched is a pocket's jaw (nose or wall). */
      readonly jaw: PocketId | null;
    }
  | { readonly kind: "ball"; readonly at: Point; readonly ball: number }
  | { readonly kind: "drop"; readonly at: Point; readonly pocket: PocketId };

export interface BallRun {
  /** The centre's path: the start, every step end and every contact. */
  readonly points: readonly Point[];
  readonly contacts: readonly RunContact[];
  /** The ball at the end of the run (at a ball contact: its motion at that instant). */
  readonly end: SimBall;
}

type Motion = [vx: number, vy: number, wx: number, wy: number, wz: number];

const motionOf = (b: SimBall): Motion => [b.vx, b.vy, b.wx, b.wy, b.wz];
function setMotion(b: SimBall, m: Motion): void {
  [b.vx, b.vy, b.wx, b.wy, b.wz] = m;
}

type Hit =
  | { readonly kind: "ball"; readonly time: number; readonly ball: Circle }
  | { readonly kind: "rail"; readonly time: number; readonly obstacle: Obstacle }
  | { readonly kind: "drop"; readonly time: number; readonly pocket: PocketId };

function railTime(ball: SimBall, o: Obstacle, limit: number): number {
  if (o.kind === "wall") {
    const rx = ball.x - o.ax;
    const ry = ball.y - o.ay;
    const t = lineContactTime(rx * o.nx + ry * o.ny, ball.vx * o.nx + ball.vy * o.ny, R, limit);
    if (t === Number.POSITIVE_INFINITY) return t;
    const along = (rx + ball.vx * t) * o.dx + (ry + ball.vy * t) * o.dy;
    return along >= 0 && along <= o.length ? t : Number.POSITIVE_INFINITY;
  }
  return discContactTime(o.cx - ball.x, o.cy - ball.y, -ball.vx, -ball.vy, o.reach, limit);
}

/** The first contact of the drifting ball within `limit` seconds, as the simulator orders them. */
function firstHit(ball: SimBall, others: readonly Circle[], limit: number): Hit | null {
  let best: Hit | null = null;
  let bestTime = limit;
  for (const other of others) {
    const t = discContactTime(other.x - ball.x, other.y - ball.y, -ball.vx, -ball.vy, 2 * R, bestTime);
    if (t < bestTime || (best === null && t <= bestTime)) {
      bestTime = t;
      best = { kind: "ball", time: t, ball: other };
    }
  }
  for (const o of OBSTACLES) {
    const t = railTime(ball, o, bestTime);
    if (t < bestTime || (best === null && t <= bestTime)) {
      bestTime = t;
      best = { kind: "rail", time: t, obstacle: o };
    }
  }
  for (const zone of DROP_ZONES) {
    const speed = ball.vx * zone.axisX + ball.vy * zone.axisY;
    if (speed <= 0) continue;
    const rx = ball.x - zone.px;
    const ry = ball.y - zone.py;
    const depth = rx * zone.axisX + ry * zone.axisY;
    const t = depth >= 0 ? 0 : -depth / speed;
    if (t > bestTime || (t === bestTime && best !== null)) continue;
    const lateral = (rx + ball.vx * t) * -zone.axisY + (ry + ball.vy * t) * zone.axisX;
    if (Math.abs(lateral) > zone.halfWidth) continue;
    bestTime = t;
    best = { kind: "drop", time: t, pocket: zone.pocket };
  }
  return best;
}

function railNormal(ball: SimBall, o: Obstacle): [number, number] {
  if (o.kind === "wall") return [-o.nx, -o.ny];
  const d = Math.hypot(o.cx - ball.x, o.cy - ball.y);
  return [(o.cx - ball.x) / d, (o.cy - ball.y) / d];
}

/**
 * Runs `start` (a copy is moved) over the cloth among `others` at rest, until it reaches a ball, drops, stops,
 * or makes its rail contact number `maxRails + 1`.
 */
export function runBall(start: SimBall, others: readonly Circle[], maxRails: number): BallRun {
  const ball: SimBall = { ...start };
  const points: Point[] = [{ x: ball.x, y: ball.y }];
  const contacts: RunContact[] = [];
  const finish = (): BallRun => ({ points, contacts, end: ball });
  let rails = 0;
  for (let t = 0; t < MAX_TIME && isTranslating(ball); t += STEP) {
    let base = motionOf(ball);
    let baseAt = 0;
    evolveOnCloth(ball, STEP / 2);
    let elapsed = 0;
    for (;;) {
      const hit = firstHit(ball, others, STEP - elapsed);
      const span = hit ? hit.time : STEP - elapsed;
      ball.x += ball.vx * span;
      ball.y += ball.vy * span;
      elapsed += span;
      if (!hit) break;
      const at = { x: ball.x, y: ball.y };
      points.push(at);
      if (hit.kind === "drop") {
        contacts.push({ kind: "drop", at, pocket: hit.pocket });
        ball.onTable = false;
        return finish();
      }
      // The drift ran at the half-kicked velocity; the contact sees the exact motion at its instant.
      const drift = motionOf(ball);
      setMotion(ball, base);
      evolveOnCloth(ball, elapsed - baseAt);
      if (hit.kind === "ball") {
        contacts.push({ kind: "ball", at, ball: hit.ball.id });
        return finish();
      }
      const [nx, ny] = railNormal(ball, hit.obstacle);
      if (!resolveCushionCollision(ball, nx, ny)) {
        setMotion(ball, drift);
        resolveCushionCollision(ball, nx, ny);
      }
      contacts.push({ kind: "cushion", at, cushion: hit.obstacle.cushion, jaw: hit.obstacle.jaw ?? null });
      rails++;
      if (rails > maxRails) return finish();
      base = motionOf(ball);
      baseAt = elapsed;
      evolveOnCloth(ball, (STEP - elapsed) / 2);
    }
    evolveOnCloth(ball, (STEP - baseAt) / 2);
    points.push({ x: ball.x, y: ball.y });
  }
  return finish();
}
