import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { ballPositions, tableInfo, waitFor } from "./support/table-page.ts";

/**
 * Playing the computer from the lobby on a phone (portrait, touch): the table is created against it, the
 * player lags and shoots with the page's own controls, the computer answers with its own shots, and a shot
 * of the log opens on the practice table at the position before it ("Разобрать удар").
 */

const PLAYED_SHOTS = 4;
const PLAY_MILLIS = 75_000;

describe("playing the computer on a phone", () => {
  const env = useGameAndBrowser();

  it("plays a few shots against the computer, then takes one apart on the practice table", async () => {
    const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
    const context = await env.newContext(phone);
    const page = await context.newPage();
    await page.goto(env.url);
    await page.getByTestId("name-input").fill("Анна");
    await page.getByTestId("computer-level-novice").check();
    await page.getByTestId("play-computer").tap();
    await page.getByTestId("table-view").waitFor();

    const deadline = Date.now() + PLAY_MILLIS;
    let shotNumber = 0;
    for (;;) {
      const info = await waitFor(
        "the player's turn, the computer's shot or the end",
        async () => {
          for (const skip of await page.getByTestId("skip-animation").all())
            await skip.tap({ timeout: 500 }).catch(() => {});
          return tableInfo(page);
        },
        (i) => i !== null && (i.canShoot || i.offer !== "" || i.phase === "finished" || i.shotNumber >= PLAYED_SHOTS),
        40_000,
      );
      shotNumber = info!.shotNumber;
      if (info!.phase === "finished" || info!.shotNumber >= PLAYED_SHOTS || Date.now() > deadline) break;
      if ((await page.getByTestId("answer-pass").count()) > 0) {
        await page.getByTestId("answer-pass").tap();
      } else if (info!.canShoot) {
        const shoot = page.getByTestId(info!.phase === "lag" ? "lag-shoot" : "shoot");
        await shoot.tap();
      }
      await waitFor(
        "the shot sent",
        () => tableInfo(page),
        (i) => i !== null && (!i.canShoot || i.shotNumber > info!.shotNumber),
        15_000,
      );
    }
    await page.screenshot({ path: `${SCREENSHOT_DIR}/computer-phone.png` });
    expect(shotNumber).toBeGreaterThanOrEqual(PLAYED_SHOTS);
    expect(await ballPositions(page)).not.toBe("[]");

    // The log: a shot seen live opens on the practice table, in a tab of its own, at the table before it.
    await page.getByTestId("open-menu").tap();
    const analyse = page.locator('[data-testid^="analyse-"]').first();
    await analyse.waitFor();
    const href = await analyse.getAttribute("href");
    expect(href).toMatch(/\/practice\?p=[\w-]+$/);
    const practice = await context.newPage();
    await practice.goto(href!);
    await practice.getByTestId("practice-view").waitFor();
    expect(await practice.getByTestId("practice-error").count()).toBe(0);
    expect(JSON.parse(await ballPositions(practice)).length).toBeGreaterThan(1);
    await practice.screenshot({ path: `${SCREENSHOT_DIR}/practice-phone-analyse.png` });
  });
});
