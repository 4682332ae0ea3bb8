import { isDeepStrictEqual } from "node:util";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import {
  ballPositions,
  createTable,
  debtsShown,
  openInvite,
  setAngle,
  shelvesShown,
  skipShot,
  type TableInfo,
  tableInfo,
  waitFor,
} from "./support/table-page.ts";

/** The pages at the table: the two players and a spectator. */
interface Cast {
  readonly anna: Page;
  readonly boris: Page;
  readonly viewer: Page;
}

/**
 * The server restarts under a match in progress, redeployed (SIGTERM) and then crashed (SIGKILL), and the
 * next process opens on the same port and database file. Every page shows that it is taking its player
 * back, returns to the table by itself without reloading, shows the match exactly as it was (with the aim
 * the player to move had set), and the next shot plays.
 */
describe("the server restarts under a match", () => {
  const table = useGameAndBrowser();
  const loads = new Map<Page, number>();

  const shot = (name: string) => `${SCREENSHOT_DIR}/${name}.png`;

  async function newPage(viewport: { width: number; height: number }, touch = false): Promise<Page> {
    const context = await table.newContext({
      viewport,
      hasTouch: touch,
      isMobile: touch,
      deviceScaleFactor: touch ? 3 : 1,
    });
    const page = await context.newPage();
    // A reload or any new document would load the page again: the test counts them.
    loads.set(page, 0);
    page.on("load", () => loads.set(page, (loads.get(page) ?? 0) + 1));
    return page;
  }

  /** The page whose player must shoot now, every page at rest; an offer on the way is taken. */
  async function mover({ anna, boris }: Cast): Promise<Page> {
    for (;;) {
      const page = await waitFor(
        "a player to move",
        async () => {
          for (const p of [anna, boris]) {
            const i = await tableInfo(p);
            if (i && !i.animating && !i.playing && String(i.toMove) === i.seat && (i.canShoot || i.offer !== "")) {
              return p;
            }
          }
          return null;
        },
        (p) => p !== null,
        40_000,
      );
      const info = (await tableInfo(page!))!;
      if (info.offer === "") return page!;
      await page!.getByTestId("answer-accept").click();
      await waitFor(
        "the offer taken",
        () => tableInfo(page!),
        (i) => i?.offer === "",
      );
    }
  }

  /** Plays the shot the page has aimed and waits until every page shows it over. */
  async function playShot({ anna, boris, viewer }: Cast, page: Page): Promise<void> {
    const before = (await tableInfo(page))!.shotNumber;
    await page.getByTestId("shoot").click();
    await skipShot(anna, before);
    await skipShot(boris, before, true);
    await waitFor(
      "the shot at the spectator",
      () => tableInfo(viewer),
      (i) => i !== null && i.shotNumber > before && !i.animating,
      40_000,
    );
  }

  /** Everything a player sees of the match: the turn, the score, every ball at rest. */
  async function matchShown(page: Page) {
    const info = (await tableInfo(page))!;
    return {
      phase: info.phase,
      toMove: info.toMove,
      shotNumber: info.shotNumber,
      offer: info.offer,
      shelves: await shelvesShown(page),
      debts: await debtsShown(page),
      balls: await ballPositions(page),
      scores: [await page.getByTestId("score-0").textContent(), await page.getByTestId("score-1").textContent()],
    };
  }

  async function banner(page: Page): Promise<{ status: string | null; reason: string | null; text: string | null }> {
    const b = page.getByTestId("connection-banner");
    if ((await b.count()) === 0) return { status: null, reason: null, text: null };
    return {
      status: await b.getAttribute("data-status", { timeout: 500 }),
      reason: await b.getAttribute("data-reason", { timeout: 500 }),
      text: await b.textContent({ timeout: 500 }),
    };
  }

  /** Two players lag and break, a spectator watches: the match the server restarts under. */
  async function lagAndBreak(): Promise<Cast> {
    const anna = await newPage({ width: 1280, height: 800 });
    const link = await createTable(anna, table.url, "Анна", { opening: "lag" });
    const boris = await newPage({ width: 390, height: 844 }, true);
    await openInvite(boris, link, "Борис");
    await waitFor(
      "the lag",
      () => tableInfo(boris),
      (i) => i?.seat === "1" && i.phase === "lag",
    );
    for (let attempt = 0; attempt < 6; attempt++) {
      const info = (await waitFor(
        "a lag to play or its result",
        () => tableInfo(anna),
        (i) => i !== null && !i.animating && (i.phase !== "lag" || i.canShoot),
        40_000,
      ))!;
      if (info.phase !== "lag") break;
      for (const page of [anna, boris]) {
        // Different speeds: two identical lags tie and are played again (I21).
        await page.getByTestId("speed-slider").fill(String(2 + attempt * 0.3 + (page === boris ? 0.35 : 0)));
        await page.getByTestId("lag-shoot").click();
        await waitFor(
          "the lag shot sent",
          () => tableInfo(page),
          (i) => i !== null && (!i.canShoot || i.phase !== "lag"),
          10_000,
        );
      }
      await waitFor(
        "the lag played",
        () => tableInfo(anna),
        (i) => i !== null && (i.shotNumber > info.shotNumber || i.phase !== "lag"),
        20_000,
      );
    }
    const viewer = await newPage({ width: 1024, height: 700 });
    await openInvite(viewer, link, "Зритель", true);
    await waitFor(
      "the spectator",
      () => tableInfo(viewer),
      (i) => i?.role === "spectator",
    );
    const cast = { anna, boris, viewer };
    // The break from hand, as the page places and aims it.
    const breaker = await mover(cast);
    expect((await tableInfo(breaker))?.phase).toBe("opening");
    await playShot(cast, breaker);
    expect((await tableInfo(anna))?.phase).toBe("play");
    return cast;
  }

  async function restartUnder(cast: Cast, signal: "SIGTERM" | "SIGKILL", label: string, angle: number): Promise<void> {
    const { anna, boris, viewer } = cast;
    const striker = await mover(cast);
    const pages = [anna, boris, viewer];
    // The striker's aim: a direction and a power of his own, to find again when he is back.
    await setAngle(striker, angle);
    await striker.getByTestId("speed-slider").fill("3.4");
    await expect.poll(() => striker.getByTestId("speed-value").textContent()).toMatch(/3[.,]40/);
    const before = new Map<Page, Awaited<ReturnType<typeof matchShown>>>();
    const seats = new Map<Page, TableInfo>();
    for (const page of pages) {
      before.set(page, await matchShown(page));
      seats.set(page, (await tableInfo(page))!);
      await page.evaluate(() => {
        (window as unknown as { samePage: string }).samePage = "before the restart";
      });
    }
    const loadsBefore = pages.map((p) => loads.get(p));

    await table.stopServer(signal);
    // While no server listens, every page says that it is taking its player back.
    for (const page of pages) {
      const shown = await waitFor(
        "the banner",
        () => banner(page),
        (b) =>
          signal === "SIGTERM"
            ? b.status === "rejoining" && b.reason === "restart"
            : b.status === "reconnecting" || (b.status === "rejoining" && b.reason === "lost"),
        20_000,
      );
      expect(shown.text).toContain(signal === "SIGTERM" ? "Сервер перезапускается" : "возвращаем вас за стол");
    }
    await anna.screenshot({ path: shot(`${label}-banner-laptop`) });
    await boris.screenshot({ path: shot(`${label}-banner-phone`) });

    const restartedAt = Date.now();
    await table.startServer();
    for (const page of pages) {
      const seat = seats.get(page)!;
      await waitFor(
        "back at the table",
        async () => ({ banner: await banner(page), info: await tableInfo(page) }),
        ({ banner, info }) => banner.status === null && info?.seat === seat.seat && info.role === seat.role,
        60_000,
      );
    }
    console.info(
      `${signal}: from starting the next process to every page back at the table: ${Date.now() - restartedAt} ms`,
    );
    await anna.screenshot({ path: shot(`${label}-back-laptop`) });
    await boris.screenshot({ path: shot(`${label}-back-phone`) });

    for (const page of pages) {
      // The same document, never reloaded.
      expect(await page.evaluate(() => (window as unknown as { samePage?: string }).samePage)).toBe(
        "before the restart",
      );
      const shown = await waitFor(
        "the match as it was",
        () => matchShown(page),
        (m) => isDeepStrictEqual(m, before.get(page)),
        15_000,
      ).catch(async () => matchShown(page));
      expect(shown).toEqual(before.get(page));
      // Both players are back in their seats, as every page shows them.
      await waitFor(
        "both seats present",
        () => page.locator("[data-testid^=absent-]").count(),
        (n) => n === 0,
        30_000,
      );
    }
    expect(pages.map((p) => loads.get(p))).toEqual(loadsBefore);
    // The striker's aim waited for him.
    await waitFor(
      "the striker's controls",
      () => tableInfo(striker),
      (i) => i?.canShoot === true,
    );
    expect(Number(await striker.getByTestId("angle-input").inputValue())).toBe(angle);
    expect(await striker.getByTestId("speed-value").textContent()).toMatch(/3[.,]40/);

    await playShot(cast, striker);
    for (const page of pages) {
      expect((await tableInfo(page))!.shotNumber).toBeGreaterThan(before.get(page)!.shotNumber);
    }
  }

  /** The server stops and stays away until the players' pages give up; trying again brings them back. */
  async function staysAway({ anna, boris }: Cast): Promise<void> {
    const players = [anna, boris];
    const seats = await Promise.all(players.map(async (p) => (await tableInfo(p))!.seat));
    // The pages' own clocks, so that the whole wait runs through without being waited out.
    for (const page of players) await page.clock.install();
    await table.stopServer("SIGTERM");
    for (const page of players) {
      const shown = await waitFor(
        "the page to give up",
        async () => {
          await page.clock.fastForward(5_000);
          return banner(page);
        },
        (b) => b.status === "gave-up",
        60_000,
      );
      expect(shown.text).toContain("Вернуться за стол не удалось");
      // A stroke now would be lost: the striker's button waits for the table.
      const strike = page.getByTestId("shoot");
      if ((await strike.count()) > 0) expect(await strike.isDisabled()).toBe(true);
    }
    await anna.screenshot({ path: shot("server-gone-laptop") });
    await boris.screenshot({ path: shot("server-gone-phone") });

    await table.startServer();
    for (const [index, page] of players.entries()) {
      await page.getByTestId("rejoin-retry").click();
      await waitFor(
        "back at the table after trying again",
        async () => ({ banner: await banner(page), info: await tableInfo(page) }),
        ({ banner, info }) => banner.status === null && info?.seat === seats[index],
        60_000,
      );
    }
  }

  it(
    "a match through a redeploy, a crash and a server that stays away: every page gets back to it as it was",
    async () => {
      const cast = await stage("two players lag and break, a spectator watches", lagAndBreak);
      await stage("a redeploy (SIGTERM): every page comes back to the table as it was, and the next shot plays", () =>
        restartUnder(cast, "SIGTERM", "server-restart", 123.45),
      );
      await stage("a crash (SIGKILL): the same, from a connection that only dropped", () =>
        restartUnder(cast, "SIGKILL", "server-crash", 56.78),
      );
      await stage(
        "a server that stays away: the page says it could not get back, and trying again brings it back",
        () => staysAway(cast),
      );
    },
    4 * STAGE_MS,
  );
});
