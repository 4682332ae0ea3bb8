import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storeRecordsAt } from "@habibka/server/testing/stored-record";
import { playComputerMatch } from "@habibka/shared/testing/computer-match";
import type { Browser, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, SCREENSHOT_DIR } from "./support/browser.ts";
import { type GameProcess, startGameProcess } from "./support/game-process.ts";
import { stage } from "./support/story.ts";

/**
 * A finished match's analysis on its page, against the real server and its analysis processes: asked for on
 * a phone in Russian, its progress shown, then the accuracy of each player, each shot's mark (a colour and a
 * word) on the scrubber and in the list, the shot weighed against the computer's best with both drawn on the
 * table, and the moments that decided the match, each opening its shot; on a laptop in English, the analysis
 * read back at once. Screenshots of each go to artifacts/screenshots/analysis-*.png.
 */

const MATCH_ID = "5d0c2a8e-4b1f-4e6a-9c3d-7f2e1a0b9c11";
const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};
const laptop: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };

describe("a finished match's analysis on its page", () => {
  let game: GameProcess;
  let browser: Browser;

  beforeAll(async () => {
    // A short match of the amateur against the master, ended by a resignation, stored as the room writes it.
    const { record } = playComputerMatch({ levels: ["amateur", "master"], seed: 21, maxShots: 14, resign: true });
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-e2e-analysis-")), "records.sqlite");
    await storeRecordsAt(databasePath, [{ record, matchId: MATCH_ID, finished: true }]);
    game = await startGameProcess({ databasePath });
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await game?.stop();
  });

  async function open(options: BrowserContextOptions, language: "ru" | "en"): Promise<Page> {
    const context = await browser.newContext(options);
    await context.addInitScript((lang) => {
      localStorage.setItem("habibka.tour", "done");
      localStorage.setItem("habibka.lang", lang);
    }, language);
    const page = await context.newPage();
    await page.goto(`${game.url}/m/${MATCH_ID}`);
    await page.getByTestId("match-page").waitFor();
    return page;
  }

  it("on a phone: asked for, computed with its progress, then marks, accuracy, the best stroke's ghost and the moments", async () => {
    const page = await open(phone, "ru");
    await stage("the finished match offers the analysis", async () => {
      const panel = page.getByTestId("match-analysis");
      await panel.waitFor();
      expect(await panel.getAttribute("data-state")).toBe("idle");
      await page.getByTestId("analysis-ask").tap();
      await page.getByTestId("analysis-progress").waitFor();
      await page.getByTestId("analysis-progress").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/analysis-phone-progress.png` });
    });
    await stage("the analysis arrives: accuracy, the marks on the scrubber and in the list", async () => {
      await expect
        .poll(() => page.getByTestId("match-analysis").getAttribute("data-state"), { timeout: 150_000, interval: 500 })
        .toBe("done");
      const accuracy = await page.getByTestId("analysis-accuracy").textContent();
      expect(accuracy).toMatch(/Точность: .+: \d+,\d % · .+: \d+,\d %/);
      const analysed = page.locator("[data-testid^='shot-mark-'][data-analysis]");
      expect(await analysed.count()).toBeGreaterThan(8);
      // A mark is a word as well as a colour, for a screen reader too.
      const label = await analysed.first().getAttribute("aria-label");
      expect(label).toMatch(/(хороший|неточность|ошибка|грубая ошибка)$/);
      const words = await page.getByTestId("match-shot-list").locator(".analysis-word").allTextContents();
      expect(words.length).toBe(await analysed.count());
    });
    await stage("a decisive moment opens its shot, weighed against the best, both drawn on the table", async () => {
      const moment = page.locator("[data-testid^='moment-']").first();
      await moment.waitFor();
      const number = Number((await moment.getAttribute("data-testid"))!.slice("moment-".length));
      await moment.tap();
      await expect.poll(() => page.getByTestId("match-player").getAttribute("data-shot")).toBe(String(number));
      await expect.poll(() => page.getByTestId("analysis-shot").getAttribute("data-shot")).toBe(String(number));
      expect(await page.getByTestId("analysis-chances").textContent()).toMatch(/Сыграно: \d+ % · лучший удар: \d+ %/);
      await page.getByTestId("analysis-ghosts").tap();
      await expect.poll(() => page.getByTestId("table-canvas").getAttribute("data-ghosts")).toBe("2");
      await page.getByTestId("table-canvas").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/analysis-phone-ghost.png` });
      await page.getByTestId("analysis-moments").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SCREENSHOT_DIR}/analysis-phone-moments.png` });
    });
  });

  it("on a laptop in English: the kept analysis at once, beside the table", async () => {
    const page = await open(laptop, "en");
    const panel = page.getByTestId("match-analysis");
    await panel.waitFor();
    // This browser has not asked before: it asks, and the kept analysis comes back without a new computation.
    await page.getByTestId("analysis-ask").click();
    await expect.poll(() => panel.getAttribute("data-state"), { timeout: 20_000 }).toBe("done");
    expect(await page.getByTestId("analysis-accuracy").textContent()).toMatch(
      /Accuracy: .+: \d+\.\d % · .+: \d+\.\d %/,
    );
    const blunderOrMistake = page.locator("[data-testid^='moment-']").first();
    await blunderOrMistake.click();
    await page.getByTestId("analysis-ghosts").click();
    await expect.poll(() => page.getByTestId("table-canvas").getAttribute("data-ghosts")).toBe("2");
    expect(await page.getByTestId("analysis-best").textContent()).toMatch(
      /^(Best: ball \d+ as the cue ball|The stroke played)/,
    );
    await page.screenshot({ path: `${SCREENSHOT_DIR}/analysis-laptop.png` });
    // Coming back, the page reads the analysis by itself.
    await page.reload();
    await expect
      .poll(() => page.getByTestId("match-analysis").getAttribute("data-state"), { timeout: 20_000 })
      .toBe("done");
  });
});
