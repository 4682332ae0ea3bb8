import type { ShotEvent } from "../shot/shot-events.ts";
import type { Stroke } from "../shot/stroke.ts";
import type { BallTrace } from "../shot/trace-codec.ts";
import type { BallPosition } from "../table/balls.ts";
import { DEFAULT_ENGINE, type EngineName } from "./engines.ts";
import { runToRest } from "./step.ts";
import { createWorld, restPositions, strike, traces } from "./world.ts";

export interface SimulationInput {
  readonly balls: readonly BallPosition[];
  /** One stroke normally; two for the lag (I21: both struck at the same moment). */
  readonly strokes: readonly Stroke[];
  readonly trace?: boolean;
}

export interface SimulationStats {
  /** Simulated time from the stroke until the last ball stopped, seconds. */
  simulated_s: number;
  steps: number;
  /** Wall time of the simulation alone, milliseconds (the only clock read in the physics). */
  wall_ms: number;
}

export interface SimulationResult {
  events: ShotEvent[];
  /** Balls still on the table, where the physics stopped them, in ascending id order. */
  rest: BallPosition[];
  trace?: BallTrace[];
  stats: SimulationStats;
}

/**
 * Simulates one shot from the stroke to rest on the given engine (exact unless named). Deterministic: the same
 * input on the same engine gives bit-identical events, rest positions and trace (fixed steps, fixed iteration
 * order, no randomness, no clock except for `wall_ms`).
 * The input is trusted to be valid (the CLI and the server validate first); an unknown cue ball throws.
 */
export function simulate(input: SimulationInput, engine: EngineName = DEFAULT_ENGINE): SimulationResult {
  const started = performance.now();
  const world = createWorld(input.balls, { trace: input.trace === true, engine });
  strike(world, input.strokes);
  runToRest(world);
  const result: SimulationResult = {
    events: world.events,
    rest: restPositions(world),
    stats: { simulated_s: world.t, steps: world.steps, wall_ms: 0 },
  };
  if (input.trace) result.trace = traces(world);
  result.stats.wall_ms = performance.now() - started;
  return result;
}
