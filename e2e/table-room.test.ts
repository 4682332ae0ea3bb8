import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import {
  ballDiameter,
  LAPTOP_1024,
  overlaps,
  PHONE,
  playComputer,
  strike,
  untilMyStroke,
} from "./support/computer-table.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { tableInfo, waitFor } from "./support/table-page.ts";

/**
 * The table's room against the computer, on a phone in portrait and on a small laptop: the balls are drawn
 * as large as the layout allows (the phone's at least 12 CSS px across: 9.5 with the site's header, a
 * two-line status strip, a three-row dock and a 13 cm frame), the page says who is at the table once while
 * the computer plays, and the turn notice never covers the scoreboard. The phone's figures on its side and on
 * a smaller phone are printed with the height of every band.
 */

const SCREENS = [
  { name: "phone", options: PHONE, touch: true, minBall: 12 },
  { name: "laptop-1024", options: LAPTOP_1024, touch: false, minBall: 11.1 },
] as const;

/** The phone's other screens, measured on the same page turned or resized. */
const OTHER_PHONES = [
  { width: 844, height: 390 },
  { width: 360, height: 740 },
] as const;

/** The ball's size and each band's height, as one line for the test's output. */
async function figures(page: Page): Promise<string> {
  const bands = await page.evaluate(() =>
    [".app-header", ".status-bar", ".table-stage", ".verdict-line", ".dock"].map((selector) => {
      const element = document.querySelector(selector);
      const box = element?.getBoundingClientRect();
      return `${selector.slice(1)} ${box && box.height > 0 ? Math.round(box.height) : "—"}`;
    }),
  );
  const { width, height } = page.viewportSize()!;
  return `${width}×${height}: a ball is ${(await ballDiameter(page)).toFixed(2)} CSS px across (${bands.join(", ")})`;
}

describe("the table's room", () => {
  const env = useGameAndBrowser();

  it.each(SCREENS)("$name: a big table, who plays said once, the notice beside the scoreboard", async (screen) => {
    const page = await (await env.newContext(screen.options)).newPage();
    const shot = (stage: string) =>
      page.screenshot({ path: `${SCREENSHOT_DIR}/table-room-${screen.name}-${stage}.png` });
    await playComputer(page, env.url, "Анна");
    // The table has its room from the first stroke on: the layout does not change with the phase or the turn.
    await untilMyStroke(page);

    const ball = await ballDiameter(page);
    console.log(`${screen.name}: ${await figures(page)}`);
    expect(ball).toBeGreaterThanOrEqual(screen.minBall);
    if (screen.touch) {
      for (const size of OTHER_PHONES) {
        const before = await ballDiameter(page);
        await page.setViewportSize(size);
        // The table is fitted again once the page has taken the new size.
        await expect.poll(() => ballDiameter(page)).not.toBeCloseTo(before, 2);
        console.log(`${screen.name}: ${await figures(page)}`);
        await shot(`${size.width}x${size.height}`);
      }
      await page.setViewportSize(PHONE.viewport!);
      await expect.poll(() => ballDiameter(page)).toBeCloseTo(ball, 2);
    }

    let noticesChecked = 0;
    let turnNoticeSeen = false;
    let computerSeen = false;
    for (let n = 0; n < 8 && !(turnNoticeSeen && computerSeen); n++) {
      // Every notice shown on the way, checked against the scoreboard while it is up.
      const info = await waitFor(
        "this player's stroke, the notices checked meanwhile",
        async () => {
          if ((await page.getByTestId("answer-pass").count()) > 0) await page.getByTestId("answer-pass").click();
          const notice = page.getByTestId("notice");
          const board = await page.locator(".scoreboard").boundingBox();
          const box = (await notice.count()) > 0 ? await notice.boundingBox() : null;
          if (box && board) {
            expect(overlaps(box, board), `the notice «${await notice.textContent()}» covers the scoreboard`).toBe(
              false,
            );
            noticesChecked++;
            if (/Ваш ход/.test((await notice.textContent()) ?? "")) {
              if (!turnNoticeSeen) await shot("your-turn");
              turnNoticeSeen = true;
            }
          }
          // While the computer is at the table: its name in the page's texts, once.
          const view = await tableInfo(page);
          if (view && !view.canShoot && !view.playing && view.toMove === 1 && view.phase === "play") {
            const said = await page
              .locator(".turn-line, .waiting-line")
              .evaluateAll(
                (nodes) =>
                  nodes.filter(
                    (node) => (node as HTMLElement).checkVisibility() && /Бьёт Компьютер/.test(node.textContent ?? ""),
                  ).length,
              );
            if (said > 0) {
              expect(said, "who is at the table, said once").toBe(1);
              if (!computerSeen) await shot("computer-plays");
              computerSeen = true;
            }
          }
          return view;
        },
        (i) => i?.canShoot === true && i.offer === "",
        45_000,
      );
      await strike(page, info!, screen.touch);
    }
    expect(noticesChecked).toBeGreaterThan(0);
    expect(turnNoticeSeen).toBe(true);
    expect(computerSeen).toBe(true);
    await shot("end");
  });
});
