import { analyseMatch } from "@habibka/shared/computer";
import { matchShots } from "@habibka/shared/match";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { describe, expect, it } from "vitest";
import type { AnalysisJob } from "../../src/analysis/analysis-messages.ts";
import { AnalysisRunner } from "../../src/analysis/analysis-runner.ts";

/**
 * The runner of analyses in child processes: the real analysis process gives what the analyser gives in this
 * process, with its progress; its places are bounded; a process that fails, dies or overruns fails its job
 * only; closing fails what waits and kills what runs. Analysed at the novice level, the cheapest.
 */

const { record } = readGoldenRecord("format-2-lag-match.json");
const job: AnalysisJob = { matchId: record.header.matchId, record, level: "novice", engine: "exact" };
const standIn = (name: string) => new URL(`../support/${name}-analysis-process.ts`, import.meta.url);
const quick = { concurrent: 1, queued: 1, timeoutMs: 120_000 };

describe("AnalysisRunner", () => {
  it("analyses a match in a child process, as the analyser does here, telling its progress", async () => {
    const runner = new AnalysisRunner(quick);
    const progress: [number, number][] = [];
    let started = false;
    const analysis = await runner.run(job, {
      started: () => {
        started = true;
      },
      progress: (done, total) => progress.push([done, total]),
    });
    const shots = matchShots(record);
    if (!shots.ok) throw new Error(shots.error.message);
    expect(analysis).toEqual(analyseMatch(job.matchId, shots.value, { level: "novice" }));
    expect(started).toBe(true);
    expect(progress).toEqual([1, 2, 3, 4, 5, 6].map((done) => [done, 6]));
    expect(runner.load).toEqual({ running: 0, waiting: 0 });
    await runner.close();
  });

  it("takes no more than its places, refusing the next at once; a place frees when a job ends", async () => {
    const runner = new AnalysisRunner({ ...quick, processUrl: standIn("hanging") });
    const first = runner.run(job);
    const second = runner.run(job);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(runner.full).toBe(true);
    expect(runner.run(job)).toBeNull();
    expect(runner.load).toEqual({ running: 1, waiting: 1 });
    const failures = Promise.allSettled([first, second]);
    await runner.close();
    expect((await failures).map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(runner.run(job)).toBeNull();
  });

  it("fails the job of a process that reports a failure, dies or overruns, and goes on", async () => {
    const failing = new AnalysisRunner({ ...quick, processUrl: standIn("failing") });
    await expect(failing.run(job)).rejects.toThrow("the analysis is broken on purpose");
    const crashing = new AnalysisRunner({ ...quick, processUrl: standIn("crashing") });
    await expect(crashing.run(job)).rejects.toThrow(/its process ended \(code 7\): out of memory, on purpose/);
    expect(crashing.load).toEqual({ running: 0, waiting: 0 });
    const hanging = new AnalysisRunner({ ...quick, timeoutMs: 300, processUrl: standIn("hanging") });
    await expect(hanging.run(job)).rejects.toThrow("no analysis within 300 ms");
    expect(hanging.full).toBe(false);
    await Promise.all([failing.close(), crashing.close(), hanging.close()]);
  });
});
