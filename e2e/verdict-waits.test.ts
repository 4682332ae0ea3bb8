import { angleTowards } from "@habibka/client/game/aim-geometry";
import { defaultHouseSpot } from "@habibka/client/game/house";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import {
  ballPositions,
  createTable,
  debtsShown,
  openInvite,
  setAngle,
  skipShot,
  tableInfo,
  waitFor,
} from "./support/table-page.ts";

/**
 * The verdict waits for the balls, and skipping saves the time it promises: two players and a spectator on
 * laptops. The break is played into the coloured ball (a foul with a debt and an offer), and while it rolls
 * nobody's page shows its verdict, score, debt or offer; the player to move skips it and plays at once while
 * the spectator's animation is still running; then the chat survives a reload, and a resignation, a rematch
 * and another resignation show the result screen with the series score.
 */
describe("the verdict waits for the balls, and skipping saves the time", () => {
  const table = useGameAndBrowser();
  const shot = (name: string, page: Page) => page.screenshot({ path: `${SCREENSHOT_DIR}/verdict-${name}.png` });

  /** What a shot decides, as the page shows it. */
  async function decided(page: Page, number: number) {
    return {
      scores: [await page.getByTestId("score-0").textContent(), await page.getByTestId("score-1").textContent()],
      debts: await debtsShown(page),
      offer: (await tableInfo(page))?.offer ?? "",
      verdictOf: await page
        .getByTestId("verdict")
        .getAttribute("data-shot", { timeout: 500 })
        .catch(() => null),
      logged: await page.getByTestId(`log-${number}`).count(),
    };
  }

  it(
    "a foul break waits for its balls, a skip plays on at once, the chat outlives a reload, and a series is counted",
    async () => {
      const pages: Page[] = [];
      let opener: Page;
      let other: Page;
      let vera: Page;

      await stage("two players sit at a private table with a drawn opener, and a spectator watches", async () => {
        const laptop = { viewport: { width: 1280, height: 800 } };
        const anna = await table.newPage(laptop);
        const link = await createTable(anna, table.url, "Анна");
        const boris = await table.newPage(laptop);
        await openInvite(boris, link, "Борис");
        vera = await table.newPage(laptop);
        await openInvite(vera, link, "Вера", true);
        await waitFor(
          "the spectator",
          () => tableInfo(vera),
          (i) => i?.role === "spectator" && i.phase === "opening",
        );
        pages.push(anna, boris);
        const info = (await waitFor(
          "the opener",
          () => tableInfo(anna),
          (i) => i !== null && i.toMove >= 0,
        ))!;
        opener = info.toMove === 0 ? anna : boris;
        other = opener === anna ? boris : anna;
      });

      await stage(
        "while the break rolls, no page shows its verdict, score, debt or offer; right after, all of them do",
        async () => {
          const before = (await tableInfo(opener))!;
          const n = before.shotNumber;
          const shown = [opener, other, vera];
          const was = await Promise.all(shown.map((page) => decided(page, n)));
          // The break straight into the coloured ball on the centre mark: a foul (clause 10).
          const positions = JSON.parse(await ballPositions(opener)) as [number, number, number][];
          const spot = defaultHouseSpot(positions.map(([id, x, y]) => ({ id, x, y })));
          await setAngle(opener, Math.round(angleTowards(spot, { x: 0, y: 0 }) * 1000) / 1000);
          await opener.getByTestId("speed-slider").fill("5");
          await opener.getByTestId("shoot").click();
          for (const [i, page] of shown.entries()) {
            await waitFor(
              "the break playing",
              () => tableInfo(page),
              (s) => s?.playing === true,
              15_000,
            );
            expect(await decided(page, n)).toEqual(was[i]);
            await expect.poll(() => page.getByTestId("rolling").count()).toBe(1);
          }
          await shot("rolling", vera);
          // The opener watches to the end; the spectator too; the other player skips (and is timed below).
          await skipShot(other, n);
          await waitFor(
            "the offer to the other player",
            () => tableInfo(other),
            (s) => s?.offer === "foul",
            5_000,
          );
          const after = await decided(other, n);
          const offender = before.toMove;
          expect(after.verdictOf).toBe(String(n));
          expect(after.logged).toBe(1);
          expect(after.debts[offender]).toBe(1);
          await expect.poll(() => other.getByTestId("verdict").textContent()).toMatch(/Штраф/);
          await shot("after-skip", other);
        },
      );

      await stage(
        "skip lets the next shot be played at once: the spectator's animation is still running and jumps to it",
        async () => {
          const n = (await tableInfo(other))!.shotNumber;
          expect((await tableInfo(vera))?.playing, "the spectator still watches the break").toBe(true);
          await other.getByTestId("answer-accept").click();
          await waitFor(
            "the shot controls",
            () => tableInfo(other),
            (s) => s?.canShoot === true,
            5_000,
          );
          await other.getByTestId("speed-slider").fill("1");
          expect((await tableInfo(vera))?.playing, "the spectator still watches the break").toBe(true);
          await other.getByTestId("shoot").click();
          await waitFor(
            "the next shot accepted",
            async () => ((await other.getByTestId("server-error").count()) > 0 ? "refused" : tableInfo(other)),
            (s) => s === "refused" || (s !== null && (s.playing || s.shotNumber > n)),
            10_000,
          ).then((s) => expect(s).not.toBe("refused"));
          // The spectator's page plays the new shot now; the break's verdict is in its log.
          await expect.poll(() => vera.getByTestId("rolling").textContent(), { timeout: 10_000 }).toContain(`№${n}`);
          expect(await vera.getByTestId(`log-${n - 1}`).count()).toBe(1);
          for (const page of [opener, other, vera]) await skipShot(page, n);
        },
      );

      await stage("the chat history is there after a reload", async () => {
        await opener.getByTestId("chat-input").fill("Хороший разбой");
        await opener.getByTestId("chat-send").click();
        await vera.getByTestId("chat-input").fill("Смотрю!");
        await vera.getByTestId("chat-send").click();
        await expect.poll(() => other.getByTestId("chat-lines").textContent()).toContain("Смотрю!");
        for (const page of [other, vera]) {
          await page.reload();
          await waitFor(
            "back at the table",
            () => tableInfo(page),
            (i) => i !== null && i.phase === "play",
          );
          await expect.poll(() => page.getByTestId("chat-lines").textContent()).toContain("Хороший разбой");
          await expect.poll(() => page.getByTestId("chat-lines").textContent()).toContain("Смотрю!");
        }
      });

      await stage(
        "a resignation is a line of the log and ends in the result screen; a rematch counts the series",
        async () => {
          const [anna, boris] = pages as [Page, Page];
          await anna.getByTestId("resign").click();
          await anna.getByTestId("resign-yes").click();
          for (const page of [anna, boris, vera]) {
            await waitFor(
              "the result",
              () => tableInfo(page),
              (i) => i?.phase === "finished",
            );
            await expect.poll(() => page.getByTestId("result").isVisible()).toBe(true);
            await expect.poll(() => page.getByTestId("log-action-resign").count()).toBe(1);
            await expect.poll(() => page.getByTestId("series-score").textContent()).toMatch(/0 : 1/);
          }
          await shot("result-first", boris);
          await anna.getByTestId("rematch").click();
          await boris.getByTestId("rematch").click();
          for (const page of [anna, boris, vera]) {
            await waitFor(
              "the rematch",
              () => tableInfo(page),
              (i) => i?.phase === "opening",
            );
            await expect.poll(() => page.getByTestId("result").count()).toBe(0);
          }
          await boris.getByTestId("resign").click();
          await boris.getByTestId("resign-yes").click();
          for (const page of [anna, boris, vera]) {
            await waitFor(
              "the second result",
              () => tableInfo(page),
              (i) => i?.phase === "finished",
            );
            await expect.poll(() => page.getByTestId("series-score").textContent()).toMatch(/1 : 1/);
            expect(await page.getByTestId("series-0").textContent()).toBe("1");
            expect(await page.getByTestId("series-1").textContent()).toBe("1");
          }
          await expect.poll(() => anna.getByTestId("result").textContent()).toMatch(/Вы выиграли/);
          await shot("result-series", anna);
        },
      );
    },
    5 * STAGE_MS,
  );
});
