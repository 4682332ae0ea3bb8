import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { angleTowards } from "@habibka/client/game/aim-geometry";
import { defaultHouseSpot } from "@habibka/client/game/house";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { REPO_ROOT } from "./support/game-process.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import {
  ballPositions,
  createTable,
  openInvite,
  setAngle,
  skipShot,
  tableInfo,
  waitFor,
} from "./support/table-page.ts";

/**
 * A match's page as players and their friends meet it: two players at a public table play a foul break and
 * a few soft shots while a spectator goes back three shots and returns to live, at the table and on the
 * live match's page; a resignation ends it, a
 * third browser opens the match from the lobby's history, scrubs to the foul and reads its drawing and
 * clause, a shot's link opens at that shot, the downloaded scenario gives the recorded verdict in the
 * simulator, and the page fits a phone.
 */
describe("a match's page: the history, the replay, a shot's link and its scenario", () => {
  const game = useGameAndBrowser();
  const laptop = { viewport: { width: 1280, height: 800 } };
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 };
  const screenshot = (page: Page, name: string) =>
    page.screenshot({ path: `${SCREENSHOT_DIR}/match-page-${name}.png` });

  /** The player to move, once both pages have the table at rest; an offer to him is taken first. */
  async function striker(players: readonly Page[]): Promise<Page> {
    const page = (await waitFor(
      "a player to move",
      async () => {
        for (const p of players) {
          const info = await tableInfo(p);
          if (info && !info.animating && (info.canShoot || info.offer !== "") && String(info.toMove) === info.seat) {
            return p;
          }
        }
        return null;
      },
      (p) => p !== null,
      30_000,
    )) as Page;
    if ((await tableInfo(page))?.offer) {
      await page.getByTestId("answer-accept").click();
      await waitFor(
        "the shot controls",
        () => tableInfo(page),
        (i) => i?.canShoot === true,
        10_000,
      );
    }
    return page;
  }

  /** One stroke from the page's own cue ball at the table's second white ball, softly; everyone skips it. */
  async function softShot(players: readonly Page[], spectator: Page): Promise<void> {
    const page = await striker(players);
    const n = (await tableInfo(page))!.shotNumber;
    const positions = JSON.parse(await ballPositions(page)) as [number, number, number][];
    const whites = positions.filter(([id]) => id !== 0).sort((a, b) => a[1] - b[1]);
    const [cue, target] = [whites[0]!, whites[1] ?? whites[0]!];
    await setAngle(
      page,
      Math.round(angleTowards({ x: cue[1], y: cue[2] }, { x: target[1], y: target[2] }) * 1000) / 1000,
    );
    await page.getByTestId("speed-slider").fill("1.5");
    await page.getByTestId("shoot").click();
    for (const p of [...players, spectator]) await skipShot(p, n);
  }

  it(
    "a watched match is followed live and back, resigned, found in the lobby, replayed, and linked by its shots",
    async () => {
      let anna: Page;
      let boris: Page;
      let vera: Page;
      let matchId = "";
      let foulShot = 0;

      await stage("two players play a foul break and three soft shots at a public table, watched", async () => {
        anna = await game.newPage(laptop);
        const link = await createTable(anna, game.url, "Анна", { visibility: "public" });
        boris = await game.newPage(laptop);
        await openInvite(boris, link, "Борис");
        vera = await game.newPage(laptop);
        await openInvite(vera, link, "Вера", true);
        const info = (await waitFor(
          "the opener",
          () => tableInfo(vera),
          (i) => i?.role === "spectator" && i.phase === "opening" && i.toMove >= 0 && i.matchId !== "",
        ))!;
        matchId = info.matchId;
        expect(matchId).toMatch(/^[0-9a-f-]{36}$/);
        // The break from the house's spot straight into the coloured ball on the centre mark: a foul (clause 10).
        const opener = info.toMove === 0 ? anna : boris;
        foulShot = info.shotNumber;
        const positions = JSON.parse(await ballPositions(opener)) as [number, number, number][];
        const spot = defaultHouseSpot(positions.map(([id, x, y]) => ({ id, x, y })));
        await setAngle(opener, Math.round(angleTowards(spot, { x: 0, y: 0 }) * 1000) / 1000);
        await opener.getByTestId("speed-slider").fill("4");
        await opener.getByTestId("shoot").click();
        for (const p of [anna, boris, vera]) await skipShot(p, foulShot);
        for (let i = 0; i < 3; i++) await softShot([anna, boris], vera);
      });

      await stage(
        "the spectator goes back three shots over the live table, sees each one's verdict, and returns to live",
        async () => {
          await vera.getByTestId("go-back").click();
          const player = vera.getByTestId("match-player");
          await expect.poll(() => player.getAttribute("data-following"), { timeout: 10_000 }).toBe("true");
          const latest = Number(await player.getAttribute("data-shot"));
          for (let i = 1; i <= 3; i++) {
            await vera.getByTestId("prev-shot").click();
            await expect.poll(() => player.getAttribute("data-shot")).toBe(String(latest - i));
          }
          expect(await player.getAttribute("data-following")).toBe("false");
          await expect.poll(() => vera.getByTestId("match-verdict").textContent()).toContain(`Удар ${latest - 3}`);
          await screenshot(vera, "spectator-back");
          await vera.getByTestId("to-live").click();
          await expect.poll(() => vera.getByTestId("spectator-history").count()).toBe(0);
          expect((await tableInfo(vera))?.role).toBe("spectator");
        },
      );

      await stage(
        "the live match's page follows the play; going back three shots and «Вернуться в эфир» return to the latest",
        async () => {
          const watcher = await game.newPage(laptop);
          await watcher.goto(`${game.url}/m/${matchId}`);
          const page = watcher.getByTestId("match-page");
          await expect.poll(() => page.getAttribute("data-live"), { timeout: 10_000 }).toBe("true");
          const player = watcher.getByTestId("match-player");
          await expect.poll(() => player.getAttribute("data-following")).toBe("true");
          const latest = Number(await player.getAttribute("data-shot"));
          for (let i = 0; i < 3; i++) await watcher.keyboard.press("ArrowLeft");
          await expect.poll(() => player.getAttribute("data-shot")).toBe(String(latest - 3));
          expect(await player.getAttribute("data-following")).toBe("false");
          await watcher.getByTestId("to-live").click();
          await expect.poll(() => player.getAttribute("data-shot")).toBe(String(latest));
          expect(await player.getAttribute("data-following")).toBe("true");
          await watcher.close();
        },
      );

      await stage("a resignation ends the match; the lobby lists it and opens its page", async () => {
        await anna.getByTestId("resign").click();
        await anna.getByTestId("resign-yes").click();
        await waitFor(
          "the result",
          () => tableInfo(boris),
          (i) => i?.phase === "finished",
        );
        // The players' own browsers list it as theirs (the lobby's history loads after its first paint).
        await anna.goto(game.url);
        await expect
          .poll(() => anna.getByTestId("my-matches").locator(`[data-testid="history-${matchId}"]`).count(), {
            timeout: 10_000,
          })
          .toBe(1);

        const friend = await game.newPage(laptop);
        await friend.goto(game.url);
        const line = friend.getByTestId("recent-matches").getByTestId(`history-${matchId}`);
        await expect.poll(() => line.count(), { timeout: 10_000 }).toBe(1);
        expect(await line.textContent()).toMatch(/Анна.*Борис/);
        await screenshot(friend, "lobby");
        await line.locator("a").click();
        await expect.poll(() => friend.getByTestId("match-page").getAttribute("data-match-id")).toBe(matchId);
        expect(new URL(friend.url()).pathname).toMatch(new RegExp(`^/m/${matchId}`));
        await expect.poll(() => friend.getByTestId("match-status").textContent()).toMatch(/Победа: Борис/);

        // Scrubbing to the foul: its drawing is on the table and its legend names the clauses.
        const mark = friend.getByTestId(`shot-mark-${foulShot}`);
        expect(await mark.getAttribute("data-mark")).toBe("foul");
        await mark.click();
        const player = friend.getByTestId("match-player");
        await expect.poll(() => player.getAttribute("data-shot")).toBe(String(foulShot));
        await friend.getByTestId("shot-scrubber").fill("100");
        await expect.poll(() => friend.getByTestId("match-verdict").textContent()).toMatch(/Штраф/);
        await expect
          .poll(async () => Number(await friend.getByTestId("table-canvas").getAttribute("data-drawing")))
          .toBeGreaterThan(0);
        const legend = friend.getByTestId("drawing-legend");
        await expect.poll(() => legend.textContent()).toMatch(/п\. 10/);
        await screenshot(friend, "foul");
        await legend.scrollIntoViewIfNeeded();
        await screenshot(friend, "foul-legend");
        // The toggle hides the drawing and its legend.
        await friend.getByTestId("toggle-drawing").click();
        await expect.poll(() => friend.getByTestId("table-canvas").getAttribute("data-drawing")).toBe("0");
        await expect.poll(() => legend.count()).toBe(0);
        await friend.getByTestId("toggle-drawing").click();
        // The keys: → a shot forward, ← back; Space plays.
        await friend.keyboard.press("ArrowRight");
        await expect.poll(() => player.getAttribute("data-shot")).toBe(String(foulShot + 1));
        await friend.keyboard.press("ArrowLeft");
        await expect.poll(() => player.getAttribute("data-shot")).toBe(String(foulShot));
        await friend.keyboard.press(" ");
        await expect.poll(() => player.getAttribute("data-playing")).toBe("true");
        await friend.keyboard.press("k");
        await expect.poll(() => player.getAttribute("data-playing")).toBe("false");
        expect(new URL(friend.url()).pathname).toBe(`/m/${matchId}/${foulShot}`);

        // «Скачать»: the shot as a scenario, which the simulator judges as the server did.
        const [download] = await Promise.all([
          friend.waitForEvent("download"),
          friend.getByTestId("download-scenario").click(),
        ]);
        const text = readFileSync((await download.path())!, "utf8");
        const scenario = JSON.parse(text) as { recorded: { shot: number; verdict: Record<string, unknown> } };
        expect(scenario.recorded.shot).toBe(foulShot);
        const run = spawnSync("pnpm", ["--silent", "sim"], { cwd: REPO_ROOT, input: text, encoding: "utf8" });
        expect(run.status, run.stderr).toBe(0);
        const result = JSON.parse(run.stdout) as { verdict: Record<string, unknown> };
        const contract = Object.fromEntries(Object.keys(scenario.recorded.verdict).map((k) => [k, result.verdict[k]]));
        expect(contract).toEqual(scenario.recorded.verdict);
        expect(result.verdict.foul).toBe(true);
      });

      await stage("a shot's link opens a new page at that shot, on a laptop and on a phone", async () => {
        const shot = foulShot + 2;
        const other = await game.newPage(laptop);
        await other.goto(`${game.url}/m/${matchId}/${shot}`);
        // A new page loads the match first, as the lobby's history does above.
        await expect
          .poll(() => other.getByTestId("match-player").getAttribute("data-shot"), { timeout: 10_000 })
          .toBe(String(shot));
        await screenshot(other, "laptop");

        const small = await game.newPage(phone);
        await small.goto(`${game.url}/m/${matchId}/${foulShot}`);
        await expect
          .poll(() => small.getByTestId("match-player").getAttribute("data-shot"), { timeout: 10_000 })
          .toBe(String(foulShot));
        // Nothing wider than the phone, and the table and its controls in the first screen.
        const width = await small.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
        for (const id of ["table-canvas", "play-pause", "next-shot", "shot-scrubber"]) {
          const box = (await small.getByTestId(id).boundingBox())!;
          expect(box.y + box.height, id).toBeLessThanOrEqual(844);
          expect(box.x + box.width, id).toBeLessThanOrEqual(390.5);
        }
        await screenshot(small, "phone");
        await small.getByTestId("drawing-legend").scrollIntoViewIfNeeded();
        await screenshot(small, "phone-legend");
      });
    },
    5 * STAGE_MS,
  );
});
