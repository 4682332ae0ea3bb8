import {
  type AABBValue,
  type Body,
  Circle,
  Edge,
  type Fixture,
  Settings,
  type Shape,
  type Sweep,
  TimeOfImpact,
  TOIInput,
  TOIOutput,
  TOIOutputState,
  World,
} from "planck";
import type { SimBall } from "./ball.ts";
import { DROP_ZONES, OBSTACLES, type Obstacle } from "./boundary.ts";
import { R } from "./constants.ts";
import type { Contact, ContactFinder } from "./contact.ts";
import { isApproaching, isApproachingLine } from "./contact-time.ts";
import { dropTime } from "./pocket-drop.ts";

/**
 * The Planck.js engine's settings (docs/PHYSICS.md, "The Planck engine", gives the measurements behind them).
 * Planck keeps its settings in one static object; they are set for each call into Planck and put back after,
 * so nothing else that uses Planck in the process sees them.
 */
export const PLANCK_SETTINGS = {
  /**
   * Planck's collision tolerance: with the padding below, its time of impact stops at most ½ slop inside the
   * real contact. 0.1 µm keeps every resting table a valid position (habibka-sim refuses overlaps above 0.1 µm),
   * and Planck's search still converges in a few iterations at it.
   */
  linearSlop: 1e-7,
  /**
   * The broad phase's margin around each fixture. A ball's fixture is moved to its centre before every search;
   * a small margin re-inserts it more often but offers fewer false candidates, whose time of impact is the
   * costly part.
   */
  aabbExtension: 0.01,
} as const;

/**
 * Planck's time of impact aims 3 slops inside the sum of the radii and stops within ¼ slop of that (its target
 * and tolerance); edges carry a skin of 2 slops. Each radius is padded, and each edge moved outwards behind its
 * skin, so that the search stops between ½ slop inside the real contact and the contact itself: never before
 * the shapes touch, so a ball frozen to a rail or grazing a jaw exactly is no contact, as in the exact engine.
 */
const TOI_TARGET = 3;
const TOI_TOLERANCE = 0.25;
const EDGE_SKIN = 2;
const PAD = (TOI_TARGET - TOI_TOLERANCE) / 2;
const EDGE_SHIFT = PAD + EDGE_SKIN - (TOI_TARGET - TOI_TOLERANCE);

/**
 * Contact finding by Planck.js: a Planck `World` holds a static body with the table's rail pieces (cushion
 * noses and jaw walls as edges, jaw noses as circles) and one dynamic body per ball. For each moving ball its
 * broad phase (a dynamic AABB tree) offers the fixtures near the ball's path, and Planck's continuous
 * collision (`TimeOfImpact`, conservative advancement on GJK distances) gives each candidate's time of
 * impact. Planck's solver never runs: the shared model alone decides velocities and spin, so Planck's
 * response, restitution mixing, speed threshold, sleeping and angular-velocity cap never apply.
 */
export function planckContacts(balls: readonly SimBall[]): ContactFinder {
  return withPlanckSettings(() => new PlanckContacts(balls));
}

type Role = { readonly ball: number } | { readonly obstacle: Obstacle };

class PlanckContacts implements ContactFinder {
  readonly #world = new World({ gravity: { x: 0, y: 0 } });
  readonly #bodies: Body[];
  readonly #shapes: Shape[];
  /** Where each ball's body was last put (its fixture is moved only when the ball has moved). */
  readonly #placed: { x: number; y: number; active: boolean }[];
  readonly #input = new TOIInput();
  readonly #output = new TOIOutput();
  readonly #box: AABBValue = { lowerBound: { x: 0, y: 0 }, upperBound: { x: 0, y: 0 } };
  readonly #candidates: Fixture[] = [];
  readonly #collect = (fixture: Fixture): boolean => {
    this.#candidates.push(fixture);
    return true;
  };

  constructor(balls: readonly SimBall[]) {
    const slop = PLANCK_SETTINGS.linearSlop;
    const table = this.#world.createBody();
    for (const o of OBSTACLES) {
      const role: Role = { obstacle: o };
      if (o.kind === "nose") {
        table.createFixture(new Circle({ x: o.cx, y: o.cy }, o.reach - R + PAD * slop), { userData: role });
      } else {
        const ox = -o.nx * EDGE_SHIFT * slop;
        const oy = -o.ny * EDGE_SHIFT * slop;
        const from = { x: o.ax + ox, y: o.ay + oy };
        const to = { x: o.ax + o.dx * o.length + ox, y: o.ay + o.dy * o.length + oy };
        table.createFixture(new Edge(from, to), { userData: role });
      }
    }
    this.#bodies = balls.map((ball, i) => {
      const body = this.#world.createBody({ type: "dynamic", position: { x: ball.x, y: ball.y } });
      body.createFixture(new Circle(R + PAD * slop), { userData: { ball: i } satisfies Role });
      return body;
    });
    this.#shapes = this.#bodies.map((body) => body.getFixtureList()!.getShape());
    this.#placed = balls.map((b) => ({ x: b.x, y: b.y, active: true }));
  }

  earliest(balls: readonly SimBall[], limit: number): Contact | null {
    return withPlanckSettings(() => this.#earliest(balls, limit));
  }

  #earliest(balls: readonly SimBall[], limit: number): Contact | null {
    this.#place(balls);
    // Other balls may move towards a ball's path: each search allows for the fastest of them.
    let fastest = 0;
    let second = 0;
    for (const b of balls) {
      if (!b.onTable) continue;
      const speed = Math.sqrt(b.vx ** 2 + b.vy ** 2);
      if (speed > fastest) [fastest, second] = [speed, fastest];
      else second = Math.max(second, speed);
    }
    let best: Contact | null = null;
    // The fixed order of ties: by ball, then pairs before rail pieces before drop lines, then the other index.
    let order = [0, 0, 0];
    const improves = (t: number, first: number, kind: number, other: number): boolean => {
      if (t > limit) return false;
      if (best !== null && (t > best.time || (t === best.time && !isBefore(first, kind, other, order)))) return false;
      order = [first, kind, other];
      return true;
    };
    for (let i = 0; i < balls.length; i++) {
      const a = balls[i]!;
      if (!a.onTable || (a.vx === 0 && a.vy === 0)) continue;
      const speed = Math.sqrt(a.vx ** 2 + a.vy ** 2);
      for (const fixture of this.#near(a, limit, speed === fastest ? second : fastest)) {
        const role = fixture.getUserData() as Role;
        if ("ball" in role) {
          const j = role.ball;
          const b = balls[j]!;
          // A pair of moving balls is examined once, from the lower index.
          if (j === i || !b.onTable || ((b.vx !== 0 || b.vy !== 0) && j < i)) continue;
          const t = this.#ballTime(a, i, b, fixture.getShape(), limit);
          const low = Math.min(i, j);
          const high = Math.max(i, j);
          if (improves(t, low, 0, high)) best = { kind: "ball", time: t, a: low, b: high };
        } else {
          const o = role.obstacle;
          const t = this.#obstacleTime(a, i, o, fixture.getShape(), limit);
          if (improves(t, i, 1, o.index)) best = { kind: "obstacle", time: t, a: i, obstacle: o };
        }
      }
      for (let k = 0; k < DROP_ZONES.length; k++) {
        const zone = DROP_ZONES[k]!;
        const t = dropTime(a, zone, speed * limit, limit);
        if (improves(t, i, 2, k)) best = { kind: "drop", time: t, a: i, pocket: zone.pocket };
      }
    }
    return best;
  }

  /** Moves each ball's body to its ball (and takes dropped balls out of the broad phase). */
  #place(balls: readonly SimBall[]): void {
    for (let i = 0; i < balls.length; i++) {
      const ball = balls[i]!;
      const placed = this.#placed[i]!;
      if (!ball.onTable) {
        if (placed.active) this.#bodies[i]!.setActive(false);
        placed.active = false;
      } else if (ball.x !== placed.x || ball.y !== placed.y) {
        placed.x = ball.x;
        placed.y = ball.y;
        this.#bodies[i]!.setPosition(placed);
      }
    }
  }

  /** The fixtures the broad phase offers along a ball's path, allowing for another ball's motion at `other` m/s. */
  #near(ball: SimBall, limit: number, other: number): readonly Fixture[] {
    const reach = R + PAD * PLANCK_SETTINGS.linearSlop + other * limit;
    const ex = ball.x + ball.vx * limit;
    const ey = ball.y + ball.vy * limit;
    const { lowerBound, upperBound } = this.#box;
    lowerBound.x = Math.min(ball.x, ex) - reach;
    lowerBound.y = Math.min(ball.y, ey) - reach;
    upperBound.x = Math.max(ball.x, ex) + reach;
    upperBound.y = Math.max(ball.y, ey) + reach;
    this.#candidates.length = 0;
    this.#world.queryAABB(this.#box, this.#collect);
    return this.#candidates;
  }

  #ballTime(a: SimBall, i: number, b: SimBall, shape: Shape, limit: number): number {
    const px = b.x - a.x;
    const py = b.y - a.y;
    const vx = b.vx - a.vx;
    const vy = b.vy - a.vy;
    // Straight-line motion only brings a pair closer while it approaches: skip pairs that do not.
    if (!isApproaching(px, py, vx, vy, 2 * R)) return Number.POSITIVE_INFINITY;
    const t = this.#timeOfImpact(a, i, shape, b, limit);
    return isApproaching(px + vx * t, py + vy * t, vx, vy, 2 * R) ? t : Number.POSITIVE_INFINITY;
  }

  #obstacleTime(ball: SimBall, i: number, o: Obstacle, shape: Shape, limit: number): number {
    if (o.kind === "wall") {
      if (!isApproachingLine(ball.vx * o.nx + ball.vy * o.ny)) return Number.POSITIVE_INFINITY;
      return this.#timeOfImpact(ball, i, shape, null, limit);
    }
    const px = o.cx - ball.x;
    const py = o.cy - ball.y;
    if (!isApproaching(px, py, -ball.vx, -ball.vy, o.reach)) return Number.POSITIVE_INFINITY;
    const t = this.#timeOfImpact(ball, i, shape, null, limit);
    return isApproaching(px - ball.vx * t, py - ball.vy * t, -ball.vx, -ball.vy, o.reach)
      ? t
      : Number.POSITIVE_INFINITY;
  }

  /**
   * Planck's time of impact between ball `i` and a shape (another ball's, moving, or the table's), both moving
   * in straight lines for `limit` seconds: seconds from now, or Infinity when they stay apart.
   */
  #timeOfImpact(ball: SimBall, i: number, other: Shape, otherBall: SimBall | null, limit: number): number {
    const input = this.#input;
    const output = this.#output;
    input.proxyA.set(this.#shapes[i]!, 0);
    input.proxyB.set(other, 0);
    sweepAlong(input.sweepA, ball.x, ball.y, ball.vx * limit, ball.vy * limit);
    if (otherBall) sweepAlong(input.sweepB, otherBall.x, otherBall.y, otherBall.vx * limit, otherBall.vy * limit);
    else sweepAlong(input.sweepB, 0, 0, 0, 0);
    input.tMax = 1;
    TimeOfImpact(output, input);
    // A failed search (out of iterations) stops at the last time known to be clear: take that, never tunnel.
    if (output.state === TOIOutputState.e_touching || output.state === TOIOutputState.e_failed) return output.t * limit;
    return Number.POSITIVE_INFINITY;
  }
}

/** A ball's (or the table's) straight motion over the search as a Planck sweep: from (x, y) by (dx, dy). */
function sweepAlong(sweep: Sweep, x: number, y: number, dx: number, dy: number): void {
  sweep.localCenter.setZero();
  sweep.c0.setNum(x, y);
  sweep.c.setNum(x + dx, y + dy);
  sweep.a0 = 0;
  sweep.a = 0;
  sweep.alpha0 = 0;
}

/** True when (first, kind, other) comes before `order` in the fixed order of ties. */
function isBefore(first: number, kind: number, other: number, order: readonly number[]): boolean {
  if (first !== order[0]) return first < order[0]!;
  if (kind !== order[1]) return kind < order[1]!;
  return other < order[2]!;
}

/** Runs `work` with Planck's static settings set to this engine's, and puts back whatever they were. */
function withPlanckSettings<T>(work: () => T): T {
  const { linearSlop, aabbExtension } = Settings;
  Settings.linearSlop = PLANCK_SETTINGS.linearSlop;
  Settings.aabbExtension = PLANCK_SETTINGS.aabbExtension;
  try {
    return work();
  } finally {
    Settings.linearSlop = linearSlop;
    Settings.aabbExtension = aabbExtension;
  }
}
