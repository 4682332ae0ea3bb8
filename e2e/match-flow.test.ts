import { angleTowards } from "@habibka/client/game/aim-geometry";
import { HOUSE_LINE_X } from "@habibka/shared/table";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import {
  ballPositions,
  canvasPoint,
  dragOnTable,
  expectSamePositions,
  setAngle,
  type TableInfo,
  tableInfo,
  waitFor,
} from "./support/table-page.ts";

/**
 * A whole table as players meet it, against the real server: one player creates a private table and
 * copies the link, a second opens it on a phone-sized page and sits down, they play shots with the real
 * controls, a third watches, a reload returns a player to his seat, and the language switch works.
 */
describe("a match between two browsers, watched by a third", () => {
  const table = useGameAndBrowser();

  async function newPage(viewport: { width: number; height: number }, touch = false): Promise<Page> {
    // The phone is a HiDPI screen (3 device pixels per CSS pixel), as most are.
    const context = await table.newContext({
      viewport,
      hasTouch: touch,
      isMobile: touch,
      deviceScaleFactor: touch ? 3 : 1,
    });
    return context.newPage();
  }

  const shot = (name: string) => `${SCREENSHOT_DIR}/${name}.png`;

  /** The page whose player must act now, once every page agrees the table is at rest. */
  async function striker(players: readonly Page[]): Promise<Page> {
    return waitFor(
      "a player to move",
      async () => {
        for (const page of players) {
          const info = await tableInfo(page);
          if (info && !info.animating && (info.canShoot || info.offer !== "") && String(info.toMove) === info.seat) {
            return page;
          }
        }
        return null;
      },
      (p) => p !== null,
      40_000,
    ) as Promise<Page>;
  }

  async function playOneShot(players: readonly Page[], index: number): Promise<void> {
    const page = await striker(players);
    const before = (await tableInfo(page))!;
    if (before.offer !== "") {
      // An offer (bonus shot, or play after a foul): take it with the button.
      await page.getByTestId("answer-accept").click();
      await waitFor(
        "the offer answered",
        () => tableInfo(page),
        (i) => i?.offer === "",
      );
      return playOneShot(players, index);
    }
    if (before.phase === "lag") {
      await page.getByTestId("lag-shoot").click();
      return;
    }
    const positions = JSON.parse(await ballPositions(page)) as [number, number, number][];
    // The page's default cue ball is the white ball nearest the head; aim at the next one (or, for the
    // opening shot from hand, at the pyramid's nearest ball).
    const whites = positions.filter(([id]) => id !== 0).sort((a, b) => a[1] - b[1]);
    const target = (before.phase === "opening" ? whites[0] : whites[1]) ?? [2, 1, 0];
    let cue = { x: whites[0]![1], y: whites[0]![2] };
    if (before.phase === "opening") {
      // The ball in hand: dragged from its first spot to another within the house.
      const { defaultHouseSpot } = await import("@habibka/client/game/house");
      const spot = defaultHouseSpot(whites.map(([id, x, y]) => ({ id, x, y })));
      cue = { x: HOUSE_LINE_X - 0.3, y: 0.35 };
      await dragOnTable(page, spot, cue);
    }
    if (before.phase === "play" && index === 2) {
      // Choosing the cue ball on the table: the coloured ball warns (clause 1), a white one is taken.
      const coloured = positions.find(([id]) => id === 0);
      if (coloured) {
        await page.getByTestId("mode-cue").click();
        const c = await canvasPoint(page, coloured[1], coloured[2]);
        await page.mouse.click(c.px, c.py);
        await expect.poll(() => page.getByTestId("coloured-warning").count()).toBe(1);
      }
      await page.getByTestId("mode-cue").click();
      const w = await canvasPoint(page, whites[0]![1], whites[0]![2]);
      await page.mouse.click(w.px, w.py);
      await expect.poll(() => page.getByTestId("coloured-warning").count()).toBe(0);
      await expect.poll(() => page.getByTestId("cue-ball").textContent()).toContain(String(whites[0]![0]));
    }
    // Aim at the target ball with the angle field, then fine-tune with the keys and the fine buttons.
    const angle = Math.round(angleTowards(cue, { x: target[1], y: target[2] }) * 1000) / 1000;
    await setAngle(page, angle);
    await page.getByTestId("table-canvas").focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Control+ArrowLeft");
    await page.keyboard.press("Control+ArrowRight");
    await page.getByTestId("turn-plus").click();
    await page.getByTestId("turn-minus").click();
    await expect.poll(async () => Number(await page.getByTestId("angle-input").inputValue())).toBeCloseTo(angle, 6);
    await page.getByTestId("speed-slider").fill(index === 0 ? "6" : "3");
    await expect.poll(() => page.getByTestId("speed-value").textContent()).toMatch(index === 0 ? /6[.,]00/ : /3[.,]00/);
    await page.screenshot({ path: shot(`aiming-${index + 1}`) });
    await page.getByTestId("shoot").click();
    await waitFor(
      "the shot to be played",
      () => tableInfo(page),
      (i) => i !== null && (i.playing || i.shotNumber > before.shotNumber),
      30_000,
    );
  }

  it(
    "a private table by its link: seated on a phone, watched, played, chatted at, reloaded, turned to English, resigned",
    async () => {
      let anna: Page;
      let boris: Page;
      let viewer: Page;
      let late: Page;
      let link = "";

      await stage("creates a private table and copies the invite link", async () => {
        anna = await newPage({ width: 1280, height: 800 });
        await anna.goto(table.url);
        await anna.getByTestId("name-input").fill("Анна");
        await anna.getByTestId("visibility-private").check();
        await anna.getByTestId("opening-draw").check();
        await anna.screenshot({ path: shot("lobby") });
        await anna.getByTestId("create-table").click();
        await waitFor(
          "the table",
          () => tableInfo(anna),
          (i) => i?.phase === "waiting" && i.seat === "0",
        );
        link = await waitFor(
          "the invite link",
          () => anna.getByTestId("invite-link").inputValue(),
          (v) => /\/t\/\d{6}$/.test(v),
        );
        expect(new URL(anna.url()).pathname).toBe(new URL(link).pathname);
        await anna.getByTestId("copy-link").click();
        await anna.screenshot({ path: shot("table-waiting") });
      });

      await stage("a second player opens the link on a phone, sits down, and the match starts", async () => {
        boris = await newPage({ width: 390, height: 844 }, true);
        await boris.goto(link);
        await boris.getByTestId("name-input").fill("Борис");
        await boris.getByTestId("sit-down").click();
        const started = (i: TableInfo | null) => i !== null && ["lag", "opening", "play"].includes(i.phase);
        const b = await waitFor(
          "Boris seated",
          () => tableInfo(boris),
          (i) => started(i) && i!.seat === "1",
        );
        await waitFor("the match on Anna's page", () => tableInfo(anna), started);
        expect(b?.role).toBe("player");
        await expect.poll(() => anna.getByTestId("players").textContent()).toContain("Борис");
        await expect.poll(() => boris.getByTestId("players").textContent()).toContain("Анна");
        // Portrait phone: the table is turned, so the canvas is taller than wide.
        const box = await boris.getByTestId("table-canvas").boundingBox();
        expect(box!.height).toBeGreaterThan(box!.width);
        // Crisp on HiDPI: the canvas has a device pixel for every device pixel of its box.
        const backing = await boris.getByTestId("table-canvas").evaluate((el) => (el as HTMLCanvasElement).width);
        expect(Math.abs(backing - box!.width * 3)).toBeLessThanOrEqual(2);
        await boris.screenshot({ path: shot("phone-portrait") });
      });

      await stage("a spectator opens the link and watches", async () => {
        viewer = await newPage({ width: 1024, height: 700 });
        await viewer.goto(link);
        await viewer.getByTestId("name-input").fill("Зритель");
        await viewer.getByTestId("watch-invite").click();
        await waitFor(
          "the spectator's view",
          () => tableInfo(viewer),
          (i) => i?.role === "spectator",
        );
        await expect.poll(() => viewer.getByTestId("spectator-badge").isVisible()).toBe(true);
        await expect.poll(() => anna.getByTestId("spectator-count").textContent()).toMatch(/1/);
      });

      await stage("they play several shots with the real controls and see the same table and verdicts", async () => {
        for (let i = 0; i < 3; i++) {
          await playOneShot([anna, boris], i);
          if (i === 0) {
            // A late spectator opens the link while the break is rolling: state plus the running shot.
            late = await newPage({ width: 800, height: 600 });
            await late.goto(link);
            await late.getByTestId("name-input").fill("Опоздавший");
            await late.getByTestId("watch-invite").click();
            await waitFor(
              "the late spectator",
              () => tableInfo(late),
              (info) => info?.role === "spectator",
            );
          }
          // Every page waits for the animation to end, then all show the same resting positions and verdict.
          for (const page of [anna, boris, viewer]) {
            await waitFor(
              "the shot to come to rest",
              () => tableInfo(page),
              (info) => info !== null && !info.animating,
              40_000,
            );
          }
          await expectSamePositions(i === 0 ? [anna, boris, viewer, late] : [anna, boris, viewer]);
          const verdict = await waitFor(
            "a verdict",
            () => anna.getByTestId("verdict").textContent(),
            (v) => !!v,
          );
          for (const page of [boris, viewer]) {
            await expect.poll(() => page.getByTestId("verdict").textContent(), { timeout: 15_000 }).toBe(verdict);
          }
          await anna.screenshot({ path: shot(`shot-${i + 1}`) });
        }
        // The late spectator's log has the break too (the running shot, or the match record).
        await expect
          .poll(() => late.getByTestId("shot-log").locator("li").count(), { timeout: 10_000 })
          .toBeGreaterThan(0);
        await late.close();
        await viewer.screenshot({ path: shot("spectator") });
        // The log keeps every shot, and a replay re-animates one of them.
        const replay = anna.locator("[data-testid^=replay-]").first();
        await replay.click();
        await expect.poll(() => anna.getByTestId("skip-animation").count()).toBeGreaterThanOrEqual(0);
      });

      await stage("chat reaches players and spectators with roles", async () => {
        await viewer.getByTestId("chat-input").fill("Хороший удар!");
        await viewer.getByTestId("chat-send").click();
        await expect
          .poll(() => anna.getByTestId("chat-lines").textContent(), { timeout: 10_000 })
          .toContain("Хороший удар!");
        await expect.poll(() => anna.getByTestId("chat-lines").textContent()).toContain("зритель");
      });

      await stage("a reload returns the player to his seat", async () => {
        const seat = (await tableInfo(boris))!.seat;
        await boris.reload();
        const back = await waitFor(
          "Boris back at the table",
          () => tableInfo(boris),
          (i) => i?.seat === seat,
          30_000,
        );
        expect(back?.role).toBe("player");
        await expectSamePositions([anna, boris]);
      });

      await stage("the language switch turns the page to English and is remembered", async () => {
        await anna.getByTestId("language-switch").click();
        await expect.poll(() => anna.evaluate(() => document.documentElement.lang)).toBe("en");
        await expect.poll(() => anna.getByTestId("open-rules").textContent()).toContain("Rules");
        await anna.reload();
        await waitFor(
          "Anna back at the table",
          () => tableInfo(anna),
          (i) => i?.seat === "0",
          30_000,
        );
        await expect.poll(() => anna.getByTestId("open-rules").textContent()).toContain("Rules");
        await anna.getByTestId("open-rules").click();
        await expect
          .poll(async () => (await anna.getByTestId("rules-page").textContent())?.length ?? 0)
          .toBeGreaterThan(200);
        await anna.screenshot({ path: shot("rules-en") });
        await anna.getByTestId("close-rules").click();
        await anna.screenshot({ path: shot("table-en") });
      });

      await stage("a player resigns after confirming, and the result is shown to everyone", async () => {
        await anna.getByTestId("resign").click();
        await anna.getByTestId("resign-yes").click();
        for (const page of [anna, boris, viewer]) {
          await waitFor(
            "the finished match",
            () => tableInfo(page),
            (i) => i?.phase === "finished",
            20_000,
          );
        }
        await expect.poll(() => boris.getByTestId("result").textContent()).toContain("Борис");
        await boris.screenshot({ path: shot("finished") });
      });
    },
    7 * STAGE_MS,
  );
});
