// `node bench/frame-rate.bench.ts`: how smoothly the web client plays a shot. Starts the real game server
// (building the client first if client/dist is missing), opens a table in headless Chromium on a laptop-sized
// page and a phone-sized one (portrait, 2 device pixels per CSS pixel), plays one real opening break through
// the page's controls, and measures the break's animation on both pages: the frames delivered per second
// (requestAnimationFrame callbacks over the animation's time) and what each frame's callback costs (p50/p95).
// The timing wraps window.requestAnimationFrame from an init script: nothing is added to the client.
// Headless Chromium draws in software without a GPU, on whatever CPU the machine shares: read the figures as a
// floor, and compare them between runs on the same machine.
import type { Browser, Page } from "playwright-core";
import type { GameProcess } from "../e2e/support/game-process.ts";
import { benchInBrowser, until } from "./support/game-in-browser.ts";

/** The whole benchmark's bound: it ends (and cleans up) by then even if something hangs. */
const DEADLINE_MS = 120_000;
const BREAK_SPEED = 10;

interface FrameSample {
  /** The frame's timestamp (the rAF argument), ms. */
  readonly at: number;
  /** Time spent in the client's callbacks during that frame, ms. */
  readonly cost: number;
}

declare global {
  interface Window {
    __frames?: Map<number, number>;
  }
}

/** Installed before the client loads: every rAF callback is timed, and the cost summed per frame. */
function instrument(): void {
  const original = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback: FrameRequestCallback) =>
    original((timestamp) => {
      const started = performance.now();
      try {
        callback(timestamp);
      } finally {
        const frames = window.__frames;
        if (frames) frames.set(timestamp, (frames.get(timestamp) ?? 0) + performance.now() - started);
      }
    });
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function phaseOf(page: Page): Promise<Record<string, string | undefined>> {
  const view = page.getByTestId("table-view");
  if ((await view.count()) === 0) return {};
  return view.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
}

async function measure(game: GameProcess, browser: Browser): Promise<void> {
  const laptop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  const phone = await (
    await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true })
  ).newPage();
  for (const page of [laptop, phone]) {
    await page.addInitScript(instrument);
    // Players who have seen the first-visit tour: it would cover the controls.
    await page.addInitScript(() => localStorage.setItem("habibka.tour", "done"));
  }

  // A table whose opener is drawn by lot: the opening break comes straight after the second player sits.
  await laptop.goto(game.url);
  await laptop.getByTestId("name-input").fill("Bench A");
  await laptop.getByTestId("visibility-private").check();
  await laptop.getByTestId("opening-draw").check();
  await laptop.getByTestId("create-table").click();
  const link = await until(
    "the invite link",
    () => laptop.getByTestId("invite-link").inputValue(),
    (v) => /\/t\/\d{6}$/.test(v),
  );
  await phone.goto(link);
  await phone.getByTestId("name-input").fill("Bench B");
  await phone.getByTestId("sit-down").click();
  const pages = [laptop, phone];
  const opener = await until(
    "the opening shot",
    async () => {
      for (const page of pages) {
        const d = await phaseOf(page);
        if (d.phase === "opening" && d.canShoot === "true") return page;
      }
      return null;
    },
    (page) => page !== null,
  );
  // The ball in hand stays on the page's own spot, aimed at the pyramid; a firm break.
  await opener!.getByTestId("speed-slider").fill(String(BREAK_SPEED));
  for (const page of pages) await page.evaluate(() => (window.__frames = new Map()));
  await opener!.getByTestId("shoot").click();
  // The animation runs while the skip control is shown; it ends by itself (nothing is skipped here).
  for (const page of pages) {
    await until(
      "the animation to start",
      () => page.getByTestId("skip-animation").count(),
      (n) => n > 0,
    );
  }
  for (const page of pages) {
    await until(
      "the animation to end",
      () => page.getByTestId("skip-animation").count(),
      (n) => n === 0,
      60_000,
    );
  }
  for (const page of pages) {
    const frames = await page.evaluate(() => [...(window.__frames ?? new Map()).entries()]);
    const samples: FrameSample[] = frames.map(([at, cost]) => ({ at, cost })).sort((a, b) => a.at - b.at);
    // The playback is one unbroken chain of frames; a still table draws a single frame on a change.
    const chain = longestChain(samples);
    const seconds = chain.length > 1 ? (chain.at(-1)!.at - chain[0]!.at) / 1000 : 0;
    const fps = seconds > 0 ? (chain.length - 1) / seconds : 0;
    const costs = chain.map((s) => s.cost).sort((a, b) => a - b);
    const gaps = chain.slice(1).map((s, i) => s.at - chain[i]!.at);
    const longest = gaps.length > 0 ? Math.max(...gaps) : 0;
    const label = `${page === laptop ? "laptop 1280x800" : "phone 390x844 @2x"} (${page === opener ? "shooter" : "watcher"})`;
    console.log(
      `client: shot playback on the ${label}: ${fps.toFixed(1)} fps over ${seconds.toFixed(1)} s ` +
        `(${chain.length} frames, longest gap ${longest.toFixed(0)} ms), ` +
        `frame callback p50 ${quantile(costs, 0.5).toFixed(2)} ms, p95 ${quantile(costs, 0.95).toFixed(2)} ms`,
    );
  }
}

/** The longest run of frames no more than 250 ms apart: the playback's own requestAnimationFrame chain. */
function longestChain(samples: readonly FrameSample[]): FrameSample[] {
  let best: FrameSample[] = [];
  let current: FrameSample[] = [];
  for (const sample of samples) {
    const last = current.at(-1);
    if (last && sample.at - last.at > 250) current = [];
    current.push(sample);
    if (current.length > best.length) best = current;
  }
  return best;
}

await benchInBrowser("frame-rate", DEADLINE_MS, measure);
