import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { ballPositions, dragOnTable, expectOnScreen, pageFits, waitFor } from "./support/table-page.ts";

/**
 * The practice table in a browser against the real server: a ball placed by dragging, a shot played and
 * judged, undone, the computer's hint taken and played, the position shared by link and opened the same in
 * another page; a broken link says so; and on a phone the main controls fit without scrolling.
 */

type Spot = readonly [number, number, number];

async function spots(page: Page): Promise<Spot[]> {
  return JSON.parse(await ballPositions(page)) as Spot[];
}

async function ballAt(page: Page, id: number): Promise<Spot | undefined> {
  return (await spots(page)).find((b) => b[0] === id);
}

async function shots(page: Page): Promise<number> {
  return Number(await page.getByTestId("practice-view").getAttribute("data-shots"));
}

/** Shoots and waits for the answer, skipping the animation, until the verdict is shown. */
async function shootAndWait(page: Page): Promise<void> {
  const before = await shots(page);
  await page.getByTestId("shoot").click();
  await waitFor(
    "the shot played and judged",
    async () => {
      if ((await page.getByTestId("skip-animation").count()) > 0) await page.keyboard.press("Escape");
      return { shots: await shots(page), verdict: await page.getByTestId("verdict").count() };
    },
    (s) => s.shots === before + 1 && s.verdict === 1,
    20_000,
  );
}

describe("the practice table", () => {
  const env = useGameAndBrowser();

  it("places a ball by drag, shoots, undoes, takes a hint, and shares the position by link", async () => {
    const page = await env.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(env.url);
    await page.getByTestId("open-practice").click();
    await page.getByTestId("practice-view").waitFor();
    expect(new URL(page.url()).pathname).toBe("/practice");
    await page.screenshot({ path: `${SCREENSHOT_DIR}/practice-laptop.png` });

    // The coloured ball from the centre mark to open cloth, by dragging it.
    await page.getByTestId("practice-mode-arrange").click();
    await dragOnTable(page, { x: 0, y: 0 }, { x: -0.4, y: 0.45 });
    await waitFor(
      "the coloured ball moved",
      () => ballAt(page, 0),
      (b) => !!b && Math.abs(b[1] + 0.4) < 0.005,
    );
    // Onto the rail: the ball leaves the table for the tray.
    await dragOnTable(page, { x: -0.4, y: 0.45 }, { x: -0.4, y: 0.98 });
    await page.getByTestId("tray-0").waitFor();
    expect(await ballAt(page, 0)).toBeUndefined();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/practice-laptop-arrange.png` });
    await page.getByTestId("practice-undo").click();
    await waitFor(
      "the coloured ball back",
      () => ballAt(page, 0),
      (b) => !!b && Math.abs(b[1] + 0.4) < 0.005,
    );

    // A shot from the house, judged by the server; undone, the table is as before it.
    await page.getByTestId("practice-mode-aim").click();
    const beforeShot = await ballPositions(page);
    await shootAndWait(page);
    expect(await ballPositions(page)).not.toBe(beforeShot);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/practice-laptop-verdict.png` });
    await page.getByTestId("practice-undo").click();
    expect(await ballPositions(page)).toBe(beforeShot);
    await page.getByTestId("practice-redo").click();
    expect(await ballPositions(page)).not.toBe(beforeShot);

    // The hint sets up the computer's shot in the controls; it is played as it stands.
    await page.getByTestId("practice-level").selectOption("novice");
    await page.getByTestId("practice-hint").click();
    const hintLine = page.getByTestId("practice-hint-line");
    await hintLine.waitFor({ timeout: 15_000 });
    expect(await hintLine.textContent()).toMatch(/Подсказка \(новичок\): биток \d+/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/practice-laptop-hint.png` });
    await shootAndWait(page);

    // The link opens the same position in a page of its own.
    await page.getByTestId("practice-share").click();
    const link = await page.getByTestId("practice-link").inputValue();
    expect(link).toMatch(/\/practice\?p=[\w-]+$/);
    expect(link.length).toBeLessThan(300);
    const other = await env.newPage({ viewport: { width: 1280, height: 800 } });
    await other.goto(link);
    await other.getByTestId("practice-view").waitFor();
    expect(await ballPositions(other)).toBe(await ballPositions(page));
    expect(await other.getByTestId("practice-situation-state").textContent()).toBe(
      await page.getByTestId("practice-situation-state").textContent(),
    );

    // A broken link is said to be broken; the rack is open instead.
    await other.goto(`${env.url}/practice?p=AQAB${"x".repeat(9)}`);
    await other.getByTestId("practice-error").waitFor();
    expect(await other.getByTestId("practice-error").textContent()).toMatch(/Ссылка на позицию повреждена/);
    expect((await spots(other)).length).toBe(16);
  });

  for (const [name, viewport] of [
    ["phone", { width: 390, height: 844 }],
    ["phone-landscape", { width: 844, height: 390 }],
  ] as const) {
    it(`fits a ${name}: the table, the tools and the stroke controls without scrolling`, async () => {
      const page = await env.newPage({ viewport, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
      await page.goto(`${env.url}/practice`);
      await page.getByTestId("practice-view").waitFor();
      const fit = await pageFits(page);
      expect(fit.scroll).toBeLessThanOrEqual(fit.window);
      for (const id of ["table-canvas", "practice-undo", "practice-hint", "practice-share", "shoot", "speed-slider"]) {
        await expectOnScreen(page, id);
      }
      await page.screenshot({ path: `${SCREENSHOT_DIR}/practice-${name}.png` });
      await page.getByTestId("practice-mode-arrange").tap();
      await expectOnScreen(page, "arrange-dock");
      // The situation is a sheet over the table, scrolled within itself where the screen is short.
      await page.getByTestId("open-menu").tap();
      await page.getByTestId("practice-opening").scrollIntoViewIfNeeded();
      await expectOnScreen(page, "practice-opening");
      await page.screenshot({ path: `${SCREENSHOT_DIR}/practice-${name}-situation.png` });
    });
  }
});
