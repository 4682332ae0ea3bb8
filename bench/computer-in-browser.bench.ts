// `node bench/computer-in-browser.bench.ts`: how long the computer takes to decide in the page, at each level,
// when it plays without the server (client/README.md, "The app without the network"). Starts the real game
// server (building the client first if client/dist is missing), opens the app in headless Chromium, starts the
// page's own worker from the build (assets/engine-worker-*.js, exactly what a player's browser runs) and asks
// it, through the same comlink call the page makes, for the decision in a set of seeded positions: the opening
// break and positions from seeded matches. Prints per level the wall time per decision (p50, p90, worst) in
// the browser, beside the same decisions in Node on this machine (each after one uncounted decision at the
// level, so both run warmed code), and the worker's start (its first call).
// Figures only: nothing here asserts a time. Two shared cores: read them as a floor, and compare runs.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { decide, type Situation, situationOf } from "@habibka/shared/computer";
import { COMPUTER_LEVELS, type ComputerLevel } from "@habibka/shared/match";
import { playRandomMatch } from "@habibka/shared/testing/random-match";
import type { Browser } from "playwright-core";
import type { GameProcess } from "../e2e/support/game-process.ts";
import { REPO_ROOT } from "../e2e/support/game-process.ts";
import { benchInBrowser } from "./support/game-in-browser.ts";

const DEADLINE_MS = 600_000;
/** Positions per level: the opening break and mid-match turns. */
const POSITIONS = 12;

/** The opening and turns from seeded random matches (the computer's own kind of position), one per match. */
function positions(): Situation[] {
  const found: Situation[] = [];
  for (let seed = 1; found.length < POSITIONS && seed < 200; seed++) {
    const match = playRandomMatch(seed, 14 + (seed % 9));
    const wanted = found.length === 0 ? "opening" : "turn";
    for (const { after } of match.played) {
      const situation = situationOf(after, after.player);
      if (situation?.phase === wanted) {
        found.push(situation);
        break;
      }
    }
  }
  return found;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${quantile(sorted, 0.5).toFixed(0)} ms, p90 ${quantile(sorted, 0.9).toFixed(0)} ms, worst ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
}

async function measure(game: GameProcess, browser: Browser): Promise<void> {
  const assets = join(REPO_ROOT, "client", "dist", "assets");
  const worker = readdirSync(assets).find((name) => /^engine-worker-[\w-]+\.js$/.test(name));
  if (!worker) throw new Error("client/dist has no engine-worker chunk: build the client");
  const comlink = readFileSync(join(REPO_ROOT, "client", "node_modules", "comlink", "dist", "esm", "comlink.mjs"));
  const situations = positions();
  const levels: readonly ComputerLevel[] = COMPUTER_LEVELS;

  // No service worker: the page's requests are the bench's to answer (comlink itself, served beside the app).
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await page.route("**/bench/comlink.mjs", (route) => route.fulfill({ body: comlink, contentType: "text/javascript" }));
  await page.goto(game.url);
  const measured = await page.evaluate(
    async ({ url, situations, levels }) => {
      const { wrap } = (await import("/bench/comlink.mjs" as string)) as {
        wrap: <T>(worker: Worker) => T;
      };
      type Engine = { decide(s: unknown, level: string, seed: number): Promise<unknown> };
      const engine = wrap<Engine>(new Worker(url, { type: "module" }));
      const started = performance.now();
      await engine.decide(situations[0], "novice", 1);
      const firstCall = performance.now() - started;
      const times: Record<string, number[]> = {};
      for (const level of levels) {
        // One decision first at each level, not counted: the engine's code warmed as a player's would be.
        await engine.decide(situations[1], level, 1);
        times[level] = [];
        for (const [i, situation] of situations.entries()) {
          const at = performance.now();
          await engine.decide(situation, level, 1000 + i);
          times[level].push(performance.now() - at);
        }
      }
      return { firstCall, times };
    },
    { url: `/assets/${worker}`, situations, levels },
  );
  await context.close();

  console.log(
    `computer in the browser: the page's worker (${worker}, ${(readFileSync(join(assets, worker)).length / 1024).toFixed(0)} KB) ` +
      `starts and gives its first decision in ${measured.firstCall.toFixed(0)} ms`,
  );
  for (const level of levels) {
    decide(situations[1]!, level, 1);
    const node = situations.map((situation, i) => {
      const at = performance.now();
      decide(situation, level, 1000 + i);
      return performance.now() - at;
    });
    console.log(
      `computer in the browser: ${level.padEnd(7)} decision in Chromium ${summary(measured.times[level] ?? [])}; ` +
        `in Node ${summary(node)} (${situations.length} positions)`,
    );
  }
}

await benchInBrowser("computer-in-browser", DEADLINE_MS, measure);
