import { Worker } from "node:worker_threads";
import type { Decision, LevelSpec, Situation } from "@habibka/shared/computer";
import type { ComputerLevel } from "@habibka/shared/match";
import { DEFAULT_ENGINE, type EngineName } from "@habibka/shared/physics";
import type { DecideJob, DecideReply } from "./decide-messages.ts";

/**
 * The computer's decisions off the event loop: a small pool of worker threads, each deciding one situation at a
 * time (about a second of one core at the strongest level), so a table with the computer never delays other
 * tables. A worker that crashes or overruns its time fails its decision with an error and is replaced; the
 * promise never hangs. A decision's time starts once its worker has loaded its code: a new thread's start-up,
 * seconds on a busy machine, is not the search overrunning.
 */

/** How long a new worker may take to load before its decision fails. */
const WORKER_START_MS = 60_000;

export interface DecidePoolOptions {
  /** The engine the search simulates on: the one the tables' shots are judged on (PHYSICS_ENGINE). */
  readonly engine?: EngineName;
  /** Worker threads; default 1, leaving the other cores to the rooms. */
  readonly size?: number;
  /** A decision taking longer fails and its worker is ended; default 10 s. */
  readonly timeoutMs?: number;
  /** The worker script; the default is decide-worker.ts beside this file (tests pass a stand-in). */
  readonly workerUrl?: URL;
}

interface Job extends DecideJob {
  readonly resolve: (decision: Decision) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

export class DecidePool {
  readonly #engine: EngineName;
  readonly #size: number;
  readonly #timeoutMs: number;
  readonly #workerUrl: URL;
  readonly #slots: Slot[] = [];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: DecidePoolOptions = {}) {
    this.#engine = options.engine ?? DEFAULT_ENGINE;
    this.#size = Math.max(1, options.size ?? 1);
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#workerUrl = options.workerUrl ?? new URL("./decide-worker.ts", import.meta.url);
  }

  /** The decision of `decide(situation, level, seed, engine)`, computed in a worker thread. */
  decide(situation: Situation, level: ComputerLevel | LevelSpec, seed: number): Promise<Decision> {
    if (this.#closed) return Promise.reject(new Error("the decision pool is closed"));
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, situation, level, seed, engine: this.#engine, resolve, reject });
      this.#dispatch();
    });
  }

  /** Ends every worker; decisions still waiting or running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.reject(new Error("the decision pool was closed"));
    await Promise.all(this.#slots.map((slot) => slot.worker.terminate()));
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      let slot = this.#slots.find((s) => s.job === null);
      if (!slot && this.#slots.length < this.#size) slot = this.#spawn();
      if (!slot) return;
      const job = this.#queue.shift()!;
      slot.job = job;
      this.#startTimer(slot);
      const { resolve: _resolve, reject: _reject, ...message } = job;
      slot.worker.postMessage(message satisfies DecideJob);
    }
  }

  #spawn(): Slot {
    const worker = new Worker(this.#workerUrl);
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    worker.on("message", (reply: DecideReply) => {
      if ("ready" in reply) {
        slot.ready = true;
        if (slot.job) this.#startTimer(slot);
        return;
      }
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      this.#finish(slot);
      if ("error" in reply) job.reject(new Error(`the computer could not decide: ${reply.error}`));
      else job.resolve(reply.decision);
      this.#dispatch();
    });
    worker.on("error", (error) => this.#fail(slot, `its worker crashed: ${error.message}`));
    worker.on("exit", (code) => this.#fail(slot, `its worker exited with code ${code}`));
    this.#slots.push(slot);
    return slot;
  }

  /** The decision's own time once the worker is loaded; until then, the time it may take to load. */
  #startTimer(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = slot.ready
      ? setTimeout(() => this.#fail(slot, `no decision within ${this.#timeoutMs} ms`), this.#timeoutMs)
      : setTimeout(() => this.#fail(slot, `its worker did not start within ${WORKER_START_MS} ms`), WORKER_START_MS);
  }

  #finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** The worker is lost: its decision fails, it leaves the pool, and the queue goes on with a new one. */
  #fail(slot: Slot, reason: string): void {
    const index = this.#slots.indexOf(slot);
    if (index < 0) return;
    this.#slots.splice(index, 1);
    const job = slot.job;
    this.#finish(slot);
    void slot.worker.terminate();
    if (job) job.reject(new Error(`the computer's decision failed: ${reason}`));
    if (!this.#closed) this.#dispatch();
  }
}
