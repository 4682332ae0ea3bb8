import { setPriority } from "node:os";
import { analyseMatch } from "@habibka/shared/computer";
import { matchShots } from "@habibka/shared/match";
import type { AnalysisJob, AnalysisReply } from "./analysis-messages.ts";

/**
 * A child process that analyses one match (analysis-runner.ts forks one per job): it lowers its own priority
 * first, so the game's process and its threads always run before it, then reports its progress after each
 * stroke, sends the analysis, and leaves.
 */
if (!process.send) throw new Error("analysis-process runs as a forked child process");
const send = (reply: AnalysisReply) => process.send!(reply);

/** The lowest priority there is: the process gets a core only when nothing of the game's wants it. */
const NICENESS = 19;
try {
  setPriority(NICENESS);
} catch {
  // A platform that refuses leaves it at the game's priority; the work is the same, only less polite.
}

// Its parent gone (stopped, crashed or killed), nobody waits for the analysis: the child goes too, whatever
// the parent managed to do on its way out.
process.once("disconnect", () => process.exit(0));

process.once("message", (job: AnalysisJob) => {
  let reply: AnalysisReply;
  try {
    const shots = matchShots(job.record);
    if (!shots.ok) throw new Error(shots.error.message);
    const analysis = analyseMatch(job.matchId, shots.value, {
      level: job.level,
      engine: job.engine,
      onProgress: (done, total) => send({ type: "progress", done, total }),
    });
    reply = { type: "done", analysis };
  } catch (error) {
    reply = { type: "error", message: (error as Error).message.split("\n")[0] ?? "unknown" };
  }
  process.send!(reply, () => process.disconnect());
});
