import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playComputerMatch } from "@habibka/shared/testing/computer-match";
import { readGoldenRecord } from "@habibka/shared/testing/golden-records";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ANALYSIS_LIMITS } from "../../src/rate-limits.ts";
import { MatchRecords } from "../../src/records/match-records.ts";
import { getJson, ROOT } from "../support/match-pages-server.ts";
import { startServerProcess } from "../support/server-process.ts";
import { storeRecord, storeRecordsAt } from "../support/stored-record.ts";
import { type RunningServer, startTestServer } from "../support/test-server.ts";

/**
 * `GET /api/matches/:id/analysis` against the real server and its real analysis processes (docs/PROTOCOL.md):
 * 202 with the progress while it runs, then 200 with the very document the `analyse` command prints for the
 * match as `GET /api/matches/:id` serves it; computed once and kept, across a restart; and every refusal with
 * its code. Analysed at the novice level (`?level=novice`), the cheapest.
 */

const DONE = "7a1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d01";
const PLAYING = "7a1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d02";
const SECOND = "7a1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d03";
const UNKNOWN = "7a1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d04";
const LONG = "7a1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d05";

async function storedDatabase(): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), "habibka-analysis-")), "records.sqlite");
  const records = await MatchRecords.open({ path });
  const { record } = readGoldenRecord("format-2-lag-match.json");
  await storeRecord(records, record, { matchId: DONE, finished: true });
  await storeRecord(records, record, { matchId: SECOND, finished: true });
  await storeRecord(records, record, { matchId: PLAYING, finished: false, actions: 8 });
  await records.close();
  return path;
}

/** The `analyse` command on a document, without blocking this process (its HTTP client must stay awake). */
function runAnalyse(input: string, args: readonly string[]): Promise<{ status: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, "shared/src/computer/analyse-cli.ts"), ...args], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout }));
    child.stdin.end(input);
  });
}

const analysisUrl = (game: RunningServer, id: string, query = "?level=novice") =>
  `${game.httpUrl}/api/matches/${id}/analysis${query}`;

describe("GET /api/matches/:id/analysis", () => {
  let databasePath: string;
  let game: RunningServer;

  beforeAll(async () => {
    databasePath = await storedDatabase();
    game = await startTestServer({ databasePath });
  }, 120_000);
  afterAll(async () => {
    await game?.stop();
  });

  it("answers 202 with its progress, then 200 with what the analyse command makes of the served record", async () => {
    const first = await getJson(analysisUrl(game, DONE));
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      status: expect.stringMatching(/^(queued|running)$/),
      progress: { done: 0, total: 6 },
    });
    const seen: number[] = [];
    await expect
      .poll(
        async () => {
          const answer = await getJson(analysisUrl(game, DONE));
          if (answer.status === 202) seen.push((answer.body.progress as { done: number }).done);
          return answer.status;
        },
        { timeout: 120_000, interval: 200 },
      )
      .toBe(200);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const analysis = (await getJson(analysisUrl(game, DONE))).body;
    const served = await (await fetch(`${game.httpUrl}/api/matches/${DONE}`)).text();
    const command = await runAnalyse(served, ["--level", "novice"]);
    expect(command.status).toBe(0);
    expect(analysis).toEqual(JSON.parse(command.stdout));
    expect(analysis.matchId).toBe(DONE);
  });

  it("keeps it: a restarted server answers 200 at once, without analysing again", async () => {
    await game.stop();
    // The stand-in would fail any analysis it were given: the answer can only be the kept one.
    game = await startTestServer({
      databasePath,
      analysisProcess: new URL("../support/failing-analysis-process.ts", import.meta.url),
    });
    const kept = await getJson(analysisUrl(game, DONE));
    expect(kept.status).toBe(200);
    expect(kept.body.matchId).toBe(DONE);
  });

  it("refuses a bad id, a bad level, an unknown match and one still being played", async () => {
    const refusal = async (url: string) => {
      const { status, body } = await getJson(url);
      return [status, body.error];
    };
    expect(await refusal(`${game.httpUrl}/api/matches/not-a-uuid/analysis`)).toEqual([400, "bad-id"]);
    expect(await refusal(analysisUrl(game, DONE, "?level=grandmaster"))).toEqual([400, "bad-query"]);
    expect(await refusal(analysisUrl(game, DONE, "?depth=3"))).toEqual([400, "bad-query"]);
    expect(await refusal(analysisUrl(game, UNKNOWN))).toEqual([404, "not-found"]);
    expect(await refusal(analysisUrl(game, PLAYING))).toEqual([409, "not-finished"]);
  });

  it("an analysis that fails is answered 500 analysis-failed, with when to ask again", async () => {
    // This server's analysis process is the failing stand-in.
    const started = await getJson(analysisUrl(game, SECOND));
    expect(started.status).toBe(202);
    await expect
      .poll(async () => (await getJson(analysisUrl(game, SECOND))).body.error, { timeout: 30_000 })
      .toBe("analysis-failed");
    const response = await fetch(analysisUrl(game, SECOND));
    expect(response.status).toBe(500);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(60);
  });
});

describe("GET /api/matches/:id/analysis on a busy server", () => {
  let game: RunningServer;

  beforeAll(async () => {
    game = await startTestServer({
      databasePath: await storedDatabase(),
      // One place and no queue, taken by an analysis that never ends.
      analysisLimits: { ...DEFAULT_ANALYSIS_LIMITS, concurrent: 1, queued: 0 },
      analysisProcess: new URL("../support/hanging-analysis-process.ts", import.meta.url),
    });
  }, 120_000);
  afterAll(async () => {
    await game?.stop();
  });

  it("refuses a new analysis beyond its places with 503 analysis-busy, and still answers the one it runs", async () => {
    expect((await getJson(analysisUrl(game, DONE))).status).toBe(202);
    const response = await fetch(analysisUrl(game, SECOND));
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: string }).error).toBe("analysis-busy");
    expect(response.headers.get("retry-after")).toBe(String(DEFAULT_ANALYSIS_LIMITS.busyRetrySeconds));
    expect((await getJson(analysisUrl(game, DONE))).status).toBe(202);
  });
});

describe("an analysis process and the server that started it", () => {
  it("does not outlive a server that is killed in the middle of an analysis", async () => {
    // A long match (two novices, some ninety strokes): its analysis at the master's level takes half a
    // minute or more, far longer than the child is given to go once its server is gone.
    const path = join(mkdtempSync(join(tmpdir(), "habibka-analysis-")), "records.sqlite");
    const { record } = playComputerMatch({ levels: ["novice", "novice"], seed: 9001, maxShots: 200, resign: true });
    await storeRecordsAt(path, [{ record, matchId: LONG, finished: true }]);
    const server = await startServerProcess({ DATABASE_PATH: path });
    try {
      const asked = await fetch(`${server.url}/api/matches/${LONG}/analysis?level=master`);
      expect(asked.status).toBe(202);
      // The server's own children running the analysis process.
      const children = () =>
        execFileSync("ps", ["-eo", "pid=,ppid=,args="], { encoding: "utf8" })
          .split("\n")
          .filter((line) => line.includes("analysis-process.ts"))
          .map((line) => line.trim().split(/\s+/).map(Number) as [number, number]);
      const pid = server.pid;
      await expect.poll(() => children().filter(([, ppid]) => ppid === pid).length, { timeout: 20_000 }).toBe(1);
      const [[child]] = children().filter(([, ppid]) => ppid === pid) as [[number, number]];
      await server.stop("SIGKILL");
      await expect.poll(() => children().some(([p]) => p === child), { timeout: 5_000 }).toBe(false);
    } finally {
      await server.stop("SIGKILL");
    }
  });
});
