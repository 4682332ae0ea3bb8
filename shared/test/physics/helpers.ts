import type { SimBall } from "../../src/physics/ball.ts";
import { R } from "../../src/physics/constants.ts";
import type { Stroke } from "../../src/physics/stroke.ts";
import { createWorld, runToRest, strike, type World, type WorldOptions } from "../../src/physics/world.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { BallPosition } from "../../src/table/balls.ts";

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

/** Runs a shot to rest, recording every impact with the balls' states right after it. */
export function play(
  balls: readonly BallPosition[],
  strokes: readonly Stroke[],
  options: Omit<WorldOptions, "observer"> = {},
): { world: World; impacts: Impact[] } {
  const impacts: Impact[] = [];
  const world = createWorld(balls, {
    ...options,
    observer: (event, all) => impacts.push({ event, balls: all.map(snapshot) }),
  });
  strike(world, strokes);
  runToRest(world);
  return { world, impacts };
}

export function snapshot(b: SimBall): Snapshot {
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
