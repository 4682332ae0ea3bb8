import type { Page } from "playwright-core";
import { expect } from "vitest";
import { recentPageEvents } from "./page-events.ts";

/**
 * Helpers that drive the web client as a player does and read what it shows. They poll the page's own
 * attributes (data-phase, data-shot-number, data-can-shoot…) instead of sleeping, with bounded timeouts.
 */

export interface TableInfo {
  readonly phase: string;
  /** The match the page shows; read with the rest, so that it belongs to the same render. */
  readonly matchId: string;
  readonly seat: string;
  readonly role: string;
  readonly toMove: number;
  readonly shotNumber: number;
  readonly offer: string;
  readonly animating: boolean;
  /** A live shot is playing on this page (its verdict is held back until it ends). */
  readonly playing: boolean;
  readonly canShoot: boolean;
}

export async function tableInfo(page: Page): Promise<TableInfo | null> {
  const view = page.getByTestId("table-view");
  if ((await view.count()) === 0) return null;
  return view.evaluate((el) => {
    const d = (el as HTMLElement).dataset;
    return {
      phase: d.phase ?? "",
      matchId: d.matchId ?? "",
      seat: d.seat ?? "",
      role: d.role ?? "",
      toMove: Number(d.toMove),
      shotNumber: Number(d.shotNumber),
      offer: d.offer ?? "",
      animating: d.animating === "true",
      playing: d.playing === "true",
      canShoot: d.canShoot === "true",
    };
  });
}

/** Ball positions as the page shows them at rest: [id, x, y] rounded to 0.1 mm. */
export async function ballPositions(page: Page): Promise<string> {
  return (await page.getByTestId("ball-positions").textContent()) ?? "";
}

export async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeout = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    try {
      last = await read();
      if (ok(last)) return last;
    } catch {
      // the page is between states (navigation, re-render): read again
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(last)}${recentPageEvents()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Screen point of a table point, read from the canvas box (the same fit as the painter's viewport). */
export async function canvasPoint(page: Page, x: number, y: number): Promise<{ px: number; py: number }> {
  const { fitTable, toScreen } = await import("@habibka/painter");
  const locate = async () => {
    const box = await page.getByTestId("table-canvas").boundingBox();
    if (!box) throw new Error("no canvas");
    // The canvas is sized to the viewport exactly, so its own box is the viewport.
    const p = toScreen({ ...fitTable(box.width, box.height), width: box.width, height: box.height }, x, y);
    return { px: box.x + p.px, py: box.y + p.py };
  };
  return locate();
}

/** Drags on the canvas from one table point to another with the mouse (or a finger on touch pages). */
export async function dragOnTable(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const a = await canvasPoint(page, from.x, from.y);
  const b = await canvasPoint(page, to.x, to.y);
  await page.mouse.move(a.px, a.py);
  await page.mouse.down();
  for (let i = 1; i <= 5; i++) await page.mouse.move(a.px + ((b.px - a.px) * i) / 5, a.py + ((b.py - a.py) * i) / 5);
  await page.mouse.up();
}

export async function expectSamePositions(pages: readonly Page[]): Promise<string> {
  const first = await waitFor(
    "resting positions",
    () => ballPositions(pages[0]!),
    (s) => s.length > 2,
  );
  for (const page of pages.slice(1)) {
    const shown = await waitFor(
      "the same resting positions",
      () => ballPositions(page),
      (s) => s === first,
      15_000,
    );
    expect(shown).toBe(first);
  }
  return first;
}

/** The shelves [полка] as the scoreboard shows them: the balls' ids by seat, in the order they came. */
export async function shelvesShown(page: Page): Promise<[number[], number[]]> {
  const seat = (index: number) =>
    page
      .getByTestId(`player-${index}`)
      .locator(".shelf [data-ball]")
      .evaluateAll((icons) => icons.map((icon) => Number((icon as HTMLElement).dataset.ball)));
  return [await seat(0), await seat(1)];
}

/** The debts as the scoreboard shows them (no line: no debt). */
export async function debtsShown(page: Page): Promise<[number, number]> {
  const seat = async (index: number) => {
    const line = page.getByTestId(`player-${index}`).locator(".debt");
    if ((await line.count()) === 0) return 0;
    return Number(((await line.textContent()) ?? "").replace(/\D/g, "")) || 0;
  };
  return [await seat(0), await seat(1)];
}

/** Sets the stroke's direction with the angle field (degrees, as the protocol has them). */
export async function setAngle(page: Page, angle: number): Promise<void> {
  const field = page.getByTestId("angle-input");
  await field.fill(String(angle));
  await expect.poll(async () => Number(await field.inputValue())).toBe(angle);
}

/**
 * After a shot was sent: waits until this page has it (its playback runs, or it already shows the result),
 * skips the playback (the button on touch pages, Escape elsewhere), and waits for the table to rest.
 */
export async function skipShot(page: Page, before: number, touch = false): Promise<TableInfo> {
  await waitFor(
    "the shot on the page",
    () => tableInfo(page),
    (i) => i !== null && (i.playing || i.shotNumber > before || i.phase === "finished"),
    30_000,
  );
  return (await waitFor(
    "the animation skipped and ended by the server",
    async () => {
      const skip = page.getByTestId("skip-animation");
      if ((await skip.count()) > 0) {
        if (touch) await skip.tap({ timeout: 1000 }).catch(() => {});
        else await page.keyboard.press("Escape");
      }
      return tableInfo(page);
    },
    (i) => i !== null && !i.animating && !i.playing,
    40_000,
  ))!;
}

/** The page's height against the window's: on every screen the table view must fit without scrolling. */
export async function pageFits(page: Page): Promise<{ scroll: number; window: number }> {
  return page.evaluate(() => ({
    scroll: Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
    window: window.innerHeight,
  }));
}

/** A control's box, checked to lie wholly inside the window. */
export async function expectOnScreen(page: Page, testId: string): Promise<{ width: number; height: number }> {
  const box = await page.getByTestId(testId).first().boundingBox();
  const size = page.viewportSize()!;
  expect(box, `${testId} is shown`).not.toBeNull();
  expect(box!.x, `${testId} left`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${testId} top`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${testId} right`).toBeLessThanOrEqual(size.width + 0.5);
  expect(box!.y + box!.height, `${testId} bottom`).toBeLessThanOrEqual(size.height + 0.5);
  return box!;
}

/**
 * Nothing lies over the element's middle (a notice, a sheet): the point a player's finger goes to is the
 * element's own.
 */
export async function expectUncovered(page: Page, testId: string): Promise<void> {
  const covering = await page
    .getByTestId(testId)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (top === null || element.contains(top)) return null;
      return top.closest("[data-testid]")?.getAttribute("data-testid") ?? top.tagName;
    });
  expect(covering, `${testId} is covered by ${covering}`).toBeNull();
}

/** Creates a table from the lobby as a player does (private, opener drawn, unless told) and returns its link. */
export async function createTable(
  page: Page,
  url: string,
  name: string,
  options: { readonly visibility?: "private" | "public"; readonly opening?: "draw" | "lag" } = {},
): Promise<string> {
  await page.goto(url);
  await page.getByTestId("name-input").fill(name);
  await page.getByTestId(`visibility-${options.visibility ?? "private"}`).check();
  await page.getByTestId(`opening-${options.opening ?? "draw"}`).check();
  await page.getByTestId("create-table").click();
  return waitFor(
    "the invite link",
    () => page.getByTestId("invite-link").inputValue(),
    (v) => /\/t\/\d{6}$/.test(v),
  );
}

/** Opens an invite link with a name and sits down, or watches. */
export async function openInvite(page: Page, link: string, name: string, watch = false): Promise<void> {
  await page.goto(link);
  await page.getByTestId("name-input").fill(name);
  await page.getByTestId(watch ? "watch-invite" : "sit-down").click();
}
