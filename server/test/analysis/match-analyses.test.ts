import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MatchAnalysis } from "@habibka/shared/protocol";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnalysisJob } from "../../src/analysis/analysis-messages.ts";
import type { AnalysisRunner, JobEvents } from "../../src/analysis/analysis-runner.ts";
import { type AnalysisAnswer, MatchAnalyses } from "../../src/analysis/match-analyses.ts";
import { createLogger } from "../../src/logger.ts";
import {
  type AddressLimits,
  createAddressLimits,
  DEFAULT_ANALYSIS_LIMITS,
  DEFAULT_RATE_LIMITS,
} from "../../src/rate-limits.ts";
import type { DatabaseLocation } from "../../src/records/database.ts";
import { MatchRecords } from "../../src/records/match-records.ts";
import { freshDatabase, type RunningService, startPostgres } from "../support/services.ts";
import { storeRecord } from "../support/stored-record.ts";

/**
 * The analyses' bookkeeping on both databases the records run on, with several processes sharing one
 * database (each a MatchAnalyses of its own owner) and a stand-in runner the test finishes by hand: an
 * analysis is started once however many processes are asked, kept once done, taken up again when its
 * process stops or its lease runs out, and refused with a specific code past the runner's places or an
 * address's starts. The real runner and the HTTP route are analysis-route.test.ts.
 */

const FINISHED = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d01";
const PLAYING = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d02";
const MISSING = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d03";
const ANOTHER = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d04";

/** A runner the test drives: it records each job and finishes it when told to. */
class HandRunner implements Pick<AnalysisRunner, "full" | "run" | "close"> {
  readonly jobs: {
    job: AnalysisJob;
    events: JobEvents;
    finish: (a: MatchAnalysis) => void;
    fail: (e: Error) => void;
  }[] = [];
  places = 2;
  closed = false;

  get full(): boolean {
    return this.jobs.length >= this.places;
  }

  run(job: AnalysisJob, events: JobEvents = {}): Promise<MatchAnalysis> | null {
    if (this.full) return null;
    return new Promise((finish, fail) => this.jobs.push({ job, events, finish, fail }));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.jobs) job.fail(new Error("stopped"));
  }
}

const analysisOf = (matchId: string): MatchAnalysis => ({ matchId, level: "master", shots: [], players: [] });

/** No address limit in the way, but every start is counted against the analyses' allowance only. */
const unlimited: AddressLimits = {
  async take(name) {
    expect(name).toBe("analyses");
    return { allowed: true };
  },
};

let postgres: RunningService;
let count = 0;
const places: [string, () => Promise<DatabaseLocation>][] = [
  [
    "SQLite",
    async () => ({ kind: "sqlite", path: join(mkdtempSync(join(tmpdir(), "habibka-analyses-")), "r.sqlite") }),
  ],
  ["PostgreSQL", async () => ({ kind: "postgres", url: await freshDatabase(postgres, `analyses_${++count}`) })],
];

beforeAll(async () => {
  postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
});

describe.each(places)("MatchAnalyses on %s", (_name, place) => {
  let records: MatchRecords;
  let clock = 1_000_000;
  const logger = createLogger("silent");

  /** One process's analyses over the shared records, renewing its leases every 20 ms unless told otherwise. */
  function processNamed(owner: string, { runner = new HandRunner(), limits = unlimited, renewEveryMs = 20 } = {}) {
    const analyses = new MatchAnalyses({
      records,
      runner,
      limits,
      settings: { ...DEFAULT_ANALYSIS_LIMITS, renewEveryMs },
      engine: "exact",
      logger,
      owner: () => owner,
      now: () => clock,
    });
    return { analyses, runner };
  }

  beforeAll(async () => {
    records = await MatchRecords.open(await place());
    const { record } = readGoldenRecord("format-2-lag-match.json");
    await storeRecord(records, record, { matchId: FINISHED, finished: true });
    await storeRecord(records, record, { matchId: PLAYING, finished: false, actions: 8 });
    await storeRecord(records, record, { matchId: ANOTHER, finished: true });
  });
  afterAll(async () => {
    await records?.close();
  });

  const expectPending = (answer: AnalysisAnswer, status: "queued" | "running", done: number, total: number) =>
    expect(answer).toEqual({ kind: "pending", pending: { status, progress: { done, total } } });

  it("starts an analysis once however many processes ask, shows its progress everywhere and keeps it", async () => {
    const a = processNamed("process-a");
    const b = processNamed("process-b");
    expectPending(await a.analyses.request(FINISHED, "master", "10.0.0.1"), "queued", 0, 6);
    // Another process, asked a moment later, finds it leased and starts nothing of its own.
    expectPending(await b.analyses.request(FINISHED, "master", "10.0.0.2"), "queued", 0, 6);
    expect(a.runner.jobs).toHaveLength(1);
    expect(b.runner.jobs).toHaveLength(0);
    const [job] = a.runner.jobs;
    expect(job!.job).toMatchObject({ matchId: FINISHED, level: "master", engine: "exact" });
    job!.events.started?.();
    job!.events.progress?.(4, 6);
    expectPending(await a.analyses.request(FINISHED, "master", "10.0.0.1"), "running", 4, 6);
    // The other process reads the progress the lease's renewal wrote.
    await expect.poll(async () => (await records.analyses.read({ matchId: FINISHED, level: "master" }))?.done).toBe(4);
    expectPending(await b.analyses.request(FINISHED, "master", "10.0.0.2"), "running", 4, 6);
    job!.finish(analysisOf(FINISHED));
    await expect.poll(async () => (await b.analyses.request(FINISHED, "master", "10.0.0.2")).kind).toBe("done");
    const done = await a.analyses.request(FINISHED, "master", "10.0.0.1");
    expect(done.kind === "done" && JSON.parse(done.analysis)).toEqual(analysisOf(FINISHED));
    // Done is done: nobody starts it again, another level is another analysis.
    expect(a.runner.jobs).toHaveLength(1);
    expectPending(await b.analyses.request(FINISHED, "novice", "10.0.0.2"), "queued", 0, 6);
    expect(b.runner.jobs.map((j) => j.job.level)).toEqual(["novice"]);
    await a.analyses.close();
    await b.analyses.close();
  });

  it("refuses a match it does not know, one still being played, and says so", async () => {
    const { analyses } = processNamed("process-c");
    expect(await analyses.request(MISSING, "amateur", "10.0.0.3")).toMatchObject({ status: 404, code: "not-found" });
    expect(await analyses.request(PLAYING, "amateur", "10.0.0.3")).toMatchObject({ status: 409, code: "not-finished" });
    await analyses.close();
  });

  it("a process that stops gives its analyses back, and one whose lease runs out loses them", async () => {
    const a = processNamed("process-d");
    // b will die without a word: it renews nothing in the time the test runs.
    const b = processNamed("process-e", { renewEveryMs: 1e9 });
    expectPending(await a.analyses.request(FINISHED, "amateur", "10.0.0.4"), "queued", 0, 6);
    await a.analyses.close();
    // Stopped, not failed: another process takes it at once.
    expectPending(await b.analyses.request(FINISHED, "amateur", "10.0.0.5"), "queued", 0, 6);
    expect(b.runner.jobs).toHaveLength(1);
    // b dies without a word: while its lease runs nobody else starts it; after, c does.
    const c = processNamed("process-f");
    expectPending(await c.analyses.request(FINISHED, "amateur", "10.0.0.6"), "queued", 0, 6);
    expect(c.runner.jobs).toHaveLength(0);
    clock += DEFAULT_ANALYSIS_LIMITS.leaseMs + 1;
    expectPending(await c.analyses.request(FINISHED, "amateur", "10.0.0.6"), "queued", 0, 6);
    expect(c.runner.jobs).toHaveLength(1);
    // b's late result is not kept over c's lease.
    b.runner.jobs[0]!.finish(analysisOf("from b"));
    c.runner.jobs[0]!.finish(analysisOf(FINISHED));
    await expect.poll(async () => (await c.analyses.request(FINISHED, "amateur", "10.0.0.6")).kind).toBe("done");
    const kept = await records.analyses.read({ matchId: FINISHED, level: "amateur" });
    expect(JSON.parse(kept!.analysis!).matchId).toBe(FINISHED);
    await c.analyses.close();
  });

  it("a failed analysis is refused until its retry, then started again", async () => {
    const { analyses, runner } = processNamed("process-g");
    await analyses.request(FINISHED, "novice", "10.0.0.7");
    runner.jobs[0]!.fail(new Error("broken on purpose"));
    await expect
      .poll(async () => analyses.request(FINISHED, "novice", "10.0.0.7"))
      .toMatchObject({ kind: "refused", status: 500, code: "analysis-failed" });
    clock += DEFAULT_ANALYSIS_LIMITS.failedRetryMs + 1;
    expect((await analyses.request(FINISHED, "novice", "10.0.0.7")).kind).toBe("pending");
    expect(runner.jobs).toHaveLength(2);
    await analyses.close();
  });

  it("a full runner refuses with analysis-busy, an address past its starts with too-many-analyses", async () => {
    const runner = new HandRunner();
    runner.places = 0;
    const busy = processNamed("process-h", { runner });
    const refusedBusy = await busy.analyses.request(FINISHED, "novice", "10.0.0.8");
    expect(refusedBusy).toMatchObject({ kind: "refused", status: 503, code: "analysis-busy" });
    expect((await records.analyses.read({ matchId: FINISHED, level: "novice" }))?.owner).not.toBe("process-h");
    await busy.analyses.close();
    // The server's own limiter, one start an address: the second start is refused, reading one is not.
    const limits = createAddressLimits({ ...DEFAULT_RATE_LIMITS.address, analyses: { points: 1, seconds: 600 } });
    const limited = processNamed("process-i", { limits });
    expect((await limited.analyses.request(FINISHED, "novice", "10.0.0.9")).kind).toBe("pending");
    expect((await limited.analyses.request(FINISHED, "master", "10.0.0.9")).kind).toBe("done");
    const refusedLimit = await limited.analyses.request(ANOTHER, "master", "10.0.0.9");
    expect(refusedLimit).toMatchObject({ kind: "refused", status: 429, code: "too-many-analyses" });
    expect((await limited.analyses.request(ANOTHER, "master", "10.0.0.10")).kind).toBe("pending");
    expect(limited.runner.jobs).toHaveLength(2);
    await limited.analyses.close();
  });
});
