import type { BrowserContextOptions, Page, WebSocket } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { stage } from "./support/story.ts";
import { createTable, tableInfo, waitFor } from "./support/table-page.ts";

/**
 * A table's link in the hands of whoever opens it, on a phone (portrait, touch) in Russian and on a laptop
 * in English: a code that names no table says so, with the way back; a finished match's table link opens the
 * match's page; a visitor without a name watches at once as «Зритель» and gives a name to sit or chat;
 * «Сесть» at a full table says the seats are taken. And the lag against the computer shows, by each ball
 * and in its verdict, how far it stopped from the head cushion, and so does the match page's drawing of it.
 */

/** What the pages say, in each device's language. */
interface Words {
  readonly gone: string;
  readonly back: string;
  readonly seatFree: RegExp;
  readonly full: string;
  /** A lag ball's distance as the verdict catalogue writes it: «Анна — 0,85 м», "Anna 0.85 m". */
  readonly mark: RegExp;
  readonly lag: string;
  readonly distances: string;
}

interface Device {
  readonly label: string;
  readonly options: BrowserContextOptions;
  readonly touch: boolean;
  readonly language: "ru" | "en";
  readonly words: Words;
}

const DEVICES: readonly Device[] = [
  {
    label: "phone",
    options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    touch: true,
    language: "ru",
    words: {
      gone: "Стола с кодом 000000 нет",
      back: "В лобби",
      seatFree: /^За столом свободное место/,
      full: "Стол занят",
      mark: /^[^|]+ — \d+,\d\d м$/,
      lag: "Раскат",
      distances: "До головного борта:",
    },
  },
  {
    label: "laptop",
    options: { viewport: { width: 1366, height: 768 } },
    touch: false,
    language: "en",
    words: {
      gone: "There is no table with the code 000000",
      back: "To the lobby",
      seatFree: /^A seat is free/,
      full: "The table is full",
      mark: /^[^|]+ \d+\.\d\d m$/,
      lag: "The lag",
      distances: "From the head cushion:",
    },
  },
];

const shot = (name: string, device: Device) => `${SCREENSHOT_DIR}/links-${name}-${device.label}.png`;

async function press(page: Page, device: Device, testId: string): Promise<void> {
  const target = page.getByTestId(testId);
  if (device.touch) await target.tap();
  else await target.click();
}

/** The match menu (chat, resigning) is beside the table on a laptop and a sheet to open on a phone. */
async function openMenu(page: Page, device: Device): Promise<void> {
  if (device.touch && (await page.getByTestId("open-menu").getAttribute("aria-expanded")) !== "true") {
    await press(page, device, "open-menu");
  }
}

/**
 * Back to the lobby by the page's own way (the title in the header, or on a phone the way back in the
 * status strip, where the header gives the table its room): the table is left, not dropped.
 */
async function leaveToLobby(page: Page, device: Device): Promise<void> {
  if (device.touch) await page.getByTestId("table-back").tap();
  else await page.locator(".app-header h1 button").click();
  await page.getByTestId("create-table").waitFor();
}

describe("lost table links, watching by a link, and the lag's distances", () => {
  const env = useGameAndBrowser();

  for (const device of DEVICES) {
    it(`on a ${device.label}`, { timeout: 300_000 }, async () => {
      const { words } = device;
      const context = (name?: string) =>
        env.newContext(device.options, { language: device.language }).then(async (c) => {
          if (name) await c.addInitScript((n) => localStorage.setItem("habibka.name", n), name);
          return c.newPage();
        });

      await stage("a code that names no table says so, in the page's language, with the way back", async () => {
        const page = await context();
        await page.goto(`${env.url}/t/000000`);
        const gone = page.getByTestId("table-gone");
        await gone.waitFor({ timeout: 10_000 });
        expect(await gone.locator("h2").textContent()).toBe(words.gone);
        expect(await page.getByTestId("gone-lobby").textContent()).toBe(words.back);
        expect(await page.getByText("not found").count()).toBe(0);
        expect(await page.getByTestId("invite").count()).toBe(0);
        await page.screenshot({ path: shot("no-such-table", device) });
        await press(page, device, "gone-lobby");
        await page.getByTestId("create-table").waitFor();
        expect(new URL(page.url()).pathname).toBe("/");
        await page.close();
      });

      let link = "";
      const anna = await context();
      const boris = await context();
      const vera = await context("Вера");
      const guest = await context();
      await stage("a visitor without a name watches at once, then gives a name and sits", async () => {
        link = await createTable(anna, env.url, "Анна", { visibility: "public", opening: "draw" });
        await boris.goto(link);
        await waitFor(
          "the visitor watching",
          () => tableInfo(boris),
          (i) => i?.role === "spectator",
        );
        await boris.getByTestId("guest-name").waitFor();
        expect(await boris.getByTestId("guest-name").locator("p.hint").textContent()).toMatch(words.seatFree);
        await boris.screenshot({ path: shot("guest-watching", device) });
        await boris.getByTestId("name-input").fill("Борис");
        const joins: string[] = [];
        const noteJoin = (socket: WebSocket) => joins.push(new URL(socket.url()).pathname);
        boris.on("websocket", noteJoin);
        await press(boris, device, "sit-down");
        await waitFor(
          "Boris seated",
          () => tableInfo(boris),
          (i) => i?.role === "player" && i.seat === "1",
        );
        boris.off("websocket", noteJoin);
        // One connection, to sit: his account's new name does not first open the table again to watch.
        expect(joins).toHaveLength(1);
      });

      await stage("«Сесть» at the full table says the seats are taken and offers to watch", async () => {
        // Vera's name is remembered: her link asks for a seat, as «Сесть» does.
        await vera.goto(link);
        await vera.getByTestId("seats-taken").waitFor({ timeout: 15_000 });
        expect(await vera.locator("#seats-taken-title").textContent()).toBe(words.full);
        await vera.screenshot({ path: shot("seats-taken", device) });
        await press(vera, device, "watch-instead");
        await expect.poll(() => vera.getByTestId("seats-taken").count()).toBe(0);
        expect((await tableInfo(vera))?.role).toBe("spectator");
      });

      await stage("a visitor watching gives a name in the chat's place and writes", async () => {
        await guest.goto(link);
        await waitFor(
          "the guest watching",
          () => tableInfo(guest),
          (i) => i?.role === "spectator" && i.phase !== "waiting",
        );
        await openMenu(guest, device);
        await guest.getByTestId("guest-name").waitFor();
        expect(await guest.getByTestId("chat-input").count()).toBe(0);
        await guest.getByTestId("name-input").fill("Гость");
        await press(guest, device, "watch-invite");
        await openMenu(guest, device);
        await guest.getByTestId("chat-input").waitFor({ timeout: 15_000 });
        await guest.getByTestId("chat-input").fill("Привет всем");
        // The page joins again under the name: a line sent before it is in stays in the field, to send again.
        await waitFor(
          "the guest's line in Anna's chat",
          async () => {
            if ((await guest.getByTestId("chat-input").inputValue()) !== "") await press(guest, device, "chat-send");
            return anna.getByTestId("chat-lines").textContent();
          },
          (text) => !!text?.includes("Привет всем"),
          15_000,
        );
        expect(await anna.getByTestId("chat-lines").textContent()).toContain("Гость");
      });

      await stage("once the match is over and its table gone, the table's link opens the match's page", async () => {
        await openMenu(anna, device);
        await press(anna, device, "resign");
        await press(anna, device, "resign-yes");
        await waitFor(
          "the result",
          () => tableInfo(boris),
          (i) => i?.phase === "finished",
        );
        const matchId = await anna.getByTestId("table-view").getAttribute("data-match-id");
        expect(matchId).toMatch(/^[0-9a-f-]{36}$/);
        // Everyone leaves by the way back to the lobby: nothing holds the finished table open.
        for (const page of [anna, boris, vera, guest]) await leaveToLobby(page, device);
        const late = await context();
        await waitFor(
          "the match's page",
          async () => {
            await late.goto(link);
            await late.waitForFunction(
              () => location.pathname.startsWith("/m/") || document.querySelector("[data-testid=table-view]"),
              null,
              { timeout: 10_000 },
            );
            const path = () => new URL(late.url()).pathname;
            if (path().startsWith("/m/")) return path();
            // The table was still closing. Its room says the match is over and the page moves to the match's
            // page by itself; if it stays, leave as a visitor does, so this look does not keep the table open.
            await late
              .waitForFunction(() => location.pathname.startsWith("/m/"), null, { timeout: 3_000 })
              .catch(() => leaveToLobby(late, device));
            return path();
          },
          (path) => path === `/m/${matchId}`,
          60_000,
        );
        await late.getByTestId("match-page").waitFor();
        await late.screenshot({ path: shot("finished-link", device) });
      });

      await stage("the lag against the computer marks each ball's distance and the verdict says it", async () => {
        const page = await context("Анна");
        await page.goto(env.url);
        await page.getByTestId("computer-level-novice").check();
        await page.getByTestId("computer-pace-brisk").check();
        await press(page, device, "play-computer");
        await waitFor(
          "the lag",
          () => tableInfo(page),
          (i) => i?.phase === "lag" && i.canShoot,
          30_000,
        );
        await press(page, device, "lag-shoot");
        const marks = await waitFor(
          "the lag's marks by its balls",
          () => page.getByTestId("table-canvas").getAttribute("data-rest-marks"),
          (text) => !!text,
          40_000,
        );
        await page.screenshot({ path: shot("lag-marks", device) });
        const each = marks!.split(" | ");
        for (const mark of each) expect(mark).toMatch(words.mark);
        expect(each.some((m) => m.startsWith("Анна"))).toBe(true);
        // The lag is shot 1: its verdict stays in the shot log, whatever the computer plays next.
        const verdict = await waitFor(
          "the lag's verdict",
          () => page.getByTestId("log-1").textContent({ timeout: 1_000 }),
          (text) => !!text && text.includes(words.lag),
          20_000,
        );
        expect(verdict).toContain(`${words.distances} ${each.join(", ")}.`);
        await openMenu(page, device);
        await page.screenshot({ path: shot("lag-verdict", device) });

        // The match page's drawing of the lag: its balls where they stopped, each with its distance.
        const matchId = await page.getByTestId("table-view").getAttribute("data-match-id");
        const replay = await context();
        await replay.goto(`${env.url}/m/${matchId}/1`);
        const drawn = await waitFor(
          "the lag's marks on the match page",
          () => replay.getByTestId("table-canvas").getAttribute("data-rest-marks"),
          (text) => !!text,
          20_000,
        );
        // The same distances in the same words (the page names the computer as its record does).
        const distances = (marks: readonly string[]) => marks.map((m) => / \S+ \S+$/.exec(m)?.[0]);
        const anna = (marks: readonly string[]) => marks.find((m) => m.startsWith("Анна"));
        expect(anna(drawn!.split(" | "))).toBe(anna(each));
        for (const mark of drawn!.split(" | ")) expect(mark).toMatch(words.mark);
        expect(distances(drawn!.split(" | "))).toEqual(distances(each));
        await replay.screenshot({ path: shot("match-page-lag", device) });
      });
    });
  }
});
