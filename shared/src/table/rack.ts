import type { Random } from "../random.ts";
import { type BallPosition, COLOURED_BALL } from "./balls.ts";
import { BALL_RADIUS } from "./dimensions.ts";
import { CENTRE_SPOT, FOOT_SPOT } from "./marks.ts";

/** The ball at the pyramid's apex, removed for the opening shot from hand (clause 5, I22). */
export const APEX_BALL = 1;

export interface RackOptions {
  /** Nominal gap between neighbouring balls, metres. Balls racked exactly touching behave wrongly in Planck. */
  readonly gap?: number;
  /** Seeded jitter: each ball moves by up to `jitter` metres in x and y; needs `random`. */
  readonly jitter?: number;
  readonly random?: Random;
}

/** Default nominal gap: 0.3 mm, inside the 0.1–0.5 mm range that gives textbook collisions (docs/PHYSICS.md). */
export const RACK_GAP = 0.0003;

/** Rack jitter of a real match: up to 0.1 mm per axis, below gap/(2√2) for the default gap, so no two balls touch. */
export const RACK_JITTER = 0.0001;

/**
 * The pyramid of 15 white balls (clause 5): apex on the third mark, rows towards the foot, base parallel to
 * the foot cushion. Ids 1–15 are assigned row by row, the apex first. With jitter, each ball is moved by at
 * most `jitter` per axis; `jitter` must stay below half the gap so that no two balls can touch.
 */
export function rackPositions(options: RackOptions = {}): BallPosition[] {
  const gap = options.gap ?? RACK_GAP;
  const jitter = options.jitter ?? 0;
  if (jitter > 0 && !options.random) throw new Error("rackPositions: jitter needs a seeded random source");
  if (jitter * 2 * Math.SQRT2 >= gap && jitter > 0)
    throw new Error("rackPositions: jitter must stay below gap / (2√2)");
  const pitch = 2 * BALL_RADIUS + gap;
  const rowStep = (pitch * Math.sqrt(3)) / 2;
  const balls: BallPosition[] = [];
  let id = 1;
  for (let row = 0; row < 5; row++) {
    for (let k = 0; k <= row; k++) {
      const dx = jitter > 0 ? (options.random!() * 2 - 1) * jitter : 0;
      const dy = jitter > 0 ? (options.random!() * 2 - 1) * jitter : 0;
      balls.push({ id, x: FOOT_SPOT.x + row * rowStep + dx, y: (k - row / 2) * pitch + dy });
      id++;
    }
  }
  return balls;
}

/** The starting position (clause 5): the coloured ball on the centre mark and the full pyramid. */
export function startingPosition(options: RackOptions = {}): BallPosition[] {
  return [{ id: COLOURED_BALL, x: CENTRE_SPOT.x, y: CENTRE_SPOT.y }, ...rackPositions(options)];
}
