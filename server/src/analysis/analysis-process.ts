import { readdirSync } from "node:fs";
import { setPriority } from "node:os";
import { Worker } from "node:worker_threads";
import type { AnalysisJob, AnalysisReply } from "./analysis-messages.ts";

/**
 * A child process that analyses one match (analysis-runner.ts forks one per job). It lowers the priority of
 * every thread it has first (V8's helpers, which collect the analysis's garbage, as well as its main thread),
 * so the game's process and its threads always run before it; a thread started afterwards, the analysis's
 * own, inherits it. It then runs the analysis on that worker thread (analysis-worker.ts), passing its progress
 * and its result on, and leaves. Its main thread stays free: should its parent go (stopped, crashed or
 * killed), it hears the channel close and goes too, the analysis with it.
 */
if (!process.send) throw new Error("analysis-process runs as a forked child process");

/** The lowest priority there is: the process gets a core only when nothing of the game's wants it. */
const NICENESS = 19;

/** Each thread's priority is its own on Linux: every one of the process's threads is lowered. */
function lowerEveryThread(): void {
  let threads: number[] = [0];
  try {
    threads = readdirSync("/proc/self/task").map(Number);
  } catch {
    // No /proc (not Linux): the calling thread, and the threads started after, are what can be lowered.
  }
  for (const thread of threads) {
    try {
      setPriority(thread, NICENESS);
    } catch {
      // A thread that ended meanwhile, or a platform that refuses: the work is the same, only less polite.
    }
  }
}

lowerEveryThread();
process.once("disconnect", () => process.exit(0));

process.once("message", (job: AnalysisJob) => {
  const worker = new Worker(new URL("./analysis-worker.ts", import.meta.url));
  // The last reply sent, the channel is closed: the process then ends, its worker with it.
  const last = (reply: AnalysisReply) => process.send!(reply, undefined, {}, () => process.disconnect());
  worker.on("message", (reply: AnalysisReply) => {
    if (reply.type === "progress") process.send!(reply);
    else last(reply);
  });
  worker.once("error", (error) => last({ type: "error", message: error.message }));
  worker.once("online", lowerEveryThread);
  worker.postMessage(job);
});
