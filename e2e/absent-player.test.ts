import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { createTable, openInvite, setAngle, skipShot, tableInfo, waitFor } from "./support/table-page.ts";

/**
 * A player who drops out stays at the table: the other sees him absent with the time his seat is still
 * held, counting down, and his aim line is no longer drawn; when he comes back, both go on.
 */
describe("an absent player at the table", () => {
  const table = useGameAndBrowser();

  it("is shown with the seat hold's countdown, without his aim line, until he returns", async () => {
    const laptop = { viewport: { width: 1280, height: 800 } };
    const anna = await table.newPage(laptop);
    const link = await createTable(anna, table.url, "Анна");
    const borisContext = await table.newContext(laptop);
    let boris = await borisContext.newPage();
    await openInvite(boris, link, "Борис");
    const opening = (await waitFor(
      "the opening",
      () => tableInfo(anna),
      (i) => i?.phase === "opening",
    ))!;
    // Anna breaks if the draw gave it to her, so that it is Boris who aims while she watches.
    if (opening.toMove === 0) {
      await anna.getByTestId("shoot").click();
      await skipShot(anna, opening.shotNumber);
      await skipShot(boris, opening.shotNumber);
    }
    const turn = (await waitFor(
      "Boris to move",
      () => tableInfo(boris),
      (i) => i !== null && !i.animating && i.toMove === 1 && (i.canShoot || i.offer !== ""),
    ))!;
    if (turn.offer !== "") {
      await boris.getByTestId("answer-accept").click();
      await waitFor(
        "the offer taken",
        () => tableInfo(boris),
        (i) => i?.canShoot === true,
      );
    }
    await setAngle(boris, 12.5);
    const canvas = anna.getByTestId("table-canvas");
    await expect.poll(() => canvas.getAttribute("data-guide"), { timeout: 10_000 }).toBe("theirs");

    await boris.close();
    const absent = anna.getByTestId("absent-1");
    await expect.poll(() => absent.textContent(), { timeout: 15_000 }).toMatch(/место ждёт \d:\d\d/);
    const first = (await absent.textContent())!;
    await expect.poll(() => absent.textContent(), { timeout: 5_000 }).not.toBe(first);
    expect(await canvas.getAttribute("data-guide")).toBe("none");
    await anna.screenshot({ path: `${SCREENSHOT_DIR}/absent-player.png` });

    boris = await borisContext.newPage();
    await boris.goto(link);
    await waitFor(
      "Boris back in his seat",
      () => tableInfo(boris),
      (i) => i?.seat === "1",
    );
    await expect.poll(() => absent.count(), { timeout: 10_000 }).toBe(0);
  });
});
