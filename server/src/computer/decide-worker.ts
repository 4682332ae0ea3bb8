import { parentPort } from "node:worker_threads";
import { decide } from "@habibka/shared/computer";
import type { DecideJob, DecideReply } from "./decide-messages.ts";

/** A worker thread of the decision pool: one decision at a time, off the room's event loop. */
if (!parentPort) throw new Error("decide-worker runs as a worker thread");
const port = parentPort;
port.on("message", (job: DecideJob) => {
  let reply: DecideReply;
  try {
    reply = { id: job.id, decision: decide(job.situation, job.level, job.seed, job.engine) };
  } catch (error) {
    reply = { id: job.id, error: (error as Error).message };
  }
  port.postMessage(reply);
});
port.postMessage({ ready: true } satisfies DecideReply);
