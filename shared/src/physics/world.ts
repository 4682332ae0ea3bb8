import type { CushionEvent, ShotEvent } from "../shot/shot-events.ts";
import type { BallTrace, TracePoint } from "../shot/trace-codec.ts";
import type { BallPosition } from "../table/balls.ts";
import { POCKET_IDS, POCKETS } from "../table/pockets.ts";
import { createBall, isTranslating, type SimBall } from "./ball.ts";
import { resolveBallCollision } from "./ball-collision.ts";
import { DROP_ZONES, isOnTableRegion, OBSTACLES, type Obstacle } from "./boundary.ts";
import { evolveOnCloth } from "./cloth.ts";
import { R } from "./constants.ts";
import { discContactTime, lineContactTime } from "./contact-time.ts";
import { resolveCushionCollision } from "./cushion-collision.ts";
import { applyStroke, type Stroke } from "./stroke.ts";
import { TraceRecorder } from "./trace-recorder.ts";

/**
 * The fixed-step simulator. Each step is kick–drift–kick: half a step of cloth friction, a drift in straight
 * lines during which every contact is found at its exact time of impact and resolved in time order, then the
 * other half of the friction. Friction phases have constant deceleration, and for a constant deceleration the
 * drift at the half-kicked velocity covers exactly the distance travelled in the step; the straight drift is
 * within a·dt²/8 (25 µm while sliding) of the true curved path.
 *
 * Contacts never depend on the step size (no tunnelling, no overlap), and they see the exact state: each ball
 * keeps the state it had at the start of the step (or at its last contact), and at a contact its velocity and
 * spin are re-derived in closed form for that instant before the impulse, then half-kicked again for the rest
 * of the step. So the step can be long; balls at rest cost nothing (sleeping).
 */

/** Fixed time step: 100 steps per second (time is counted in steps, so it reads exactly: 7.02 s, not 7.0200…01). */
export const STEPS_PER_SECOND = 100;
export const STEP = 1 / STEPS_PER_SECOND;
/** A shot that has not stopped after this long is stopped where it is (never reached in play). */
export const MAX_SIMULATED_TIME = 300;
/** Trace samples keep linear interpolation within this distance of the path (the binary form adds < 0.1 mm). */
export const TRACE_TOLERANCE = 0.0005;
/** A contact ends once the gap has opened by this much; until then a repeated impact is the same contact. */
const CONTACT_SEPARATION = 0.0002;
/** Impacts resolved in one step beyond which a cluster counts as jammed (a guard against endless loops). */
const MAX_EVENTS_PER_STEP = 10_000;
/** Distance from a mouth centre within which the pocket's jaws and drop zone are examined. */
const POCKET_REACH = 0.15;
export interface WorldOptions {
  readonly trace?: boolean;
  /** Keep every vertex of every ball's simulated path (tests compare the trace with it). */
  readonly recordPath?: boolean;
  /** Called right after each ball–ball or cushion impulse, with the balls in their post-impact state. */
  readonly observer?: (event: ShotEvent, balls: readonly SimBall[]) => void;
}

export interface World {
  /** Balls in ascending id order: iteration order is fixed, so results are bit-identical run to run. */
  readonly balls: SimBall[];
  readonly events: ShotEvent[];
  t: number;
  steps: number;
  readonly recorders: (TraceRecorder | null)[];
  readonly paths: (TracePoint[] | null)[];
  /** Last non-zero half (−1 head, +1 foot) of each ball's centre, for centre-line crossings (I4). */
  readonly halves: number[];
  /** Last non-zero side of the long axis (−1 right, +1 left) of each ball's centre, for the lag (I21). */
  readonly sides: number[];
  /** Contacts in progress (ball–ball and ball–obstacle keys), so one touch gives one event. */
  readonly contacts: Set<number>;
  /** Per ball, within the current step: the state friction is integrated from, and whether it moves. */
  readonly base: BaseState[];
  readonly driven: boolean[];
  readonly observer: ((event: ShotEvent, balls: readonly SimBall[]) => void) | null;
}

export function createWorld(positions: readonly BallPosition[], options: WorldOptions = {}): World {
  const balls = [...positions].sort((a, b) => a.id - b.id).map((p) => createBall(p.id, p.x, p.y));
  return {
    balls,
    events: [],
    t: 0,
    steps: 0,
    recorders: balls.map((b) => (options.trace ? new TraceRecorder(0, b.x, b.y, TRACE_TOLERANCE) : null)),
    paths: balls.map((b) => (options.recordPath ? [[0, b.x, b.y] as TracePoint] : null)),
    halves: balls.map((b) => Math.sign(b.x)),
    sides: balls.map((b) => Math.sign(b.y)),
    contacts: new Set(),
    base: balls.map(() => ({ t: 0, kickedAt: -1, vx: 0, vy: 0, wx: 0, wy: 0, wz: 0 })),
    driven: balls.map(() => false),
    observer: options.observer ?? null,
  };
}

/** Strikes the cue balls at t = 0 (two strokes at once for the lag, I21). */
export function strike(world: World, strokes: readonly Stroke[]): void {
  for (const stroke of strokes) {
    const ball = world.balls.find((b) => b.id === stroke.cue && b.onTable);
    if (!ball) throw new Error(`simulate: cue ball ${stroke.cue} is not on the table`);
    applyStroke(ball, stroke);
    world.events.push({ t: world.t, type: "strike", ball: ball.id });
  }
}

/** True while some ball on the table still translates or slips. */
export function isMoving(world: World): boolean {
  return world.balls.some((b) => b.onTable && isTranslating(b));
}

/** Runs to rest: every ball stopped (a spin about the vertical alone moves nothing), dropped or off the table. */
export function runToRest(world: World): void {
  while (isMoving(world) && world.t < MAX_SIMULATED_TIME) stepWorld(world);
  if (isMoving(world)) {
    world.balls.forEach((ball, i) => {
      if (!ball.onTable || !isTranslating(ball)) return;
      setMotion(ball, [0, 0, 0, 0, 0]);
      keepPoint(world, i);
    });
  }
  reportInMouth(world);
}

export function stepWorld(world: World): void {
  const { balls, base } = world;
  const h = STEP;
  const driven = world.driven;
  for (let i = 0; i < balls.length; i++) {
    const ball = balls[i]!;
    driven[i] = ball.onTable && isTranslating(ball);
    base[i]!.kickedAt = -1;
    if (!driven[i]) continue;
    saveBase(base, i, ball, 0);
    evolveOnCloth(ball, h / 2);
  }
  drift(world, h);
  world.steps++;
  world.t = world.steps / STEPS_PER_SECOND;
  for (let i = 0; i < balls.length; i++) {
    const ball = balls[i]!;
    if (!ball.onTable || !driven[i]) continue;
    evolveOnCloth(ball, (h - base[i]!.t) / 2);
    if (!isOnTableRegion(ball.x, ball.y)) {
      // Only a numerical escape could get here (jumps are not modelled): report it rather than lose the ball.
      ball.onTable = false;
      world.events.push({ t: world.t, type: "off-table", ball: ball.id });
      keepPoint(world, i);
      continue;
    }
    if (isTranslating(ball)) offerPoint(world, i);
    else keepPoint(world, i);
  }
  releaseContacts(world);
}

/** A ball's velocity and spin at the instant `t` (seconds into the step) of its last contact or the step start. */
export interface BaseState {
  t: number;
  /** When, in this step, the ball was last half-kicked after an impact (−1: not yet). */
  kickedAt: number;
  vx: number;
  vy: number;
  wx: number;
  wy: number;
  wz: number;
}

function saveBase(base: BaseState[], i: number, ball: SimBall, t: number): void {
  const s = base[i]!;
  s.t = t;
  s.vx = ball.vx;
  s.vy = ball.vy;
  s.wx = ball.wx;
  s.wy = ball.wy;
  s.wz = ball.wz;
}

/** Puts into `ball` its exact velocity and spin at `t` seconds into the step, from its base state. */
function syncToContact(world: World, i: number, t: number): void {
  const ball = world.balls[i]!;
  if (!world.driven[i]) return; // at rest since the step began: nothing has changed
  const s = world.base[i]!;
  ball.vx = s.vx;
  ball.vy = s.vy;
  ball.wx = s.wx;
  ball.wy = s.wy;
  ball.wz = s.wz;
  evolveOnCloth(ball, t - s.t);
}

/** After a contact at `t`: the new state becomes the base, and the drift goes on at the half-kicked velocity. */
function rebase(world: World, i: number, t: number, h: number): void {
  const ball = world.balls[i]!;
  saveBase(world.base, i, ball, t);
  world.driven[i] = true;
  evolveOnCloth(ball, (h - t) / 2);
}

type Motion = readonly [vx: number, vy: number, wx: number, wy: number, wz: number];

function motionOf(b: SimBall): Motion {
  return [b.vx, b.vy, b.wx, b.wy, b.wz];
}

function setMotion(b: SimBall, m: Motion): void {
  [b.vx, b.vy, b.wx, b.wy, b.wz] = m;
}

/**
 * After an impact at `t`: the new state becomes the base; an exact (synced) state is half-kicked again for the
 * rest of the step, a drift state (the fallback) already is.
 */
function afterImpact(world: World, i: number, t: number, h: number, exact: boolean): void {
  const base = world.base[i]!;
  // Only one half-kick per ball per instant: within a cluster of simultaneous impacts the impulses alone act,
  // each one dissipating, so the cluster always settles (a kick between them could feed it for ever).
  if (exact && base.kickedAt !== t) {
    rebase(world, i, t, h);
    base.kickedAt = t;
  } else {
    saveBase(world.base, i, world.balls[i]!, t);
    world.driven[i] = true;
  }
}

/** Moves every moving ball for `h` seconds, resolving contacts at their exact times. */
function drift(world: World, h: number): void {
  const { balls } = world;
  let elapsed = 0;
  for (let count = 0; ; count++) {
    const remaining = h - elapsed;
    const next = earliestContact(balls, remaining);
    const span = next ? next.time : remaining;
    advance(world, span, world.t + elapsed);
    elapsed += span;
    if (!next) return;
    const time = world.t + elapsed;
    if (count > MAX_EVENTS_PER_STEP && next.kind !== "drop") {
      // Never seen in play or in the tests: a jam that the impulses do not settle. Rather than loop or throw,
      // the jammed balls stop dead (energy only falls), and the shot goes on.
      for (const i of next.kind === "ball" ? [next.a, next.b] : [next.a]) {
        setMotion(balls[i]!, [0, 0, 0, 0, 0]);
        afterImpact(world, i, elapsed, h, false);
      }
      continue;
    }
    if (next.kind === "ball") {
      const a = balls[next.a]!;
      const b = balls[next.b]!;
      const driftA = motionOf(a);
      const driftB = motionOf(b);
      syncToContact(world, next.a, elapsed);
      syncToContact(world, next.b, elapsed);
      const exact = resolveBallCollision(a, b);
      if (!exact) {
        // The exact state is already separating while the drift velocity still closes the gap (friction turned
        // the motion within the step): resolve on the drift state instead, so the drift cannot run into overlap.
        setMotion(a, driftA);
        setMotion(b, driftB);
      }
      const hit = exact || resolveBallCollision(a, b);
      const event: ShotEvent = { t: time, type: "collision", a: a.id, b: b.id, ax: a.x, ay: a.y, bx: b.x, by: b.y };
      if (hit) world.observer?.(event, balls);
      afterImpact(world, next.a, elapsed, h, exact);
      afterImpact(world, next.b, elapsed, h, exact);
      if (hit) {
        const key = a.id * 64 + b.id;
        if (!world.contacts.has(key)) {
          world.contacts.add(key);
          world.events.push(event);
        }
        keepPoint(world, next.a, time);
        keepPoint(world, next.b, time);
      }
    } else if (next.kind === "obstacle") {
      const ball = balls[next.a]!;
      const o = next.obstacle;
      let nx: number;
      let ny: number;
      if (o.kind === "wall") {
        nx = -o.nx;
        ny = -o.ny;
      } else {
        const d = Math.sqrt((o.cx - ball.x) ** 2 + (o.cy - ball.y) ** 2);
        nx = (o.cx - ball.x) / d;
        ny = (o.cy - ball.y) / d;
      }
      const drift = motionOf(ball);
      syncToContact(world, next.a, elapsed);
      const exact = resolveCushionCollision(ball, nx, ny);
      if (!exact) setMotion(ball, drift);
      const hit = exact || resolveCushionCollision(ball, nx, ny);
      const event: CushionEvent =
        o.jaw === undefined
          ? { t: time, type: "cushion", ball: ball.id, cushion: o.cushion, x: ball.x, y: ball.y }
          : { t: time, type: "cushion", ball: ball.id, cushion: o.cushion, jaw: o.jaw, x: ball.x, y: ball.y };
      if (hit) world.observer?.(event, balls);
      afterImpact(world, next.a, elapsed, h, exact);
      if (hit) {
        const key = 4096 + ball.id * 64 + o.index;
        if (!world.contacts.has(key)) {
          world.contacts.add(key);
          world.events.push(event);
        }
        keepPoint(world, next.a, time);
      }
    } else {
      const ball = balls[next.a]!;
      ball.onTable = false;
      world.events.push({ t: time, type: "pocket", ball: ball.id, pocket: next.pocket });
      keepPoint(world, next.a, time);
    }
  }
}

type Contact =
  | { kind: "ball"; time: number; a: number; b: number }
  | { kind: "obstacle"; time: number; a: number; obstacle: Obstacle }
  | { kind: "drop"; time: number; a: number; pocket: (typeof POCKET_IDS)[number] };

/** The first contact within `limit` seconds, or null. Ties go to the first found (fixed order). */
function earliestContact(balls: SimBall[], limit: number): Contact | null {
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
      const rx = a.x - zone.px;
      const ry = a.y - zone.py;
      if (rx * rx + ry * ry > (POCKET_REACH + travel) ** 2) continue;
      const speed = a.vx * zone.axisX + a.vy * zone.axisY;
      if (speed <= 0) continue;
      const depth = rx * zone.axisX + ry * zone.axisY;
      const t = depth >= 0 ? 0 : -depth / speed;
      if (t > bestTime || (t === bestTime && best !== null)) continue;
      const lateral = (rx + a.vx * t) * -zone.axisY + (ry + a.vy * t) * zone.axisX;
      if (Math.abs(lateral) > zone.halfWidth) continue;
      bestTime = t;
      best = { kind: "drop", time: t, a: i, pocket: zone.pocket };
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

/**
 * Straight-line motion of every ball for `span` seconds from time `t0`, noting crossings of the centre line
 * (I4) and of the long axis (for the lag's "other player's half", I21).
 */
function advance(world: World, span: number, t0: number): void {
  if (span <= 0) return;
  const crossings: ShotEvent[] = [];
  const { balls, halves, sides } = world;
  for (let i = 0; i < balls.length; i++) {
    const ball = balls[i]!;
    if (!ball.onTable || (ball.vx === 0 && ball.vy === 0)) continue;
    const x0 = ball.x;
    const y0 = ball.y;
    ball.x += ball.vx * span;
    ball.y += ball.vy * span;
    const half = Math.sign(ball.x);
    if (half !== 0 && half !== halves[i]) {
      if (halves[i] !== 0) {
        const from = halves[i] as -1 | 1;
        crossings.push({ t: t0 + -x0 / ball.vx, type: "centre-line", ball: ball.id, from });
      }
      halves[i] = half;
    }
    const side = Math.sign(ball.y);
    if (side !== 0 && side !== sides[i]) {
      if (sides[i] !== 0) {
        const from = sides[i] as -1 | 1;
        crossings.push({ t: t0 + -y0 / ball.vy, type: "long-axis", ball: ball.id, from });
      }
      sides[i] = side;
    }
  }
  if (crossings.length > 1) crossings.sort((p, q) => p.t - q.t);
  for (const c of crossings) world.events.push(c);
}

function offerPoint(world: World, i: number): void {
  const ball = world.balls[i]!;
  world.recorders[i]?.offer(world.t, ball.x, ball.y);
  world.paths[i]?.push([world.t, ball.x, ball.y]);
}

function keepPoint(world: World, i: number, t = world.t): void {
  const ball = world.balls[i]!;
  world.recorders[i]?.keep(t, ball.x, ball.y);
  world.paths[i]?.push([t, ball.x, ball.y]);
}

/** Forgets contacts whose gap has opened, so that the next touch is a new event. */
function releaseContacts(world: World): void {
  if (world.contacts.size === 0) return;
  const byId = new Map(world.balls.map((b) => [b.id, b]));
  for (const key of world.contacts) {
    const pair = key >= 4096;
    const id = Math.floor((pair ? key - 4096 : key) / 64);
    const other = (pair ? key - 4096 : key) % 64;
    const ball = byId.get(id)!;
    let gap: number;
    if (!ball.onTable) gap = Number.POSITIVE_INFINITY;
    else if (!pair) {
      const b = byId.get(other)!;
      gap = b.onTable ? Math.sqrt((b.x - ball.x) ** 2 + (b.y - ball.y) ** 2) - 2 * R : Number.POSITIVE_INFINITY;
    } else {
      const o = OBSTACLES[other]!;
      gap =
        o.kind === "wall"
          ? (ball.x - o.ax) * o.nx + (ball.y - o.ay) * o.ny - R
          : Math.sqrt((o.cx - ball.x) ** 2 + (o.cy - ball.y) ** 2) - o.reach;
    }
    if (gap > CONTACT_SEPARATION) world.contacts.delete(key);
  }
}

/** After rest: each ball whose circle crosses a pocket's mouth segment (I6). */
function reportInMouth(world: World): void {
  for (const ball of world.balls) {
    if (!ball.onTable) continue;
    for (const id of POCKET_IDS) {
      const [p, q] = POCKETS[id].mouth;
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const f = Math.max(0, Math.min(1, ((ball.x - p.x) * dx + (ball.y - p.y) * dy) / (dx * dx + dy * dy)));
      const distance = Math.sqrt((ball.x - (p.x + dx * f)) ** 2 + (ball.y - (p.y + dy * f)) ** 2);
      if (distance < R)
        world.events.push({ t: world.t, type: "in-mouth", ball: ball.id, pocket: id, moved: ball.moved });
    }
  }
}

export function restPositions(world: World): BallPosition[] {
  return world.balls.filter((b) => b.onTable).map((b) => ({ id: b.id, x: b.x, y: b.y }));
}

export function traces(world: World): BallTrace[] {
  const out: BallTrace[] = [];
  world.balls.forEach((ball, i) => {
    const recorder = world.recorders[i];
    if (recorder && ball.moved) out.push(recorder.finish(ball.id));
  });
  return out;
}
