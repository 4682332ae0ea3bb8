import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import { ballPositions, canvasPoint, expectSamePositions, tableInfo, waitFor } from "./support/table-page.ts";

/**
 * A public table found in the lobby: the lag [раскат] with its own controls, the shot clock counting down
 * in every page, a call composed on the table and relayed to the others, and a rematch after a resignation.
 */
describe("a public table: lobby, lag, call and rematch", () => {
  const table = useGameAndBrowser();

  async function newPage(): Promise<Page> {
    const context = await table.newContext({ viewport: { width: 1200, height: 760 } });
    return context.newPage();
  }
  const shot = (name: string) => `${SCREENSHOT_DIR}/${name}.png`;

  it(
    "a public table found in the lobby is watched, lagged for, opened with a call, resigned and played again",
    async () => {
      let anna: Page;
      let boris: Page;
      let viewer: Page;
      let code = "";

      await stage("a public table appears in the lobby and a spectator watches it from there", async () => {
        viewer = await newPage();
        await viewer.goto(table.url);
        await viewer.getByTestId("name-input").fill("Гость");

        anna = await newPage();
        await anna.goto(table.url);
        await anna.getByTestId("name-input").fill("Анна");
        await anna.getByTestId("visibility-public").check();
        await anna.getByTestId("opening-lag").check();
        await anna.getByTestId("shot-clock").selectOption("90");
        await anna.getByTestId("create-table").click();
        await waitFor(
          "Anna's table",
          () => tableInfo(anna),
          (i) => i?.seat === "0",
        );
        code = (await anna.getByTestId("table-code").textContent())!.replace(/\D/g, "");
        expect(code).toMatch(/^\d{6}$/);

        await waitFor(
          "the table in the lobby",
          () => viewer.getByTestId(`lobby-table-${code}`).count(),
          (n) => n === 1,
        );
        await expect.poll(() => viewer.getByTestId(`lobby-table-${code}`).textContent()).toContain("Анна");
        await viewer.screenshot({ path: shot("lobby-list") });
        await viewer.getByTestId(`watch-${code}`).click();
        await waitFor(
          "the spectator",
          () => tableInfo(viewer),
          (i) => i?.role === "spectator",
        );
      });

      await stage("the second player joins by code and both lag until one of them breaks", async () => {
        boris = await newPage();
        await boris.goto(table.url);
        await boris.getByTestId("name-input").fill("Борис");
        await boris.getByTestId("code-input").fill(code);
        await boris.getByTestId("join-table").click();
        await waitFor(
          "the lag",
          () => tableInfo(boris),
          (i) => i?.seat === "1" && i.phase === "lag",
        );

        for (let attempt = 0; attempt < 6; attempt++) {
          const info = await waitFor(
            "a lag to play or its result",
            () => tableInfo(anna),
            (i) => i !== null && !i.animating && (i.phase !== "lag" || i.canShoot),
            40_000,
          );
          if (info!.phase !== "lag") break;
          for (const page of [anna, boris]) {
            await waitFor(
              "the lag controls",
              () => tableInfo(page),
              (i) => i?.canShoot === true && !i.animating,
              40_000,
            );
            // Power with the keyboard: from the canvas, ↑ adds 0.1 m/s (Shift: 1 m/s).
            await page.getByTestId("table-canvas").focus();
            await page.keyboard.press("Shift+ArrowUp");
            await page.keyboard.press("ArrowDown");
            // Different speeds: two identical lags tie and are replayed (I21).
            await page.getByTestId("speed-slider").fill(String(2 + attempt * 0.3 + (page === boris ? 0.35 : 0)));
            if (attempt === 0 && page === anna) await anna.screenshot({ path: shot("lag") });
            await page.getByTestId("lag-shoot").click();
            // The page takes the lag as sent (its controls close) before the other player shoots.
            await waitFor(
              "the lag shot to be sent",
              () => tableInfo(page),
              (i) => i !== null && (!i.canShoot || i.phase !== "lag"),
              10_000,
            );
          }
          // Both lags in: the server plays them together, so the shot number moves on (or the opening begins).
          await waitFor(
            "the lag to be played",
            async () => [await tableInfo(anna), await tableInfo(boris)],
            ([a, b]) => !!a && !!b && (a.shotNumber > info!.shotNumber || a.phase !== "lag"),
            20_000,
          );
        }
        const after = await waitFor(
          "the opening",
          () => tableInfo(anna),
          (i) => i?.phase === "opening" && !i.animating,
          60_000,
        );
        expect(after?.phase).toBe("opening");
        const verdict = await anna.getByTestId("verdict").textContent();
        expect(verdict).toBeTruthy();
        await expect.poll(() => viewer.getByTestId("verdict").textContent()).toBe(verdict);
      });

      await stage("the opener composes a call on the table; the others see it live", async () => {
        const opener = (await tableInfo(anna))!.toMove === 0 ? anna : boris;
        const other = opener === anna ? boris : anna;
        // The 90 s shot clock, told once by the server, counts down in each page: the spectator's too.
        for (const page of [opener, other, viewer]) {
          const seconds = async () => Number((await page.getByTestId("clock").textContent())?.replace(/\D/g, ""));
          const first = await waitFor("the shot clock", seconds, (n) => n > 0);
          expect(first).toBeLessThanOrEqual(90);
          await waitFor("the shot clock counting down", seconds, (n) => n > 0 && n < first);
        }
        const positions = JSON.parse(await ballPositions(opener)) as [number, number, number][];
        const ball = positions.filter(([id]) => id !== 0).sort((a, b) => a[1] - b[1])[0]!;
        // With the call control open a click on the ball picks it for the call (outside it a click aims); the
        // pocket comes from the pocket buttons.
        await opener.getByTestId("open-call").click();
        const at = await canvasPoint(opener, ball[1], ball[2]);
        await opener.mouse.click(at.px, at.py);
        await expect.poll(() => opener.getByTestId("call-picker").textContent()).toContain(String(ball[0]));
        await opener.getByTestId("pocket-FL").click();
        await expect.poll(() => opener.getByTestId("call-summary").textContent()).toContain(String(ball[0]));
        await expect
          .poll(() => other.getByTestId("call-summary").textContent(), { timeout: 10_000 })
          .toContain(String(ball[0]));
        await expect.poll(() => viewer.getByTestId("call-summary").textContent()).toContain(String(ball[0]));
        await viewer.screenshot({ path: shot("call-relayed") });
        await opener.getByTestId("speed-slider").fill("7");
        await opener.getByTestId("shoot").click();
        for (const page of [anna, boris, viewer]) {
          await waitFor(
            "the opening shot at rest",
            () => tableInfo(page),
            (i) => i?.phase === "play" && !i.animating,
            40_000,
          );
        }
        await expectSamePositions([anna, boris, viewer]);
      });

      await stage("after a resignation both ask for a rematch and a new match starts at the same table", async () => {
        await boris.getByTestId("resign").click();
        await boris.getByTestId("resign-no").click();
        await boris.getByTestId("resign").click();
        await boris.getByTestId("resign-yes").click();
        await waitFor(
          "the result",
          () => tableInfo(anna),
          (i) => i?.phase === "finished",
        );
        await expect.poll(() => anna.getByTestId("result").textContent()).toContain("Анна");
        await anna.getByTestId("rematch").click();
        await boris.getByTestId("rematch").click();
        for (const page of [anna, boris, viewer]) {
          await waitFor(
            "the new match",
            () => tableInfo(page),
            (i) => i?.phase === "lag",
            20_000,
          );
        }
        await expect.poll(() => anna.getByTestId("shot-log").locator("li").count()).toBe(0);
      });
    },
    4 * STAGE_MS,
  );
});
