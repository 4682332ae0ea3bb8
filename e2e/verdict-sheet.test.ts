import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { LAPTOP_1366, PHONE, playComputer, strike, untilMyStroke } from "./support/computer-table.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";

/**
 * Reading a verdict on a phone (in Russian) and on a laptop (in English): while the balls roll the line
 * under the table fits its words, never a line cut through; the verdict shows whole lines only, and a tap
 * (or Enter) on it opens every sentence of it in a sheet over the table, which closes again.
 */

const SCREENS = [
  {
    name: "phone",
    options: PHONE,
    touch: true,
    language: "ru",
    title: (n: string) => `Удар №${n}`,
    number: /^№\d+:\s*/,
  },
  {
    name: "laptop-1366",
    options: LAPTOP_1366,
    touch: false,
    language: "en",
    title: (n: string) => `Shot #${n}`,
    number: /^#\d+:\s*/,
  },
] as const;

/**
 * The line's text against the box that clips it: the text's block is no taller than the line's content box
 * (a taller block is cut through a line of text), or it is clamped by -webkit-line-clamp, which ends on a
 * whole line.
 */
async function textFits(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((el) => {
    const blocks = [el, ...Array.from(el.querySelectorAll("*"))].filter((node) => {
      const text = Array.from(node.childNodes).some((c) => c.nodeType === 3 && (c.textContent ?? "").trim() !== "");
      return text && (node as HTMLElement).offsetParent !== null;
    }) as HTMLElement[];
    const clip = el.closest(".verdict-line")!.querySelector(":scope > p") as HTMLElement;
    const clipBox = clip.getBoundingClientRect();
    const clipStyle = getComputedStyle(clip);
    const innerTop = clipBox.top + Number.parseFloat(clipStyle.borderTopWidth);
    const innerBottom = clipBox.bottom - Number.parseFloat(clipStyle.borderBottomWidth);
    return blocks.map((node) => {
      // The nearest block holding the text: a span inside a clamped span is measured by its clamp.
      let block: HTMLElement = node;
      while (getComputedStyle(block).display === "inline" && block.parentElement) block = block.parentElement;
      const box = block.getBoundingClientRect();
      const clamped = getComputedStyle(block).webkitLineClamp !== "none";
      return {
        text: (node.textContent ?? "").slice(0, 40),
        inside: box.top >= innerTop - 0.5 && box.bottom <= innerBottom + 0.5,
        clampedWhole: clamped && block.scrollHeight > block.clientHeight,
      };
    });
  });
}

describe("reading a verdict", () => {
  const env = useGameAndBrowser();

  it.each(SCREENS)("$name: the rolling line fits, and a tap opens the whole verdict", async (screen) => {
    const page = await env.newPage(screen.options, { language: screen.language });
    const shot = (stage: string) =>
      page.screenshot({ path: `${SCREENSHOT_DIR}/verdict-sheet-${screen.name}-${stage}.png` });
    await playComputer(page, env.url, "Анна");

    // Strokes until one of this player's shots in play has rolled: its line is read while it rolls.
    let rollingSeen = false;
    for (let n = 0; n < 6 && !rollingSeen; n++) {
      const info = await untilMyStroke(page);
      await strike(page, info, screen.touch);
      if (info.phase === "lag") continue;
      await page.getByTestId("rolling").waitFor({ timeout: 15_000 });
      await shot("rolling");
      for (const row of await textFits(page, "rolling")) {
        expect(row.inside || row.clampedWhole, `rolling text ${JSON.stringify(row)} is cut through a line`).toBe(true);
      }
      await shot("rolling");
      rollingSeen = true;
    }
    expect(rollingSeen).toBe(true);
    // Read at this player's next turn, when the line stays put (the computer waits for him).
    await untilMyStroke(page);
    const verdict = page.getByTestId("verdict");
    await verdict.waitFor();
    for (const row of await textFits(page, "verdict")) {
      expect(row.inside || row.clampedWhole, `verdict text «${row.text}» is cut through a line`).toBe(true);
    }
    await shot("line");

    // A tap (a click) opens the sheet with every sentence of the verdict tapped (the computer may play the
    // next shot meanwhile: the sheet keeps the one it was opened for).
    const number = await verdict.getAttribute("data-shot");
    const text = (await verdict.textContent()) ?? "";
    expect(text).toMatch(screen.number);
    const whole = text.replace(screen.number, "").trim();
    expect(whole.length).toBeGreaterThan(20);
    if (screen.touch) await verdict.tap();
    else await verdict.click();
    const sheet = page.getByTestId("verdict-sheet");
    await sheet.waitFor();
    expect(await sheet.locator("h2").textContent()).toBe(screen.title(number!));
    const sheetText = ((await sheet.textContent()) ?? "").replace(/\s+/g, " ");
    for (const sentence of whole.split(/(?<=[.!?…])\s+/)) expect(sheetText).toContain(sentence.trim());
    const box = (await sheet.boundingBox())!;
    const size = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(size.width);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height);
    // Readable: the sheet's text is at least 15 px, no smaller than the page's own.
    const fontSize = await sheet
      .locator("p")
      .first()
      .evaluate((p) => Number.parseFloat(getComputedStyle(p).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(15);
    await shot("sheet");
    const close = page.getByTestId("verdict-sheet-close");
    if (screen.touch) await close.tap();
    else await close.click();
    await expect.poll(() => sheet.count()).toBe(0);

    // The keyboard: the line is a button, Enter opens it, Escape closes it.
    await verdict.focus();
    await page.keyboard.press("Enter");
    await sheet.waitFor();
    await page.keyboard.press("Escape");
    await expect.poll(() => sheet.count()).toBe(0);
  });
});
