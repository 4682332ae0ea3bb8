import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";

describe("the web page in headless Chromium against the real server", () => {
  const table = useGameAndBrowser();

  it("draws the table on a non-blank canvas and shows the player's name", async () => {
    const page = await table.newPage({ viewport: { width: 1280, height: 760 } });
    // Nothing the page asks for is missing: the match record is not requested before it exists.
    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) missing.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(table.url);
    await page.getByRole("textbox", { name: "Ваше имя" }).fill("Михаил");
    await page.getByRole("button", { name: "За стол" }).click();
    await expect.poll(() => page.getByTestId("players").textContent(), { timeout: 10_000 }).toContain("Михаил");

    // Not blank: the canvas has many distinct colours (cloth, cushions, rail, pockets, balls, lines).
    const distinctColours = await page.getByTestId("table-canvas").evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += 4 * 97) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      return colours.size;
    });
    expect(distinctColours).toBeGreaterThan(8);

    // Sixteen balls: the ivory of the white balls and the coloured ball's colour are both on the canvas.
    const hasBallColours = await page.getByTestId("table-canvas").evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      let ivory = 0;
      let coloured = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! > 235 && data[i + 1]! > 230 && data[i + 2]! > 210) ivory++;
        if (data[i]! > 200 && data[i + 1]! < 90 && data[i + 2]! < 50) coloured++;
      }
      return { ivory, coloured };
    });
    expect(hasBallColours.ivory).toBeGreaterThan(500);
    expect(hasBallColours.coloured).toBeGreaterThan(50);

    await page.screenshot({ path: `${SCREENSHOT_DIR}/table.png` });
    expect(missing).toEqual([]);
    await page.close();
  });
});
