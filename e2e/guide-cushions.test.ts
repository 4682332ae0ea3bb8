import type { Circle } from "@habibka/client/game/aim-geometry";
import { predictShot } from "@habibka/client/game/shot-guide";
import { COLOURED_BALL } from "@habibka/shared/table";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { stage } from "./support/story.ts";
import { ballPositions, dragOnTable, setAngle, waitFor } from "./support/table-page.ts";

/**
 * The aiming guide off the cushions on the practice table, on a phone and on a laptop: aimed at 30° from
 * the house, the cue ball's line runs to the long cushion and on off it to a ball of the pyramid, joined to
 * the ghost ball there; with the coloured ball moved onto that rebound, the guide turns red and says the
 * stroke is a foul, in Russian on the phone and in English on the laptop. Each screen's story starts from a
 * fresh page.
 */

interface Screen {
  readonly name: string;
  readonly options: BrowserContextOptions;
  readonly touch: boolean;
  readonly language: "ru" | "en";
  /** The word the guide writes by the ghost ball for a stroke into the coloured ball. */
  readonly foulWord: string;
}

const SCREENS: readonly Screen[] = [
  {
    name: "phone",
    options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    touch: true,
    language: "ru",
    foulWord: "штраф: цветной",
  },
  {
    name: "laptop",
    options: { viewport: { width: 1366, height: 768 } },
    touch: false,
    language: "en",
    foulWord: "foul: coloured ball",
  },
];

interface GuideShown {
  readonly guide: string;
  readonly legs: number;
  readonly ball: string;
  readonly foul: string;
  readonly word: string;
}

async function guideShown(page: Page): Promise<GuideShown> {
  return page.getByTestId("table-canvas").evaluate((el) => {
    const d = (el as HTMLElement).dataset;
    return {
      guide: d.guide ?? "",
      legs: Number(d.guideLegs),
      ball: d.guideBall ?? "",
      foul: d.guideFoul ?? "",
      word: d.guideWord ?? "",
    };
  });
}

async function press(page: Page, id: string, touch: boolean): Promise<void> {
  const control = page.getByTestId(id);
  if (touch) await control.tap();
  else await control.click();
}

/**
 * A spot on the cue ball's path after its first cushion, half a metre on: the page's own guide, computed
 * from the balls and the stroke the page shows.
 */
async function spotOnRebound(page: Page, angle: number): Promise<{ x: number; y: number }> {
  const balls = (JSON.parse(await ballPositions(page)) as [number, number, number][]).map(
    ([id, x, y]): Circle => ({ id, x, y }),
  );
  const speed = Number(await page.getByTestId("speed-slider").inputValue());
  const cue = balls.find((b) => b.id === 1)!;
  const run = predictShot(cue, { angle, speed, offset: { x: 0, y: 0 } }, balls).cue;
  const rail = run.contacts[0];
  if (rail?.kind !== "cushion") throw new Error("the cue ball must meet the cushion first");
  const after = run.points.slice(run.points.indexOf(rail.at));
  const spot = after.find((p) => Math.hypot(p.x - rail.at.x, p.y - rail.at.y) > 0.5);
  if (!spot) throw new Error("the rebound must run half a metre");
  return spot;
}

describe("the aiming guide off the cushions", () => {
  const env = useGameAndBrowser();

  for (const screen of SCREENS) {
    it(`on a ${screen.name}: the guide rebounds to a ball, and into the coloured ball it shows a foul`, async () => {
      const page = await env.newPage(screen.options, { language: screen.language });
      await page.goto(`${env.url}/practice`);
      await page.getByTestId("practice-view").waitFor();

      await stage("the guide off the long cushion to a white ball", async () => {
        await setAngle(page, 30);
        const shown = await waitFor(
          "a guide with a rebound",
          () => guideShown(page),
          (g) => g.legs >= 2,
          10_000,
        );
        expect(shown.guide).toBe("own");
        expect(shown.ball, "the rebound reaches a ball").not.toBe("");
        expect(shown.ball).not.toBe(String(COLOURED_BALL));
        expect(shown.foul).toBe("");
        expect(shown.word).toBe("");
        await page.screenshot({ path: `${SCREENSHOT_DIR}/guide-cushions-${screen.name}.png` });
      });

      await stage("the coloured ball on the rebound: a foul", async () => {
        const spot = await spotOnRebound(page, 30);
        await press(page, "practice-mode-arrange", screen.touch);
        await dragOnTable(page, { x: 0, y: 0 }, spot);
        await waitFor(
          "the coloured ball on the rebound",
          async () => (JSON.parse(await ballPositions(page)) as [number, number, number][]).find((b) => b[0] === 0),
          (b) => !!b && Math.hypot(b[1] - spot.x, b[2] - spot.y) < 0.03,
        );
        await press(page, "practice-mode-aim", screen.touch);
        await setAngle(page, 30);
        const shown = await waitFor(
          "the guide into the coloured ball",
          () => guideShown(page),
          (g) => g.foul === "coloured",
          10_000,
        );
        expect(shown.ball).toBe(String(COLOURED_BALL));
        expect(shown.legs).toBe(2);
        expect(shown.word).toBe(screen.foulWord);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/guide-cushions-${screen.name}-foul.png` });
      });
    });
  }
});
