import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { LAPTOP_1366, overlaps, PHONE } from "./support/computer-table.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { createTable, openInvite, tableInfo, waitFor } from "./support/table-page.ts";

/**
 * A chat line from the opponent on a phone, where the chat is in the menu's sheet: an unread count on the
 * menu button until the chat is opened (said in English on this phone), and the line itself for a few
 * seconds, over neither the table nor the dock. On a laptop the chat is beside the table, where the line
 * shows, and neither is needed.
 */

const SCREENS = [
  { name: "phone", options: PHONE, phone: true, language: "en" },
  { name: "laptop-1366", options: LAPTOP_1366, phone: false, language: "ru" },
] as const;

async function say(page: Page, text: string): Promise<void> {
  await page.getByTestId("chat-input").fill(text);
  await page.getByTestId("chat-send").click();
}

describe("chat news", () => {
  const env = useGameAndBrowser();

  it.each(SCREENS)("$name: the opponent's chat line is seen", async (screen) => {
    const player = await env.newPage(screen.options, { language: screen.language });
    const opponent = await env.newPage({ viewport: { width: 1280, height: 800 } });
    const shot = (stage: string) =>
      player.screenshot({ path: `${SCREENSHOT_DIR}/chat-news-${screen.name}-${stage}.png` });
    const link = await createTable(player, env.url, "Борис");
    await openInvite(opponent, link, "Анна");
    await waitFor(
      "the opponent seated",
      () => tableInfo(player),
      (i) => i !== null && i.phase !== "waiting",
    );

    await say(opponent, "Привет! Удачи в партии");
    const lines = player.getByTestId("chat-lines");
    const badge = player.getByTestId("chat-unread");
    const toast = player.getByTestId("chat-toast");
    if (!screen.phone) {
      // Beside the table: the line is in sight at once, with no badge or toast over anything.
      await expect.poll(() => lines.textContent()).toContain("Удачи в партии");
      expect(await lines.isVisible()).toBe(true);
      expect(await toast.isVisible().catch(() => false)).toBe(false);
      expect(await badge.isVisible().catch(() => false)).toBe(false);
      await shot("line");
      return;
    }

    await expect.poll(() => badge.textContent()).toBe("1");
    // Whole inside the status strip, which clips what stands out of it.
    const [badgeBox, strip] = [(await badge.boundingBox())!, (await player.locator(".status-bar").boundingBox())!];
    expect(badgeBox.y).toBeGreaterThanOrEqual(strip.y);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(strip.x + strip.width);
    await expect.poll(() => toast.isVisible()).toBe(true);
    expect(await toast.textContent()).toContain("Привет! Удачи в партии");
    // The toast covers neither the table nor the dock's controls, and lies inside the window.
    const toastBox = (await toast.boundingBox())!;
    expect(overlaps(toastBox, (await player.getByTestId("table-canvas").boundingBox())!), "over the table").toBe(false);
    expect(overlaps(toastBox, (await player.getByTestId("dock").boundingBox())!), "over the dock").toBe(false);
    expect(overlaps(toastBox, (await player.locator(".scoreboard").boundingBox())!), "over the scores").toBe(false);
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(390);
    await shot("toast");
    // A long line shows two whole lines of itself, not a line cut through.
    await say(opponent, `Ты первый. ${"Очень длинная реплика, чтобы не влезть в одну строку. ".repeat(3)}`);
    await expect.poll(() => badge.textContent()).toBe("2");
    await expect.poll(() => toast.textContent()).toContain("Ты первый");
    const cut = await toast.evaluate((el) => {
      const text = el.querySelector(".chat-toast-text") as HTMLElement;
      const [outer, inner] = [el.getBoundingClientRect(), text.getBoundingClientRect()];
      return inner.top < outer.top || inner.bottom > outer.bottom;
    });
    expect(cut, "the toast's text cut through a line").toBe(false);
    await shot("toast-long");
    expect(await player.getByTestId("open-menu").getAttribute("aria-label")).toBe(
      "Shots and chat. New chat messages: 2",
    );
    // Briefly: the toast goes by itself, the badge stays until the chat is opened.
    await expect.poll(() => toast.count(), { timeout: 8_000 }).toBe(0);
    expect(await badge.textContent()).toBe("2");
    await shot("badge");

    await player.getByTestId("open-menu").tap();
    await expect.poll(() => lines.textContent()).toContain("Ты первый");
    expect(await badge.count()).toBe(0);
    await shot("chat-open");
    await player.getByTestId("open-menu").tap();
    expect(await badge.count()).toBe(0);

    // The player's own line, sent from the open chat, is no news to him.
    await player.getByTestId("open-menu").tap();
    await say(player, "Спасибо");
    await expect.poll(() => lines.textContent()).toContain("Спасибо");
    await player.getByTestId("open-menu").tap();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await badge.count()).toBe(0);
    expect(await toast.count()).toBe(0);
  });
});
