import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { ballDiameter, LAPTOP_1024, overlaps, PHONE, playComputer, strike } from "./support/computer-table.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { tableInfo, waitFor } from "./support/table-page.ts";

/**
 * The table's room against the computer, on a phone in portrait and on a small laptop: the balls are drawn
 * as large as the layout allows (the phone's at least 9.4 CSS px across, from 8.75 with the turn line above
 * the table), the page says who is at the table once while the computer plays, and the turn notice never
 * covers the scoreboard.
 */

const SCREENS = [
  { name: "phone", options: PHONE, touch: true, minBall: 9.4 },
  { name: "laptop-1024", options: LAPTOP_1024, touch: false, minBall: 10.3 },
] as const;

describe("the table's room", () => {
  const env = useGameAndBrowser();

  it.each(SCREENS)("$name: a big table, who plays said once, the notice beside the scoreboard", async (screen) => {
    const page = await (await env.newContext(screen.options)).newPage();
    const shot = (stage: string) =>
      page.screenshot({ path: `${SCREENSHOT_DIR}/table-room-${screen.name}-${stage}.png` });
    await playComputer(page, env.url, "Анна");

    const ball = await ballDiameter(page);
    console.log(`${screen.name}: a ball is ${ball.toFixed(2)} CSS px across`);
    expect(ball).toBeGreaterThanOrEqual(screen.minBall);

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
