import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";

/**
 * `pnpm loadtest` against the real server: a few matches for a few seconds. Every shot must reach its
 * shooter and its spectator, and nothing may fail. (The capacity itself is measured by running the command
 * at scale, not by a test: docs/OPERATIONS.md.)
 */
describe("pnpm loadtest", () => {
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
  });

  it("plays a few matches with spectators through the real server, every shot heard and no error", async () => {
    // Eight matches are 24 joins from this one machine, more than one address may make in ten seconds: each
    // connection comes from an address of its own (the default; `--no-addresses` turns it off), as behind the proxy
    // players do.
    server = await startServerProcess({
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "habibka-load-")), "r.sqlite"),
      TRUST_PROXY: "true",
    });
    const run = spawnSync(
      process.execPath,
      [
        "server/loadtest/cli.ts",
        "--url",
        server.url,
        "--matches",
        "8",
        "--spectators",
        "1",
        "--ramp",
        "1",
        "--hold",
        "12",
        "--think",
        "0.5-1",
        "--pace",
        "quick",
        "--json",
      ],
      { cwd: new URL("../../", import.meta.url).pathname, encoding: "utf8", timeout: 90_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Record<string, unknown> & {
      latencyMs: { shooter: { p50: number }; spectator: { p50: number } };
    };
    expect(summary).toMatchObject({ matches: 8, joined: 8, refused: 0, unanswered: 0, errors: {} });
    expect(Number(summary.shotsHeard)).toBeGreaterThanOrEqual(16);
    expect(summary.shotsHeard).toBe(summary.shotsSent);
    expect(summary.latencyMs.shooter.p50).toBeGreaterThan(0);
    expect(summary.latencyMs.spectator.p50).toBeGreaterThan(0);
  }, 120_000);

  it("refuses arguments outside its bounds with one line and exit status 2", () => {
    const run = spawnSync(process.execPath, ["server/loadtest/cli.ts", "--matches", "100000"], {
      cwd: new URL("../../", import.meta.url).pathname,
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr.split("\n")[0]).toBe("loadtest: --matches must be a number from 1 to 10000");
    expect(run.stdout).toBe("");
  });
});
