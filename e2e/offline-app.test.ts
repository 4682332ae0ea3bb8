import { appendFileSync, cpSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, type ServerProcess, startServerProcess } from "@habibka/server/testing/server-process";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, SCREENSHOT_DIR } from "./support/browser.ts";
import { LAPTOP_1366, PHONE, strike, untilMyStroke } from "./support/computer-table.ts";
import { REPO_ROOT } from "./support/game-process.ts";
import { tableInfo, waitFor } from "./support/table-page.ts";

/**
 * The installed app without the network (client/README.md, "The app without the network"): one visit with
 * the server up installs the service worker; then the server is stopped and the browser taken offline, and
 * the app still opens, says it is offline, plays and judges a practice shot in its own worker, and plays a
 * match against the computer that survives a reload. Then a deploy (a changed sw.js) is offered as a new
 * version that waits for the player's click. The build is served from a copy, so the test can change it.
 */

let dist: string;
let port: number;
let server: ServerProcess | null = null;
let browser: Browser;
const contexts: BrowserContext[] = [];

async function startServer(): Promise<void> {
  const databasePath = join(dist, "..", "records.sqlite");
  server = await startServerProcess({ DATABASE_PATH: databasePath, CLIENT_DIST: dist }, port);
}

beforeAll(async () => {
  const root = mkdtempSync(join(tmpdir(), "habibka-offline-"));
  dist = join(root, "dist");
  cpSync(join(REPO_ROOT, "client", "dist"), dist, { recursive: true });
  port = await freePort();
  await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await server?.stop("SIGTERM");
});

async function installedPage(options: typeof PHONE): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem("habibka.tour", "done"));
  const page = await context.newPage();
  await page.goto(`http://localhost:${port}/`);
  await page.getByTestId("offline-card").waitFor();
  // Installed once the service worker is active: its install step precached the whole build.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true);
  return { context, page };
}

/** Offline, whichever Chromium tells the page first: no network at all, or no answer from the server. */
const offlineWord = (state: string | null) => state === "no-network" || state === "no-server";

async function offlineState(page: Page): Promise<string | null> {
  return page.getByTestId("offline-card").getAttribute("data-offline");
}

describe("the app without the network", () => {
  let laptop: { context: BrowserContext; page: Page };
  let phone: { context: BrowserContext; page: Page };
  let offlineMatch = "";

  it("is installable: a manifest in Russian with maskable icons, and the iOS tags", async () => {
    laptop = await installedPage(LAPTOP_1366);
    phone = await installedPage(PHONE);
    const { page } = laptop;
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? ((await (await fetch(link.href)).json()) as Record<string, unknown>) : null;
    });
    expect(manifest).toMatchObject({ lang: "ru", short_name: "Хабибка", start_url: "/", display: "standalone" });
    const icons = (manifest?.icons ?? []) as { src: string; sizes: string; purpose: string }[];
    expect(icons.filter((i) => i.purpose === "maskable").map((i) => i.sizes)).toEqual(["192x192", "512x512"]);
    for (const icon of icons) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size).toBe(icon.sizes);
    }
    // Chromium's own verdict: nothing keeps it from offering to install the app.
    const cdp = await laptop.context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    // A test's browser context is a profile of its own, which Chromium counts as incognito: that alone is allowed.
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    expect(await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute("content")).toBe("yes");
    expect(await page.locator('link[rel="apple-touch-icon"]').count()).toBe(1);
    expect(await offlineState(page)).toBe("");
  });

  it("with the server stopped and no network, opens, plays a judged practice shot and a match against the computer", async () => {
    await server?.stop("SIGTERM");
    server = null;
    for (const { context } of [laptop, phone]) await context.setOffline(true);
    const { page } = laptop;
    await page.reload();
    await waitFor("the lobby's offline word", () => offlineState(page), offlineWord);
    // What needs the server says so, and waits for nothing.
    expect(await page.getByTestId("create-table").isDisabled()).toBe(true);
    expect(await page.getByTestId("lobby-tables").locator("li").count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-lobby-laptop.png` });

    // The practice table: a shot from the house, judged by the page's worker.
    await page.getByTestId("open-practice").click();
    await page.getByTestId("practice-view").waitFor();
    await page.getByTestId("shoot").click();
    await waitFor(
      "the practice shot judged",
      async () => {
        if ((await page.getByTestId("skip-animation").count()) > 0) await page.keyboard.press("Escape");
        const view = page.getByTestId("practice-view");
        return { shots: await view.getAttribute("data-shots"), verdict: await page.getByTestId("verdict").count() };
      },
      (s) => s.shots === "1" && s.verdict === 1,
      30_000,
    );
    expect(await page.getByTestId("practice-error").count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-practice-laptop.png` });

    // A match against the computer, in the page.
    await page.goBack();
    await page.getByTestId("name-input").fill("Без сети");
    await page.getByTestId("computer-level-novice").check();
    await page.getByTestId("computer-pace-brisk").check();
    await page.getByTestId("play-computer").click();
    await page.getByTestId("table-view").waitFor();
    await waitFor(
      "the match's own address",
      async () => page.url(),
      (u) => /\/local\/[0-9a-f-]{36}$/.test(u),
    );
    let strokes = 0;
    while (strokes < 3) {
      const info = await untilMyStroke(page);
      await strike(page, info, false);
      strokes++;
      if ((await page.getByTestId("skip-animation").count()) > 0) await page.keyboard.press("Escape");
    }
    const before = await untilMyStroke(page);
    expect(before.shotNumber).toBeGreaterThanOrEqual(3);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-computer-laptop.png` });

    // A reload goes on with the match where it stood.
    const matchId = await page.getByTestId("table-view").getAttribute("data-match-id");
    await page.reload();
    const after = await untilMyStroke(page);
    expect(await page.getByTestId("table-view").getAttribute("data-match-id")).toBe(matchId);
    expect(after.shotNumber).toBe(before.shotNumber);

    // «Мои партии» lists it, unfinished; it goes on from there.
    await page.goto(`http://localhost:${port}/`);
    const listed = page.getByTestId(`offline-${matchId}`);
    await listed.waitFor();
    expect(await listed.getAttribute("data-finished")).toBe("false");
    await listed.locator("a").click();
    await untilMyStroke(page);
    expect(await page.getByTestId("table-view").getAttribute("data-match-id")).toBe(matchId);
    // Resigned, the match is over: it waits in «Мои партии» to be sent to the history.
    await page.getByTestId("resign").click();
    await page.getByTestId("resign-yes").click();
    await waitFor(
      "the match over",
      () => tableInfo(page),
      (i) => i?.phase === "finished",
    );
    await page.goto(`http://localhost:${port}/`);
    await waitFor(
      "the match listed finished",
      () => listed.getAttribute("data-finished"),
      (f) => f === "true",
    );
    expect(await listed.getAttribute("data-upload")).toBe("waiting");
    await page.getByTestId("offline-matches").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-my-matches-laptop.png` });
    offlineMatch = matchId ?? "";
  });

  it("on a phone too: the offline lobby, and a stroke against the computer", async () => {
    const { page } = phone;
    await page.reload();
    await waitFor("the lobby's offline word", () => offlineState(page), offlineWord);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-lobby-phone.png` });
    await page.getByTestId("name-input").fill("Телефон");
    await page.getByTestId("computer-level-novice").check();
    await page.getByTestId("computer-pace-brisk").check();
    await page.getByTestId("play-computer").tap();
    const info = await untilMyStroke(page);
    await strike(page, info, true);
    await waitFor(
      "the computer's answer",
      () => tableInfo(page),
      (i) => i !== null && i.phase !== "lag",
      45_000,
    );
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-computer-phone.png` });
  });

  it("offers a new deploy as a new version, and takes it only when the player asks", async () => {
    await startServer();
    const { context, page } = laptop;
    await context.setOffline(false);
    await page.goto(`http://localhost:${port}/`);
    await waitFor(
      "the lobby online again",
      () => offlineState(page),
      (s) => s === "",
    );
    // With the server back, the match played offline goes to the player's history.
    const listed = page.getByTestId(`offline-${offlineMatch}`);
    await waitFor(
      "the offline match kept",
      () => listed.getAttribute("data-upload"),
      (u) => u === "kept",
      30_000,
    );
    const kept = await page.evaluate(async (id) => (await fetch(`/api/matches/${id}`)).status, offlineMatch);
    expect(kept).toBe(200);
    await listed.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-match-kept-laptop.png` });
    // A deploy: the service worker the server serves is a new one.
    appendFileSync(join(dist, "sw.js"), "\n// the next deploy\n");
    await page.evaluate(() => {
      (window as { stillHere?: boolean }).stillHere = true;
    });
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await page.getByTestId("update-prompt").waitFor({ timeout: 30_000 });
    expect(await page.getByTestId("update-prompt").textContent()).toMatch(/Вышла новая версия/);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/offline-update-prompt-laptop.png` });
    // Nothing reloaded by itself.
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
    await Promise.all([page.waitForEvent("load"), page.getByTestId("update-reload").click()]);
    expect(await page.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBeUndefined();
    const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).waiting));
    expect(waiting).toBe(false);
    expect(await page.getByTestId("update-prompt").count()).toBe(0);
  });
});
