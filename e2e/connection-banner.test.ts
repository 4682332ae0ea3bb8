import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { tableInfo, waitFor } from "./support/table-page.ts";

/** The connection state: a dropped connection shows the reconnecting banner, and the seat comes back. */
describe("connection state", () => {
  const table = useGameAndBrowser();

  it("shows the reconnecting banner after a drop and returns the player to the seat", async () => {
    const context = await table.newContext({ viewport: { width: 1100, height: 700 } });
    // Keep a handle on the page's sockets so the test can break one the way a network drop does.
    await context.addInitScript(() => {
      const Native = window.WebSocket;
      const sockets: WebSocket[] = [];
      (window as unknown as { __sockets: WebSocket[] }).__sockets = sockets;
      window.WebSocket = class extends Native {
        constructor(url: string | URL, protocols?: string | string[]) {
          super(url, protocols);
          sockets.push(this);
        }
      };
    });
    const page = await context.newPage();
    await page.goto(table.url);
    await page.getByTestId("name-input").fill("Вера");
    await page.getByTestId("create-table").click();
    await waitFor(
      "the table",
      () => tableInfo(page),
      (i) => i?.seat === "0",
    );
    await expect.poll(() => page.getByTestId("connection-banner").count()).toBe(0);

    await page.evaluate(() => {
      const sockets = (window as unknown as { __sockets: WebSocket[] }).__sockets;
      // A close code the server never sends (not a consented leave): the page takes its player back.
      for (const socket of sockets) if (socket.readyState === WebSocket.OPEN) socket.close(4999, "test drop");
    });
    // The SDK's own reconnection (a drop) or the page's rejoin by seat token: either way, coming back.
    await waitFor(
      "the reconnecting banner",
      () => page.getByTestId("connection-banner").getAttribute("data-status", { timeout: 500 }),
      (status) => status === "reconnecting" || status === "rejoining",
      10_000,
    );
    await page.screenshot({ path: `${SCREENSHOT_DIR}/reconnecting.png` });
    await waitFor(
      "the banner gone",
      () => page.getByTestId("connection-banner").count(),
      (n) => n === 0,
      30_000,
    );
    const back = await tableInfo(page);
    expect(back?.seat).toBe("0");
    expect(back?.role).toBe("player");
    await context.close();
  });
});
