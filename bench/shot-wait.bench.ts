// `node bench/shot-wait.bench.ts`: how long a player waits between the opponent's shot and his own turn.
// Starts the real game server (building the client first if client/dist is missing), seats two players on
// laptop-sized pages in headless Chromium, and plays alternating shots through the pages' controls. For each
// shot it measures, on the page of the player who acts next, the time from the shot's arrival (its playback
// starts) to the moment the page lets him act (shoot, or answer an offer): once with the animation skipped
// at once (Escape), once watched to its end. The difference is the time skipping saves.
import type { Browser, Page } from "playwright-core";
import type { GameProcess } from "../e2e/support/game-process.ts";
import { benchInBrowser, until } from "./support/game-in-browser.ts";

const DEADLINE_MS = 300_000;
/** Shots played: alternately skipped and watched by the player who acts next. */
const SHOTS = 8;

type Data = Record<string, string | undefined>;

async function dataOf(page: Page): Promise<Data> {
  const view = page.getByTestId("table-view");
  if ((await view.count()) === 0) return {};
  return view.evaluate((el) => ({ ...(el as HTMLElement).dataset }));
}

/** A shot is playing on the page: its skip control is shown (in every version of the client). */
async function playing(page: Page): Promise<boolean> {
  return (await page.getByTestId("skip-animation").count()) > 0;
}

/** The page's player may act: compose a shot, or answer an offer, with the table at rest everywhere. */
const mayAct = (d: Data) =>
  d.animating === "false" && d.seat === d.toMove && (d.canShoot === "true" || (d.offer ?? "") !== "");

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(game: GameProcess, browser: Browser): Promise<void> {
  const pages: Page[] = [];
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => localStorage.setItem("habibka.tour", "done"));
    pages.push(await context.newPage());
  }
  const [a, b] = pages as [Page, Page];
  await a.goto(game.url);
  await a.getByTestId("name-input").fill("Bench A");
  await a.getByTestId("visibility-private").check();
  await a.getByTestId("opening-draw").check();
  await a.getByTestId("create-table").click();
  const link = await until(
    "the invite link",
    () => a.getByTestId("invite-link").inputValue(),
    (v) => /\/t\/\d{6}$/.test(v),
  );
  await b.goto(link);
  await b.getByTestId("name-input").fill("Bench B");
  await b.getByTestId("sit-down").click();

  const waits: Record<"skipped" | "watched", number[]> = { skipped: [], watched: [] };
  for (let n = 0; n < SHOTS; n++) {
    const striker = await until(
      "a player to act",
      async () => {
        for (const page of pages) if (mayAct(await dataOf(page))) return page;
        return null;
      },
      (page) => page !== null,
    );
    if ((await dataOf(striker!)).offer) {
      await striker!.getByTestId("answer-accept").click();
      await until(
        "the offer taken",
        () => dataOf(striker!),
        (d) => d.canShoot === "true",
      );
    }
    const next = striker === a ? b : a;
    const shotNumber = (await dataOf(striker!)).shotNumber;
    // A firm break, then ordinary shots along the page's own first line.
    await striker!.getByTestId("speed-slider").fill(n === 0 ? "8" : "2.5");
    await striker!.getByTestId("shoot").click();
    await until(
      "the shot on the next player's page",
      () => playing(next),
      (p) => p,
    );
    const arrived = performance.now();
    const skip = n % 2 === 0;
    if (skip) await next.keyboard.press("Escape");
    // The player to move acts next, or the same player has a bonus offer: whoever it is, time his page.
    const actor = await until(
      "a player allowed to act",
      async () => {
        for (const page of pages) {
          const d = await dataOf(page);
          if (d.shotNumber !== shotNumber && mayAct(d)) return page;
        }
        return null;
      },
      (page) => page !== null,
    );
    const wait = (performance.now() - arrived) / 1000;
    waits[skip ? "skipped" : "watched"].push(wait);
    console.log(
      `  shot ${n + 1}: ${skip ? "skipped at once" : "watched to its end"}; ${actor === next ? "the opponent" : "the striker"} could act after ${wait.toFixed(2)} s`,
    );
    for (const page of pages)
      await until(
        "rest",
        () => playing(page),
        (p) => !p,
      );
  }
  const line = (label: string, values: number[]) =>
    `${label}: median ${median(values).toFixed(2)} s, max ${Math.max(...values).toFixed(2)} s over ${values.length} shots`;
  console.log(`client: wait per shot, animation ${line("skipped", waits.skipped)}`);
  console.log(`client: wait per shot, animation ${line("watched", waits.watched)}`);
}

await benchInBrowser("shot-wait", DEADLINE_MS, measure);
