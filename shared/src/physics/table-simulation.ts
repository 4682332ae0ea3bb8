import type { ShotEvent } from "../shot/shot-events.ts";
import { encodeTrace } from "../shot/trace-codec.ts";
import { visibleEnd } from "../shot/visible-end.ts";
import type { BallPosition } from "../table/balls.ts";
import { DEFAULT_ENGINE, type EngineName } from "./engines.ts";
import { type SimulationInput, type SimulationResult, simulate } from "./simulate.ts";

/**
 * A simulated stroke in the form a table takes it: what the rules judge, and the balls' paths already in the
 * binary form the record keeps and the clients animate. The server's physics thread hands this back rather
 * than the paths as thousands of small arrays, which cost the rooms' thread more to receive (and later to
 * collect) than the whole rest of the hand-over.
 */
export interface TableSimulation {
  readonly events: ShotEvent[];
  /** Balls still on the table, where the physics stopped them, in ascending id order. */
  readonly rest: BallPosition[];
  /** The balls' paths, encoded (trace-codec.ts). */
  readonly trace: Uint8Array;
  /** The animation's length, seconds: until what still moves can no longer be seen (visible-end.ts). */
  readonly duration: number;
}

/** The table's form of a simulation run with `trace: true` (without it, the trace is empty). */
function forTable(result: SimulationResult): TableSimulation {
  const trace = result.trace ?? [];
  return { events: result.events, rest: result.rest, trace: encodeTrace(trace), duration: visibleEnd(trace) };
}

/** Simulates on `engine` (exact unless given) and returns the table's form. */
export function simulateForTable(input: SimulationInput, engine: EngineName = DEFAULT_ENGINE): TableSimulation {
  return forTable(simulate(input, engine));
}
