import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@habibka/server/testing/server-process";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./support/game-process.ts";

/**
 * The README's first command, as a new user runs it from a fresh clone in a script or a CI job: no
 * terminal (stdin closed, no TTY) and npx's own cache empty, so npx must fetch the pinned pnpm without
 * asking. It must install, build and serve the game; the test stops everything it started.
 */

const COMMAND_MS = 240_000;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

/** Ends the command and everything it started (pnpm, the build, the server): its whole process group. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  const killed = setTimeout(() => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // already gone
    }
  }, 10_000);
  await exited;
  clearTimeout(killed);
}

/** Runs npx with closed stdin and no TTY, its cache empty, and returns its exit status and output. */
function npxWithoutTerminal(args: readonly string[], cwd: string, cache: string) {
  const run = spawnSync("npx", args, {
    cwd,
    input: "",
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, npm_config_cache: cache },
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe("`npx --yes pnpm@… start` from a fresh clone, without a terminal", () => {
  const work = mkdtempSync(join(tmpdir(), "habibka-clone-"));
  let child: ChildProcess | null = null;
  afterAll(async () => {
    if (child) await stopGroup(child);
    rmSync(work, { recursive: true, force: true });
  });

  it("without --yes, npx would stop at once: it cannot ask, so it refuses to fetch pnpm", () => {
    const { packageManager } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
      packageManager: string;
    };
    const bare = npxWithoutTerminal([packageManager, "--version"], work, join(work, "npm-cache-bare"));
    expect(bare.status).not.toBe(0);
    expect(bare.output).toMatch(/canceled due to missing packages/);
    const yes = npxWithoutTerminal(["--yes", packageManager, "--version"], work, join(work, "npm-cache-yes"));
    expect(yes.status).toBe(0);
    expect(yes.output.trim()).toBe(packageManager.split("@")[1]);
  });

  it(
    "installs, builds and serves the game, asking nothing",
    async () => {
      const clone = join(work, "habibka-online");
      const head = spawnSync("git", ["-C", REPO_ROOT, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
      expect(spawnSync("git", ["clone", "--quiet", REPO_ROOT, clone]).status).toBe(0);
      expect(spawnSync("git", ["-C", clone, "checkout", "--quiet", head]).status).toBe(0);
      const { packageManager } = JSON.parse(readFileSync(join(clone, "package.json"), "utf8")) as {
        packageManager: string;
      };
      const port = await freePort();
      const output: string[] = [];
      // npx as the user has it, from the PATH.
      child = spawn("npx", ["--yes", packageManager, "start"], {
        cwd: clone,
        // Its own process group, so that stopping it stops the server it starts too.
        detached: true,
        stdio: ["pipe", "pipe", "pipe"],
        env: {
          ...process.env,
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_LEVEL: "warn",
          CI: "1",
          // An empty npx cache: the pinned pnpm has to be fetched, which is when npx would ask.
          npm_config_cache: join(work, "npm-cache"),
        },
      });
      child.stdin?.end();
      child.once("error", (error) => output.push(`could not start npx: ${error.message}`));
      for (const stream of [child.stdout, child.stderr]) {
        stream?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      }
      const url = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + COMMAND_MS;
      while (!(await answers(`${url}/healthz`))) {
        if (child.exitCode !== null) {
          throw new Error(`the command ended with ${child.exitCode} before serving:\n${output.join("").slice(-3000)}`);
        }
        if (Date.now() > deadline)
          throw new Error(`no game within ${COMMAND_MS / 1000} s:\n${output.join("").slice(-3000)}`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const page = await (await fetch(url)).text();
      expect(page).toContain('<div id="root">');
      expect(output.join("")).not.toMatch(/canceled due to missing packages|Ok to proceed/);

      await stopGroup(child);
      child = null;
      expect(await answers(`${url}/healthz`)).toBe(false);
    },
    COMMAND_MS + 30_000,
  );
});
