import type { SimBall } from "../../src/physics/ball.ts";
import { R } from "../../src/physics/constants.ts";
import { ENGINE_NAMES, type EngineName } from "../../src/physics/engines.ts";
import { PLANCK_SETTINGS } from "../../src/physics/planck-contacts.ts";
import { runToRest } from "../../src/physics/step.ts";
import type { StepWatcher } from "../../src/physics/step-watcher.ts";
import { createWorld, strike, type World, type WorldOptions } from "../../src/physics/world.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { Stroke } from "../../src/shot/stroke.ts";
import type { TracePoint } from "../../src/shot/trace-codec.ts";
import type { BallPosition } from "../../src/table/balls.ts";

/** Every engine; the physics tests that state a physical fact run on each (`describe.each(ENGINES)`). */
export const ENGINES = ENGINE_NAMES;

/**
 * How far apart two centres are at a contact, beyond 2R (or a centre from a rail, beyond R). Exact: the contact
 * distance to rounding. Planck: its time of impact stops up to ½ linearSlop inside the contact, never outside
 * it (planck-contacts.ts).
 */
export const CONTACT_GAP = {
  exact: [-5e-10, 5e-10],
  planck: [-PLANCK_SETTINGS.linearSlop / 2 - 1e-12, 5e-10],
} as const satisfies Record<EngineName, readonly [number, number]>;

export const deg = (radians: number) => (radians * 180) / Math.PI;
export const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** A snapshot of a ball's motion right after an impact. */
export interface Snapshot {
  id: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
  wx: number;
  wy: number;
  wz: number;
}

export interface Impact {
  event: ShotEvent;
  balls: Snapshot[];
}

/** What a watched shot shows: every impulse with the balls right after it, and every ball's whole path. */
export interface Watched {
  readonly watcher: StepWatcher;
  readonly impacts: Impact[];
  /** Per ball in world order, every vertex of its simulated path from its place at t = 0. */
  readonly paths: TracePoint[][];
}

export function watch(world: World): Watched {
  const impacts: Impact[] = [];
  const paths = world.balls.map((b): TracePoint[] => [[0, b.x, b.y]]);
  const watcher: StepWatcher = {
    impact: (event, all) => impacts.push({ event, balls: all.map(snapshot) }),
    vertex: (i, point) => paths[i]!.push(point),
  };
  return { watcher, impacts, paths };
}

/** Runs a shot to rest, recording every impact with the balls' states right after it, and every path. */
export function play(
  balls: readonly BallPosition[],
  strokes: readonly Stroke[],
  options: WorldOptions = {},
): { world: World; impacts: Impact[]; paths: TracePoint[][] } {
  const world = createWorld(balls, options);
  const { watcher, impacts, paths } = watch(world);
  strike(world, strokes);
  runToRest(world, watcher);
  return { world, impacts, paths };
}

function snapshot(b: SimBall): Snapshot {
  return { id: b.id, x: b.x, y: b.y, vx: b.vx, vy: b.vy, wx: b.wx, wy: b.wy, wz: b.wz };
}

export function ballIn(impact: Impact, id: number): Snapshot {
  return impact.balls.find((b) => b.id === id)!;
}

/**
 * A cue ball placed so that, travelling along +x, it meets a ball at `target` with cut angle `cut` (degrees;
 * the line of centres at contact is `cut` from the direction of travel), after a run of `run` metres.
 */
export function cutSetup(target: { x: number; y: number }, cut: number, run: number): { x: number; y: number } {
  return { x: target.x - 2 * R * Math.cos(rad(cut)) - run, y: target.y - 2 * R * Math.sin(rad(cut)) };
}
