import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { launchBrowser } from "../../e2e/support/browser.ts";
import { type GameProcess, REPO_ROOT, startGameProcess } from "../../e2e/support/game-process.ts";

/**
 * The frame of a browser benchmark: builds the client if client/dist is missing, starts the real game
 * server and headless Chromium, runs the measurement, and stops both, whatever happens; a watchdog ends it
 * after `deadlineMs` even if something hangs.
 */
export async function benchInBrowser(
  label: string,
  deadlineMs: number,
  measure: (game: GameProcess, browser: Browser) => Promise<void>,
): Promise<void> {
  if (!existsSync(join(REPO_ROOT, "client", "dist", "index.html"))) {
    const vite = join(REPO_ROOT, "client", "node_modules", "vite", "bin", "vite.js");
    const built = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
      cwd: join(REPO_ROOT, "client"),
      stdio: "inherit",
    });
    if (built.status !== 0) throw new Error("client build failed");
  }
  let game: GameProcess | null = null;
  let browser: Browser | null = null;
  const watchdog = setTimeout(() => {
    console.error(`${label}: no result within ${deadlineMs / 1000} s`);
    void Promise.allSettled([browser?.close(), game?.stop()]).then(() => process.exit(1));
  }, deadlineMs);
  try {
    game = await startGameProcess();
    browser = await launchBrowser();
    await measure(game, browser);
  } catch (error) {
    console.error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    await browser?.close().catch(() => {});
    await game?.stop();
  }
}

/** Polls `read` until `ok` holds (a read that throws counts as not yet), or fails after `ms`. */
export async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
