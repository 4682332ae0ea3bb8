import type { EngineName, SimulationInput, TableSimulation } from "@habibka/shared/physics";
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

/**
 * Shots handed to the worker before it answers any: enough to keep it busy through a stall of the rooms'
 * thread (a collection of a large heap takes a tenth of a second or more, and at 500 shots a second dozens
 * arrive meanwhile). Each is one table's shot, and a table has one at a time, so the tables bound them.
 */
const SHOTS_QUEUED_PER_WORKER = 512;

/**
 * Shots whose physics came back that the rooms' thread takes up in one turn of its event loop. Results that
 * arrive together (after a stall, dozens) would otherwise all be judged, recorded and announced in one go,
 * holding the loop for as long: and since the sockets are written at the end of a turn (write-batching.ts),
 * the first of them would reach its players only with the last. In slices, each goes out a few milliseconds
 * after its own turn, and the sockets and timers are served between them.
 */
const RESULTS_PER_TURN = 8;

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
    // The pool's own run and wait histograms are read by nothing here (the metrics count the queue themselves),
    // and timing every shot twice costs the rooms' thread for each one.
    recordTiming: false,
  });
  const slices = new TurnSlices(RESULTS_PER_TURN);
  return {
    simulate: (input, engine) => (pool.run({ input, engine }) as Promise<TableSimulation>).then((r) => slices.later(r)),
    close: () => pool.destroy(),
  };
}

/** Hands values back a few per turn of the event loop, in the order they came (RESULTS_PER_TURN's reason). */
export class TurnSlices {
  readonly #perTurn: number;
  #waiting: (() => void)[] = [];
  #scheduled = false;

  constructor(perTurn: number) {
    this.#perTurn = perTurn;
  }

  /** Resolves with `value` in a later turn, after everything handed here before it. */
  later<T>(value: T): Promise<T> {
    return new Promise((resolve) => {
      this.#waiting.push(() => resolve(value));
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.#release());
      }
    });
  }

  #release(): void {
    const now = this.#waiting.splice(0, this.#perTurn);
    for (const go of now) go();
    if (this.#waiting.length > 0) setImmediate(() => this.#release());
    else this.#scheduled = false;
  }
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
