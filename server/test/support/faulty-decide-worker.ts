import { parentPort } from "node:worker_threads";
import { decide } from "@habibka/shared/computer";
import type { DecideJob } from "../../src/computer/decide-messages.ts";

/**
 * A stand-in for the pool's worker that fails on purpose for some seeds: 13 ends the thread, 14 never answers,
 * 15 throws outside any handler. Every other seed is decided for real.
 */
const port = parentPort!;
port.on("message", (job: DecideJob) => {
  if (job.seed === 13) process.exit(3);
  if (job.seed === 14) return;
  if (job.seed === 15) {
    setTimeout(() => {
      throw new Error("boom");
    });
    return;
  }
  port.postMessage({ id: job.id, decision: decide(job.situation, job.level, job.seed) });
});
port.postMessage({ ready: true });
