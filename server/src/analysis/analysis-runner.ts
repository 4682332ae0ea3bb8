import { type ChildProcess, fork } from "node:child_process";
import type { MatchAnalysis } from "@habibka/shared/protocol";
import type { AnalysisJob, AnalysisReply } from "./analysis-messages.ts";

/**
 * Runs analyses in child processes at the lowest priority (analysis-process.ts), at most `concurrent` at once,
 * with at most `queued` waiting: an analysis is minutes of a core's work, so it must never take a core from a
 * table, and no number of requests may pile up work without bound. One process per job: it needs nothing
 * kept between jobs, a crash or a hang loses only its own job, and its memory goes back when it ends.
 */

export interface AnalysisRunnerOptions {
  readonly concurrent: number;
  readonly queued: number;
  /** A job running longer fails and its process is killed. */
  readonly timeoutMs: number;
  /** The child's script; tests pass a stand-in. */
  readonly processUrl?: URL;
}

export interface JobEvents {
  /** The job left the queue and its process started. */
  readonly started?: () => void;
  readonly progress?: (done: number, total: number) => void;
}

interface Waiting {
  readonly job: AnalysisJob;
  readonly events: JobEvents;
  readonly resolve: (analysis: MatchAnalysis) => void;
  readonly reject: (error: Error) => void;
}

export class AnalysisRunner {
  readonly #options: AnalysisRunnerOptions;
  readonly #processUrl: URL;
  readonly #waiting: Waiting[] = [];
  readonly #running = new Set<ChildProcess>();
  #closed = false;

  constructor(options: AnalysisRunnerOptions) {
    this.#options = options;
    this.#processUrl = options.processUrl ?? new URL("./analysis-process.ts", import.meta.url);
  }

  /** Jobs running and waiting now. */
  get load(): { readonly running: number; readonly waiting: number } {
    return { running: this.#running.size, waiting: this.#waiting.length };
  }

  /** Whether another job would be refused now. */
  get full(): boolean {
    return this.#closed || this.#running.size + this.#waiting.length >= this.#options.concurrent + this.#options.queued;
  }

  /** The job's analysis, computed in a child process; null, and nothing queued, when the runner is full. */
  run(job: AnalysisJob, events: JobEvents = {}): Promise<MatchAnalysis> | null {
    if (this.full) return null;
    const done = new Promise<MatchAnalysis>((resolve, reject) => {
      this.#waiting.push({ job, events, resolve, reject });
    });
    this.#next();
    return done;
  }

  /** Kills every job's process; jobs running or waiting fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#waiting.splice(0)) waiting.reject(new Error("the analyses were stopped"));
    await Promise.all(
      [...this.#running].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", () => resolve());
            child.kill("SIGKILL");
          }),
      ),
    );
  }

  #next(): void {
    while (!this.#closed && this.#running.size < this.#options.concurrent && this.#waiting.length > 0) {
      this.#start(this.#waiting.shift()!);
    }
  }

  #start({ job, events, resolve, reject }: Waiting): void {
    // No inherited flags (a test runner's loaders): the child is plain Node running the TypeScript as it is.
    const child = fork(this.#processUrl, {
      serialization: "advanced",
      execArgv: [],
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    this.#running.add(child);
    let settled = false;
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-2_000);
    });
    const finish = (outcome: { analysis: MatchAnalysis } | { error: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      this.#running.delete(child);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      if ("analysis" in outcome) resolve(outcome.analysis);
      else reject(new Error(outcome.error));
      this.#next();
    };
    const timer = setTimeout(
      () => finish({ error: `no analysis within ${this.#options.timeoutMs} ms` }),
      this.#options.timeoutMs,
    );
    child.on("message", (reply: AnalysisReply) => {
      if (reply.type === "progress") events.progress?.(reply.done, reply.total);
      else if (reply.type === "done") finish({ analysis: reply.analysis });
      else finish({ error: reply.message });
    });
    child.once("error", (error) => finish({ error: `its process failed: ${error.message}` }));
    child.once("exit", (code, signal) => {
      const last = stderr.trim().split("\n").at(-1);
      finish({ error: `its process ended (${signal ?? `code ${code}`})${last ? `: ${last}` : ""}` });
    });
    child.send(job);
    events.started?.();
  }
}
