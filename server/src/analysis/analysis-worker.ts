import { parentPort } from "node:worker_threads";
import { analyseMatch } from "@habibka/shared/computer";
import { matchShots } from "@habibka/shared/match";
import type { AnalysisJob, AnalysisReply } from "./analysis-messages.ts";

/**
 * The analysis itself, on a thread of the analysis process (analysis-process.ts): a whole match's analysis
 * runs without yielding, so it runs here, leaving the process's main thread free to hear its parent go.
 */
if (!parentPort) throw new Error("analysis-worker runs as a worker thread");
const port = parentPort;
port.once("message", (job: AnalysisJob) => {
  let reply: AnalysisReply;
  try {
    const shots = matchShots(job.record);
    if (!shots.ok) throw new Error(shots.error.message);
    const analysis = analyseMatch(job.matchId, shots.value, {
      level: job.level,
      engine: job.engine,
      onProgress: (done, total) => port.postMessage({ type: "progress", done, total } satisfies AnalysisReply),
    });
    reply = { type: "done", analysis };
  } catch (error) {
    reply = { type: "error", message: (error as Error).message.split("\n")[0] ?? "unknown" };
  }
  port.postMessage(reply);
});
