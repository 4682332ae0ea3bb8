import { angleTowards } from "@habibka/client/game/aim-geometry";
import { defaultHouseSpot } from "@habibka/client/game/house";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import {
  ballPositions,
  createTable,
  openInvite,
  setAngle,
  skipShot,
  tableInfo,
  waitFor,
} from "./support/table-page.ts";

/**
 * The small things a player meets around a match, on a phone and on two laptops: the lobby's choices with
 * their circles beside their words (the laptop's in English, its brisk pace among them), the computer named
 * whole with its level, the first-visit tour stepping aside while the opponent's shot plays, the match
 * page's live state and its button apart, its start and end labelled (at 1024×640 in English), seconds in
 * «с», the shot log's buttons apart at 1024×640, and a foul's picture and link saying the foul.
 */

const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const laptop = { viewport: { width: 1366, height: 768 } };
const small = { viewport: { width: 1024, height: 640 } };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, "shown").not.toBeNull();
  return found!;
}

/** Pixels between two boxes: 0 or less when they touch or overlap. */
function apart(a: Box, b: Box): number {
  const dx = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const dy = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.max(dx, dy);
}

describe("the details around a match", () => {
  const game = useGameAndBrowser();
  const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}/details-${name}.png` });

  it("on a laptop and a phone the lobby's choices sit beside their circles; on a phone the computer is named whole", async () => {
    for (const [name, options, language] of [
      ["laptop", laptop, "en"],
      ["phone", phone, "ru"],
    ] as const) {
      const lobby = await game.newPage(options, { language });
      await lobby.goto(game.url);
      const pace = lobby.locator("fieldset", { has: lobby.getByTestId("computer-pace-brisk") });
      expect(await pace.locator("legend").textContent()).toBe(
        language === "en" ? "The computer's pace" : "Темп компьютера",
      );
      expect(await pace.locator("label", { has: lobby.getByTestId("computer-pace-brisk") }).textContent()).toBe(
        language === "en" ? "brisk" : "быстрый",
      );
      for (const id of ["visibility-private", "opening-lag", "computer-level-master", "computer-pace-brisk"]) {
        // Both boxes in one reading, of one layout: lists arriving after the first paint move the page.
        const [circle, whole] = await lobby.getByTestId(id).evaluate((input) => {
          const label = input.closest("label");
          if (!label) throw new Error(`${input.id || "a choice"} is not inside its label`);
          return [input.getBoundingClientRect().toJSON(), label.getBoundingClientRect().toJSON()] as [Box, Box];
        });
        // On one line: the circle inside the label's height, its words to its right.
        expect(whole.height, id).toBeLessThan(50);
        expect(Math.abs(circle.y + circle.height / 2 - (whole.y + whole.height / 2)), id).toBeLessThan(3);
        expect(whole.width - circle.width, id).toBeGreaterThan(30);
        expect(circle.width, id).toBeLessThan(24);
      }
      // A wrapped choice sits right under the row before it, not a row's height further down.
      const [novice, master] = [
        await box(lobby.getByTestId("computer-level-novice")),
        await box(lobby.getByTestId("computer-level-master")),
      ];
      expect(master.y - novice.y, name).toBeLessThan(50);
      await lobby.getByTestId("computer-level-novice").scrollIntoViewIfNeeded();
      await shot(lobby, `lobby-${name}`);
      if (name === "laptop") await lobby.close();
    }
    const page = await game.newPage(phone);
    await page.goto(game.url);
    await page.getByTestId("name-input").fill("Анна");
    await page.getByTestId("computer-level-novice").check();
    await page.getByTestId("computer-pace-brisk").check();
    await page.getByTestId("play-computer").tap();
    await page.getByTestId("table-view").waitFor();
    const level = page.locator('[data-testid^="computer-level-shown-"]');
    await level.waitFor();
    expect(await level.textContent()).toBe("новичок");
    const seat = (await level.getAttribute("data-testid"))!.slice(-1);
    const name = page.getByTestId(`player-name-${seat}`);
    expect(await name.textContent()).toBe("Компьютер");
    // Not cut: the name's words fit its box.
    const fits = await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 0.5);
    expect(fits).toBe(true);
    // The turn's notice over the strip goes after a moment; the picture is of the strip itself.
    await expect.poll(() => page.getByTestId("notice").count(), { timeout: 10_000 }).toBe(0);
    await shot(page, "computer-phone");
  });

  it(
    "at a human table and on its page: the tour steps aside, the header reads apart, the log's buttons apart",
    async () => {
      let anna: Page;
      let boris: Page;
      let striker: Page;
      let watcher: Page;
      let matchId = "";
      let foul = 0;

      await stage("two first-time players sit down; the opener breaks into the coloured ball", async () => {
        const annaContext = await game.newContext(laptop, { firstVisit: true });
        anna = await annaContext.newPage();
        const link = await createTable(anna, game.url, "Анна", { visibility: "public" });
        const borisContext = await game.newContext(laptop, { firstVisit: true });
        boris = await borisContext.newPage();
        await openInvite(boris, link, "Борис");
        const info = (await waitFor(
          "the opener",
          () => tableInfo(anna),
          (i) => i?.phase === "opening" && i.toMove >= 0 && i.matchId !== "",
        ))!;
        matchId = info.matchId;
        [striker, watcher] = String(info.toMove) === info.seat ? [anna, boris] : [boris, anna];
        await striker.getByTestId("tour-skip").click();
        await watcher.getByTestId("tour").waitFor();
        await watcher.getByTestId("tour-next").click();
        expect(await watcher.getByTestId("tour").getAttribute("data-step")).toBe("2");

        foul = info.shotNumber;
        const positions = JSON.parse(await ballPositions(striker)) as [number, number, number][];
        const spot = defaultHouseSpot(positions.map(([id, x, y]) => ({ id, x, y })));
        await setAngle(striker, Math.round(angleTowards(spot, { x: 0, y: 0 }) * 1000) / 1000);
        await striker.getByTestId("speed-slider").fill("4");
        await striker.getByTestId("shoot").click();
        // While the shot plays on the other player's page, no tour covers the table.
        let seenPlaying = 0;
        await waitFor(
          "the shot played out on the watcher's page",
          async () => {
            const now = await tableInfo(watcher);
            const tours = await watcher.getByTestId("tour").count();
            if (now?.playing || now?.animating) {
              expect(tours, "a tour over the playing shot").toBe(0);
              if (seenPlaying++ === 2) await shot(watcher, "tour-aside-while-playing");
            }
            return { now, seenPlaying };
          },
          (v) => v.seenPlaying > 0 && v.now !== null && !v.now.playing && !v.now.animating,
          40_000,
        );
        expect(seenPlaying).toBeGreaterThan(0);
        // Back once the balls stop, at the step it was at.
        await watcher.getByTestId("tour").waitFor();
        expect(await watcher.getByTestId("tour").getAttribute("data-step")).toBe("2");
        await shot(watcher, "tour-back-after-shot");
        await watcher.getByTestId("tour-skip").click();
        await skipShot(striker, foul);
      });

      await stage("the live match's page: «Идёт игра» and its button apart, seconds in «с»", async () => {
        const page = await game.newPage(laptop);
        await page.goto(`${game.url}/m/${matchId}/${foul}`);
        await expect
          .poll(() => page.getByTestId("match-page").getAttribute("data-live"), { timeout: 10_000 })
          .toBe("true");
        const state = page.getByTestId("match-live");
        const button = page.getByTestId("match-to-table");
        expect(await state.textContent()).toMatch(/^●\s*Идёт игра$/);
        expect(await button.evaluate((el) => el.tagName)).toBe("BUTTON");
        expect(await button.textContent()).toBe("Открыть стол");
        expect(apart(await box(state), await box(button))).toBeGreaterThanOrEqual(8);
        // A button that looks like one: a border round its words.
        expect(await button.evaluate((el) => getComputedStyle(el).borderTopStyle)).not.toBe("none");
        expect(await page.getByTestId("match-times").textContent()).toMatch(/^Начало \d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
        await page.getByTestId("shot-scrubber").fill("100");
        const time = await page.locator(".shot-scrubber .time").textContent();
        expect(time).toMatch(/^\d+,\d \/ \d+,\d с$/);
        const text = await page.getByTestId("match-page").textContent();
        expect(text).not.toMatch(/\d\s?(?:s|m|m\/s)\b/);
        await shot(page, "match-page-live");
        await page.close();
      });

      await stage("at 1024×640 the shot log's «Повтор» and «Разобрать удар» stand apart", async () => {
        await striker.setViewportSize(small.viewport);
        const replay = striker.getByTestId(`replay-${foul}`);
        if (!(await replay.isVisible())) await striker.getByTestId("open-menu").click();
        await replay.waitFor();
        const analyse = striker.getByTestId(`analyse-${foul}`);
        const [one, other] = [await box(replay), await box(analyse)];
        expect(apart(one, other)).toBeGreaterThanOrEqual(6);
        // Side by side on one line, not one left behind by the other's wrap.
        expect(Math.abs(one.y - other.y)).toBeLessThan(4);
        await replay.scrollIntoViewIfNeeded();
        await shot(striker, "log-1024");
        await striker.setViewportSize(laptop.viewport);
      });

      await stage(
        "resigned, the page gives the start and the end; the foul's picture and link say the foul",
        async () => {
          const resigner = striker;
          if (!(await resigner.getByTestId("resign").isVisible())) await resigner.getByTestId("open-menu").click();
          await resigner.getByTestId("resign").click();
          await resigner.getByTestId("resign-yes").click();
          await waitFor(
            "the result",
            () => tableInfo(watcher),
            (i) => i?.phase === "finished",
          );
          for (const [name, options, language] of [
            ["laptop", laptop, "ru"],
            ["1024", small, "en"],
            ["phone", phone, "ru"],
          ] as const) {
            const page = await game.newPage(options, { language });
            await page.goto(`${game.url}/m/${matchId}/${foul}`);
            // The result may reach the record a moment after the table shows it; the page reads again until then.
            await expect
              .poll(() => page.getByTestId("match-page").getAttribute("data-live"), { timeout: 15_000 })
              .toBe("false");
            const times = page.getByTestId("match-times");
            expect(await times.textContent()).toMatch(
              language === "en"
                ? /^Started \d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d\d\s[AP]M · Ended \d{1,2}:\d\d\s[AP]M$/
                : /^Начало \d\d\.\d\d\.\d{4}, \d\d:\d\d · Конец \d\d:\d\d$/,
            );
            await page.getByTestId("shot-scrubber").fill("100");
            await expect
              .poll(() => page.getByTestId("match-verdict").textContent())
              .toMatch(language === "en" ? /Foul/ : /Штраф/);
            await shot(page, `match-page-${name}`);
            await page.close();
          }
          const html = await (await fetch(`${game.url}/m/${matchId}/${foul}`)).text();
          const description = /<meta property="og:description" content="([^"]*)" \/>/.exec(html)?.[1] ?? "";
          expect(description).toMatch(/^Штраф — (?:Анна|Борис): .*п\. 10/);
          const picture = await fetch(`${game.url}/m/${matchId}/${foul}.png`);
          expect(picture.headers.get("content-type")).toBe("image/png");
          const { writeFileSync } = await import("node:fs");
          writeFileSync(`${SCREENSHOT_DIR}/details-foul-picture.png`, Buffer.from(await picture.arrayBuffer()));
        },
      );
    },
    4 * STAGE_MS,
  );
});
