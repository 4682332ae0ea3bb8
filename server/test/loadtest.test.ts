import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Summary } from "../loadtest/report.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** A run of the command against the test's server, its summary as `--json` prints it. */
function runLoadtest(server: ServerProcess, args: readonly string[]) {
  const run = spawnSync(
    process.execPath,
    ["server/loadtest/cli.ts", "--url", server.url, "--spectators", "1", ...args, "--json"],
    { cwd: ROOT, encoding: "utf8", timeout: 90_000 },
  );
  return { ...run, summary: () => JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Summary };
}

/**
 * `pnpm loadtest` against the real server: a few matches for a few seconds. Every shot must reach its
 * shooter and its spectator, and nothing may fail. (The capacity itself is measured by running the command
 * at scale, not by a test: docs/OPERATIONS.md.)
 */
describe("pnpm loadtest", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    // Eight matches are 24 joins from this one machine, more than one address may make in ten seconds: each
    // connection comes from an address of its own (the default; `--no-addresses` turns it off), as behind the
    // proxy players do.
    server = await startServerProcess({
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "habibka-load-")), "r.sqlite"),
      TRUST_PROXY: "true",
    });
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("plays a few matches with spectators through the real server, every shot heard and no error", () => {
    const run = runLoadtest(server, [
      "--matches",
      "8",
      "--ramp",
      "1",
      "--hold",
      "12",
      "--think",
      "0.5-1",
      "--pace",
      "quick",
      "--threads",
      "2",
    ]);
    expect(run.status, run.stderr).toBe(0);
    const summary = run.summary();
    expect(summary).toMatchObject({ matches: 8, joined: 8, refused: 0, refusedWhy: {}, unanswered: 0, errors: {} });
    expect(summary.pace).toBe("quick");
    expect(Number(summary.shotsHeard)).toBeGreaterThanOrEqual(16);
    expect(summary.shotsHeard).toBe(summary.shotsSent);
    expect(summary.latencyMs.shooter.p50).toBeGreaterThan(0);
    expect(summary.latencyMs.spectator.p50).toBeGreaterThan(0);
    // The server runs on this box: its CPU is read thread by thread and put per live match-second and per shot.
    expect(summary.server?.processes).toBe(1);
    expect(summary.server?.cpuMsPerLiveMatchSecond).toBeGreaterThan(0);
    expect(summary.server?.cpuMsPerShot).toBeGreaterThan(0);
    expect(summary.server?.cpuPercentByThread["event loops"]).toBeGreaterThan(0);
    expect(summary.loadGenerator.cpuPercentOfACore).toBeGreaterThan(0);
    expect(summary.loadGenerator.worstStallMs.hold).toBeGreaterThanOrEqual(0);
    // The server's own timing of the same broadcasts, read from its /metrics.
    expect(summary.latencyMs.atServer?.strokes).toBeGreaterThanOrEqual(Number(summary.shotsHeard) / 2);
    expect(summary.latencyMs.atServer?.percentWithin100Ms).toBeGreaterThan(0);
  }, 120_000);

  it("at a person's pace, watches each animation through before the next shot, every shot heard", () => {
    const run = runLoadtest(server, ["--matches", "2", "--rate", "10", "--hold", "15", "--think", "0.2-0.4"]);
    expect(run.status, run.stderr).toBe(0);
    const summary = run.summary();
    expect(summary).toMatchObject({ pace: "person", joined: 2, refused: 0, unanswered: 0, errors: {} });
    expect(Number(summary.shotsHeard)).toBeGreaterThanOrEqual(2);
    expect(summary.shotsHeard).toBe(summary.shotsSent);
  }, 120_000);

  it("refuses a pace it does not know, and a ramp given twice, with one line and exit status 2", () => {
    for (const [args, line] of [
      [["--pace", "slow"], "loadtest: --pace is person (the whole animation watched) or quick"],
      [["--rate", "50", "--ramp", "10"], "loadtest: --rate and --ramp say the same thing: give one"],
      [["--rate", "0"], "loadtest: --rate must be a number from 0.1 to 500"],
    ] as const) {
      const run = spawnSync(process.execPath, ["server/loadtest/cli.ts", ...args], { cwd: ROOT, encoding: "utf8" });
      expect(run.status).toBe(2);
      expect(run.stderr.split("\n")[0]).toBe(line);
    }
  });

  it("refuses arguments outside its bounds with one line and exit status 2", () => {
    const run = spawnSync(process.execPath, ["server/loadtest/cli.ts", "--matches", "100000"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe("loadtest: --matches must be a number from 1 to 10000");
    expect(run.stdout).toBe("");
  });
});
