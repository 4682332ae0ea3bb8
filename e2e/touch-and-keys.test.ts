import { POCKETS, type PocketId } from "@habibka/shared/table";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { ballPositions, canvasPoint, waitFor } from "./support/table-page.ts";

/**
 * Aiming on the practice table by finger and by laptop: a finger's small turn far from the cue ball counts,
 * the power pull is fine and shows its reading; a called ball tapped again leaves the call and a double call
 * stays readable; Enter shoots after the power slider's arrows; a click on a ball aims at it, and calling by
 * clicks goes through the call control. Every story starts from a fresh practice page of its own; the
 * laptop's double call and the touch laptop's pull are read in English.
 */

type Spot = readonly [number, number, number];

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const SMALL_LAPTOP = { viewport: { width: 1024, height: 640 } };
/** A laptop with a touch screen: the finger's stories on a laptop's table. */
const TOUCH_LAPTOP = { viewport: { width: 1366, height: 768 }, hasTouch: true };

async function spots(page: Page): Promise<Spot[]> {
  return JSON.parse(await ballPositions(page)) as Spot[];
}

async function angleShown(page: Page): Promise<number> {
  return Number(await page.getByTestId("angle-input").inputValue());
}

async function speedShown(page: Page): Promise<number> {
  return Number(await page.getByTestId("speed-slider").inputValue());
}

/** A finger on the touch screen, as the device reports it: one event per point. */
async function finger(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const send = (type: "touchStart" | "touchMove" | "touchEnd", p?: { x: number; y: number }) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: p ? [p] : [] });
  return {
    down: (p: { x: number; y: number }) => send("touchStart", p),
    move: (p: { x: number; y: number }) => send("touchMove", p),
    up: async () => {
      await send("touchEnd");
      await cdp.detach();
    },
  };
}

async function screenOf(page: Page, p: { x: number; y: number }) {
  const s = await canvasPoint(page, p.x, p.y);
  return { x: s.px, y: s.py };
}

async function openPractice(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/practice`);
  await page.getByTestId("practice-view").waitFor();
  await waitFor(
    "the rack",
    () => spots(page),
    (s) => s.length === 16,
  );
}

async function tapTable(page: Page, p: { x: number; y: number }, touch: boolean): Promise<void> {
  const s = await screenOf(page, p);
  if (touch) await page.touchscreen.tap(s.x, s.y);
  else await page.mouse.click(s.x, s.y);
}

async function callsShown(page: Page): Promise<string[]> {
  return page
    .getByTestId("call-entry")
    .evaluateAll((items) =>
      items.map((i) => `${(i as HTMLElement).dataset.ball}:${(i as HTMLElement).dataset.pocket}`),
    );
}

const mouth = (pocket: PocketId) => POCKETS[pocket].mouthCentre;

describe("aiming by finger, keys and clicks on the practice table", () => {
  const env = useGameAndBrowser();

  for (const [name, device, language] of [
    ["phone", PHONE, "ru"],
    ["laptop", LAPTOP, "en"],
  ] as const) {
    it(`${name}: a double call stays readable, and a called ball tapped again leaves the call`, async () => {
      const page = await env.newPage(device, { language });
      await openPractice(page, env.url);
      const touch = name === "phone";
      const call = async (ball: number, pocket: PocketId) => {
        // On a laptop calling starts from the call control; a finger calls by tapping at once.
        if (!touch) await page.getByTestId("open-call").click();
        const spot = (await spots(page)).find((b) => b[0] === ball)!;
        await tapTable(page, { x: spot[1], y: spot[2] }, touch);
        await tapTable(page, mouth(pocket), touch);
      };
      await call(15, "FL");
      await call(11, "FR");
      await waitFor(
        "the double call",
        () => callsShown(page),
        (c) => c.length === 2,
      );
      expect(await callsShown(page)).toEqual(["15:FL", "11:FR"]);
      // Each entry says itself whole in the page's language, its way by the short name beside it.
      const entries = page.getByTestId("call-entry");
      const said = await entries.evaluateAll((items) => items.map((i) => i.getAttribute("title")));
      const ways = await entries.locator(".way-toggle").allTextContents();
      if (language === "en") {
        expect(said).toEqual([
          expect.stringMatching(/^ball 15 into the left corner at the pyramid, (?:direct|off a cushion)$/),
          expect.stringMatching(/^ball 11 into the right corner at the pyramid, (?:direct|off a cushion)$/),
        ]);
        for (const way of ways) expect(way).toMatch(/^(?:direct|cushion)$/);
      } else {
        for (const way of ways) expect(way).toMatch(/^(?:прямо|борт)/);
      }
      await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-keys-${name}-double-call.png` });
      // Both entries lie whole inside the call's area, clear of the call button beside it.
      const area = (await page.locator(".call-area").boundingBox())!;
      const button = (await page.getByTestId("open-call").boundingBox())!;
      for (const entry of await page.getByTestId("call-entry").all()) {
        const box = (await entry.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(area.x - 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(area.x + area.width + 0.5);
        expect(box.x + box.width).toBeLessThanOrEqual(button.x);
      }
      if (!touch) await page.getByTestId("open-call").click();
      const ball15 = (await spots(page)).find((b) => b[0] === 15)!;
      await tapTable(page, { x: ball15[1], y: ball15[2] }, touch);
      await waitFor(
        "the call without 15",
        () => callsShown(page),
        (c) => c.length === 1,
      );
      expect(await callsShown(page)).toEqual(["11:FR"]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-keys-${name}-call-removed.png` });
    });
  }

  for (const [name, device, unit] of [
    ["phone", PHONE, "м/с"],
    ["laptop", TOUCH_LAPTOP, "m/s"],
  ] as const) {
    it(`${name}: a finger's 2° arc at 200 px turns the aim 2°, and the pull sets power 0.02 m/s a pixel`, async () => {
      const page = await env.newPage(device, { language: unit === "m/s" ? "en" : "ru" });
      await openPractice(page, env.url);
      const cue = (await spots(page)).find((b) => b[0] === 1)!;
      const centre = await screenOf(page, { x: cue[1], y: cue[2] });
      const metre = await screenOf(page, { x: cue[1] + 1, y: cue[2] });
      const pxPerMetre = Math.hypot(metre.x - centre.x, metre.y - centre.y);
      const before = await angleShown(page);
      // 200 px from the cue ball along the line, on bare cloth short of the rack on a phone and a laptop.
      const bearing = before;
      const at = (degrees: number, px: number) => {
        const r = px / pxPerMetre;
        const b = (degrees * Math.PI) / 180;
        return screenOf(page, { x: cue[1] + r * Math.cos(b), y: cue[2] + r * Math.sin(b) });
      };
      const hand = await finger(page);
      await hand.down(await at(bearing, 200));
      for (let i = 1; i <= 8; i++) await hand.move(await at(bearing + (2 * i) / 8, 200));
      await hand.up();
      await expect.poll(() => angleShown(page)).toBeCloseTo(before + 2, 1);
      const turned = (await angleShown(page)) - before;
      expect(Math.abs(turned - 2)).toBeLessThan(0.05);

      // The pull: pressed on the cue ball, 100 px back along the cue in 20 moves; the reading shows meanwhile.
      const aim = await angleShown(page);
      const speed = await speedShown(page);
      const pull = await finger(page);
      await pull.down(centre);
      for (let i = 1; i <= 20; i++) await pull.move(await at(aim + 180, i * 5));
      const reading = page.getByTestId("power-reading");
      await reading.waitFor();
      // The last move's render may come a frame after the event: wait for it, not for a fixed time.
      await expect.poll(() => reading.textContent()).toBe(`${(speed + 2).toFixed(2)} ${unit}`);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-keys-${name}-pull.png` });
      await pull.up();
      await reading.waitFor({ state: "detached" });
      expect(await speedShown(page)).toBeCloseTo(speed + 2, 1);
      // The aim stayed where the finger left it: the pull only sets the power.
      expect(await angleShown(page)).toBeCloseTo(aim, 3);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-keys-${name}-after-pull.png` });
    });
  }

  for (const [name, device] of [
    ["laptop", LAPTOP],
    ["small-laptop", SMALL_LAPTOP],
    ["phone", PHONE],
  ] as const) {
    it(`${name}: Enter after the power slider's arrows shoots`, async () => {
      const page = await env.newPage(device);
      await openPractice(page, env.url);
      const speed = await speedShown(page);
      await page.getByTestId("speed-slider").focus();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      expect(await speedShown(page)).toBeCloseTo(speed + 0.1, 5);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("speed-slider");
      await page.keyboard.press("Enter");
      await waitFor(
        "the shot played",
        () => page.getByTestId("practice-view").getAttribute("data-shots"),
        (shots) => shots === "1",
        20_000,
      );
      await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-keys-${name}-enter-shot.png` });
    });
  }

  for (const [name, device] of [
    ["laptop", LAPTOP],
    ["small-laptop", SMALL_LAPTOP],
  ] as const) {
    it(`${name}: a click on a ball aims at it; calling goes through the call control`, async () => {
      const page = await env.newPage(device);
      await openPractice(page, env.url);
      const balls = await spots(page);
      const cue = balls.find((b) => b[0] === 1)!;
      const ball = balls.find((b) => b[0] === 2)!;
      await tapTable(page, { x: ball[1], y: ball[2] }, false);
      const towards = (Math.atan2(ball[2] - cue[2], ball[1] - cue[1]) * 180) / Math.PI;
      await expect
        .poll(async () => Math.abs((((await angleShown(page)) - ((towards + 360) % 360) + 540) % 360) - 180))
        .toBeLessThan(0.01);
      // No call was started: no ball waits for a pocket, and the call control is closed.
      expect(await page.getByTestId("call-picker").count()).toBe(0);
      await tapTable(page, mouth("FR"), false);
      // Outside calling a pocket clicked calls the ball the aim is on, as before.
      await waitFor(
        "the ball aimed at called",
        () => callsShown(page),
        (c) => c.length === 1,
      );
      expect(await callsShown(page)).toEqual(["2:FR"]);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-keys-${name}-click-aims.png` });

      // While calling, a click on a ball picks it, and the hint says so.
      await page.getByTestId("open-call").click();
      const other = balls.find((b) => b[0] === 15)!;
      const aimBefore = await angleShown(page);
      await tapTable(page, { x: other[1], y: other[2] }, false);
      await expect.poll(() => page.getByTestId("call-picker").locator(".hint").textContent()).toMatch(/Шар 15/);
      expect(await angleShown(page)).toBe(aimBefore);
      await page.getByTestId("pocket-FL").click();
      await waitFor(
        "the double call",
        () => callsShown(page),
        (c) => c.length === 2,
      );
      expect(await page.getByTestId("call-picker").count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/touch-keys-${name}-called.png` });
    });
  }
});
