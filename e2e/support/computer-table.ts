import { fitTable } from "@habibka/painter";
import { BALL_DIAMETER } from "@habibka/shared/table";
import type { BrowserContextOptions, Page } from "playwright-core";
import { type TableInfo, tableInfo, waitFor } from "./table-page.ts";

/** The screens the tester played on: a phone in portrait (touch) and two laptops. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
  deviceScaleFactor: 2,
};
export const LAPTOP_1366: BrowserContextOptions = { viewport: { width: 1366, height: 768 } };
export const LAPTOP_1024: BrowserContextOptions = { viewport: { width: 1024, height: 640 } };

/** Opens a table against the novice computer at its brisk pace from the lobby, as a player does. */
export async function playComputer(page: Page, url: string, name: string): Promise<void> {
  await page.goto(url);
  await page.getByTestId("name-input").fill(name);
  await page.getByTestId("computer-level-novice").check();
  await page.getByTestId("computer-pace-brisk").check();
  await page.getByTestId("play-computer").click();
  await page.getByTestId("table-view").waitFor();
}

/** Waits for this player's stroke (lag, break or shot), passing on any offer the computer's foul makes. */
export async function untilMyStroke(page: Page, timeout = 45_000): Promise<TableInfo> {
  return (await waitFor(
    "this player's stroke",
    async () => {
      if ((await page.getByTestId("answer-pass").count()) > 0) await page.getByTestId("answer-pass").click();
      return tableInfo(page);
    },
    (i) => i?.canShoot === true && i.offer === "",
    timeout,
  ))!;
}

/**
 * Plays the stroke as composed (the lag's button in the lag), with a click or a tap; the dock may be
 * rendered anew as the turn settles, so a button gone under the finger is pressed again.
 */
export async function strike(page: Page, info: TableInfo, touch: boolean): Promise<void> {
  const button = page.getByTestId(info.phase === "lag" ? "lag-shoot" : "shoot");
  const sent = (i: TableInfo | null) =>
    i !== null && (!i.canShoot || i.shotNumber > info.shotNumber || i.phase !== info.phase);
  for (let attempt = 0; ; attempt++) {
    try {
      if (touch) await button.tap({ timeout: 3000 });
      else await button.click({ timeout: 3000 });
      break;
    } catch (error) {
      // A press that went through as the button was re-rendered leaves nothing to press again: the turn
      // has moved on.
      if (sent(await tableInfo(page))) return;
      if (attempt >= 3) throw error;
    }
  }
  await waitFor("the stroke sent", () => tableInfo(page), sent, 15_000);
}

/** A ball's diameter on screen in CSS pixels, from the canvas box and the painter's fit. */
export async function ballDiameter(page: Page): Promise<number> {
  const box = await page.getByTestId("table-canvas").boundingBox();
  if (!box) throw new Error("no canvas");
  return fitTable(box.width, box.height).scale * BALL_DIAMETER;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  const tol = 0.5;
  return (
    a.x + a.width > b.x + tol && b.x + b.width > a.x + tol && a.y + a.height > b.y + tol && b.y + b.height > a.y + tol
  );
}
