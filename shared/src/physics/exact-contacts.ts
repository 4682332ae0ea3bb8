import { HALF_LENGTH, HALF_WIDTH } from "../table/dimensions.ts";
import type { SimBall } from "./ball.ts";
import { DROP_ZONES, OBSTACLES, type Obstacle } from "./boundary.ts";
import { speedBound } from "./cloth.ts";
import { R } from "./constants.ts";
import type { Contact, ContactFinder } from "./contact.ts";
import { discContactTime, lineContactTime } from "./contact-time.ts";
import { dropTime, POCKET_REACH } from "./pocket-drop.ts";

/**
 * The exact engine's contact finding: every time of impact in closed form (a quadratic per pair of discs, a
 * linear equation per wall), behind cheap distance checks that skip what cannot be reached within the limit.
 */
export const exactContacts: ContactFinder = { earliest: earliestContact, quietDrifts };

/**
 * How far inside the cushion lines a point is: 1-Lipschitz, so a ball whose centre is `d` inside is at least
 * `d - inside(p)` from any point p.
 */
export function inside(x: number, y: number): number {
  return Math.min(HALF_LENGTH - Math.abs(x), HALF_WIDTH - Math.abs(y));
}

/** The deepest a segment reaches inside the cushion lines, sampled finely enough to bound it from above. */
function segmentDepth(ax: number, ay: number, dx: number, dy: number, length: number): number {
  const samples = Math.max(1, Math.ceil(length / 0.001));
  let deepest = Number.NEGATIVE_INFINITY;
  for (let k = 0; k <= samples; k++) {
    const along = (length * k) / samples;
    deepest = Math.max(deepest, inside(ax + dx * along, ay + dy * along));
  }
  // Between samples the depth can rise by at most half their spacing.
  return deepest + length / samples / 2;
}

/**
 * A ball whose centre is deeper inside the cushion lines than this, plus its travel in the drift, cannot reach
 * any rail, jaw or drop line in that drift, so the finder skips them: they would all answer "never". Every
 * rail counts with the ball's radius, every jaw nose with its reach, every drop line with the distance at
 * which it looks at a ball at all; 1 µm covers rounding. Most of a shot's balls spend most of it in the open,
 * so this removes most of the finder's work without changing a single result (about 0.17 m; open-table.test.ts
 * checks the bound).
 */
export const OPEN_TABLE_DEPTH =
  Math.max(
    ...OBSTACLES.map((o) =>
      o.kind === "wall" ? segmentDepth(o.ax, o.ay, o.dx, o.dy, o.length) + R : inside(o.cx, o.cy) + o.reach,
    ),
    ...DROP_ZONES.map((zone) => inside(zone.px, zone.py) + POCKET_REACH),
  ) + 1e-6;

/**
 * Each ball's speed, and the balls that move, found once per search rather than once per pair (the arrays are
 * reused: the search runs per drift, and late in a shot most balls stand still).
 */
let speedScratch = new Float64Array(16);
let movingScratch = new Int32Array(16);

function fitScratch(n: number): void {
  if (speedScratch.length >= n) return;
  speedScratch = new Float64Array(n);
  movingScratch = new Int32Array(n);
}

function earliestContact(balls: readonly SimBall[], limit: number): Contact | null {
  let best: Contact | null = null;
  let bestTime = limit;
  const n = balls.length;
  fitScratch(n);
  const speeds = speedScratch;
  const moving = movingScratch;
  let movingCount = 0;
  for (let i = 0; i < n; i++) {
    const ball = balls[i]!;
    if (ball.vx === 0 && ball.vy === 0) speeds[i] = 0;
    else {
      speeds[i] = Math.sqrt(ball.vx ** 2 + ball.vy ** 2);
      if (ball.onTable) moving[movingCount++] = i;
    }
  }
  // The pairs are looked at in the same order whether or not a ball moves (i, then j above it), so that of two
  // contacts at the same instant the same one is always found first: a ball at rest only meets the moving
  // balls above it, which the moving list gives without walking past the others.
  let nextMoving = 0;
  for (let i = 0; i < n; i++) {
    const a = balls[i]!;
    while (nextMoving < movingCount && moving[nextMoving]! <= i) nextMoving++;
    if (!a.onTable) continue;
    const aMoves = a.vx !== 0 || a.vy !== 0;
    const aSpeed = speeds[i]!;
    if (aMoves) {
      for (let j = i + 1; j < n; j++) {
        const b = balls[j]!;
        if (!b.onTable) continue;
        const t = pairTime(a, b, aSpeed + speeds[j]!, bestTime);
        if (t < bestTime || (best === null && t <= bestTime)) {
          bestTime = t;
          best = { kind: "ball", time: t, a: i, b: j };
        }
      }
    } else {
      for (let k = nextMoving; k < movingCount; k++) {
        const j = moving[k]!;
        const t = pairTime(a, balls[j]!, speeds[j]!, bestTime);
        if (t < bestTime || (best === null && t <= bestTime)) {
          bestTime = t;
          best = { kind: "ball", time: t, a: i, b: j };
        }
      }
      continue;
    }
    const travel = aSpeed * bestTime;
    if (inside(a.x, a.y) > OPEN_TABLE_DEPTH + travel) continue;
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

/**
 * When two balls on the table meet within `limit` (Infinity if not): a broad test first, since most pairs are
 * too far apart to meet within the limit at their present speeds (`speeds`, the sum of theirs).
 */
function pairTime(a: SimBall, b: SimBall, speeds: number, limit: number): number {
  const px = b.x - a.x;
  const py = b.y - a.y;
  const reachable = speeds * limit + 2 * R;
  if (px * px + py * py > reachable * reachable) return Number.POSITIVE_INFINITY;
  return discContactTime(px, py, b.vx - a.vx, b.vy - a.vy, 2 * R, limit);
}

export function obstacleContactTime(ball: SimBall, o: Obstacle, limit: number, travel: number): number {
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

/** Rounding allowance in the distances behind `quietDrifts` (metres). */
const QUIET_MARGIN = 1e-9;

/**
 * How many drifts of `h` seconds in a row, this one first, are sure to find nothing, however the balls roll
 * meanwhile: each ball covers at most its speed bound times the time, so a pair stays out of reach of the
 * broad test in `pairTime`, and a ball out of reach of every rail piece and drop line, for as long as the gap
 * between them lasts at their bounds. The search would answer null in each of those drifts; skipping it
 * changes no result. A long roll across the open table is most of a shot's steps and needs no search at all.
 */
function quietDrifts(balls: readonly SimBall[], h: number): number {
  const n = balls.length;
  fitScratch(n);
  const bounds = speedScratch;
  for (let i = 0; i < n; i++) bounds[i] = balls[i]!.onTable ? speedBound(balls[i]!) : 0;
  // The longest quiet time found so far; each pair and ball can only shorten it.
  let quiet = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const a = balls[i]!;
    const aBound = bounds[i]!;
    if (!a.onTable) continue;
    for (let j = i + 1; j < n; j++) {
      const both = aBound + bounds[j]!;
      const b = balls[j]!;
      if (both === 0 || !b.onTable) continue;
      const px = b.x - a.x;
      const py = b.y - a.y;
      const far = 2 * R + QUIET_MARGIN + both * quiet;
      if (px * px + py * py > far * far) continue;
      quiet = (Math.sqrt(px * px + py * py) - 2 * R - QUIET_MARGIN) / both;
      if (quiet < h) return 0;
    }
    if (aBound === 0) continue;
    const reach = aBound * quiet;
    if (inside(a.x, a.y) - OPEN_TABLE_DEPTH - QUIET_MARGIN > reach) continue;
    quiet = Math.min(quiet, railClearance(a) / aBound);
    if (quiet < h) return 0;
  }
  return quiet === Number.POSITIVE_INFINITY ? Number.MAX_SAFE_INTEGER : Math.floor(quiet / h);
}

/**
 * How far a ball is from every rail piece's and drop line's reach, as their finders see it (less the margin):
 * a wall finds a contact only for a centre that comes within R of its segment, a jaw nose only within its
 * reach plus the travel, a drop line only within POCKET_REACH plus the travel of its point.
 */
function railClearance(ball: SimBall): number {
  let clearance = Math.max(0, inside(ball.x, ball.y) - OPEN_TABLE_DEPTH);
  let nearest = Number.POSITIVE_INFINITY;
  for (const o of OBSTACLES) {
    if (o.kind === "wall") {
      const rx = ball.x - o.ax;
      const ry = ball.y - o.ay;
      const along = Math.min(o.length, Math.max(0, rx * o.dx + ry * o.dy));
      nearest = Math.min(nearest, distance(rx - o.dx * along, ry - o.dy * along) - R);
    } else nearest = Math.min(nearest, distance(o.cx - ball.x, o.cy - ball.y) - o.reach);
  }
  for (const zone of DROP_ZONES)
    nearest = Math.min(nearest, distance(ball.x - zone.px, ball.y - zone.py) - POCKET_REACH);
  clearance = Math.max(clearance, nearest);
  return Math.max(0, clearance - QUIET_MARGIN);
}

/** Math.hypot guards against overflow, which table distances never approach, at several times the cost. */
function distance(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}
