import { parentPort } from "node:worker_threads";
import type { DecideJob, DecideReply } from "../../src/computer/decide-messages.ts";

/** A stand-in for the pool's worker whose every decision fails at once, as a broken search would. */
const port = parentPort!;
port.on("message", (job: DecideJob) => {
  port.postMessage({ id: job.id, error: "the search is broken on purpose" } satisfies DecideReply);
});
port.postMessage({ ready: true } satisfies DecideReply);
