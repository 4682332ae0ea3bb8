import type { EngineName, SimulationInput } from "@habibka/shared/physics";
import type { TableSimulation } from "@habibka/shared/pipeline";
import { Piscina } from "piscina";

/**
 * The shots' physics off the rooms' event loop: a worker thread simulates each shot (about a millisecond, a
 * hard break tens of them), so that a table's shot never holds up the others, and a box's spare core does
 * the work. The same deterministic code runs in the worker as in the room: the result is bit for bit what
 * the room itself would have computed.
 */
export interface ShotPhysics {
  simulate(input: SimulationInput, engine: EngineName): Promise<TableSimulation>;
  close(): Promise<void>;
}

/** Enough to keep a worker busy across an event-loop hop of the main thread; each is a shot's input. */
const SHOTS_QUEUED_PER_WORKER = 32;

export function createPhysicsPool(options: { readonly threads: number }): ShotPhysics {
  const pool = new Piscina({
    filename: new URL("./physics-worker.ts", import.meta.url).href,
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    // Shots queued in the worker itself, not in the pool: with one at a time, the worker sat idle after each
    // shot until the rooms' event loop (busy with thousands of sockets) got round to handing it the next, and
    // under load shots waited seconds behind that hand-over while the worker's core was half idle.
    concurrentTasksPerWorker: SHOTS_QUEUED_PER_WORKER,
  });
  return {
    simulate: (input, engine) => pool.run({ input, engine }) as Promise<TableSimulation>,
    close: () => pool.destroy(),
  };
}

/** The same physics, counting the shots handed to it and not yet back (the metrics' physics queue). */
export function countingQueue(physics: ShotPhysics): ShotPhysics & { readonly queued: () => number } {
  let queued = 0;
  return {
    simulate(input, engine) {
      queued++;
      return physics.simulate(input, engine).finally(() => {
        queued--;
      });
    },
    close: () => physics.close(),
    queued: () => queued,
  };
}
