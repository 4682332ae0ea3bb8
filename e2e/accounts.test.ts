import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accountAnswer, accountOf, addAuthenticator, copyPasskeys } from "./support/accounts.ts";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { LAPTOP_1366, PHONE } from "./support/computer-table.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import { tableInfo, waitFor } from "./support/table-page.ts";

/**
 * Players who come back, told as one story between Anna on a laptop (in Russian) and Boris on a phone (in
 * English): each has an account from the first visit and names it in the lobby; a rated table found in the
 * lobby with the ratings beside the names, a resignation that moves both ratings once; friends added from a
 * match's page and by a profile's link; a challenge from the friends list, seen at once on another page and
 * accepted into one table; a passkey that carries Anna's account, its history and rating to a third
 * browser; and signing out everywhere from there, which her laptop follows by itself. The account menu,
 * profile and leaderboard are photographed on both screens in both languages.
 */

const shot = (name: string) => `${SCREENSHOT_DIR}/accounts-${name}.png`;

/** A tap on a touch screen, a click elsewhere. */
async function press(page: Page, testId: string): Promise<void> {
  const target = page.getByTestId(testId);
  if (await page.evaluate(() => matchMedia("(pointer: coarse)").matches)) await target.tap();
  else await target.click();
}

/** The header's account menu, open. */
async function openAccountMenu(page: Page): Promise<void> {
  if ((await page.getByTestId("account-menu").count()) === 0) await press(page, "account-button");
  await page.getByTestId("account-menu").waitFor();
}

describe("accounts: ratings, friends, challenges and passkeys between browsers", () => {
  const env = useGameAndBrowser();

  it("two players and a third browser, from the first visit to a passkey", { timeout: 8 * STAGE_MS }, async () => {
    let anna: Page;
    let boris: Page;
    let carol: Page;
    let annaId = "";
    let borisId = "";
    let code = "";
    let matchId = "";
    let annaRating = 0;

    await stage("each visitor has an account at once; the lobby's name becomes the account's", async () => {
      anna = await env.newPage(LAPTOP_1366);
      await anna.goto(env.url);
      annaId = await accountOf(anna);
      await anna.getByTestId("name-input").fill("Анна");
      await anna.getByTestId("visibility-public").check();
      await anna.getByTestId("rated").check();
      await anna.screenshot({ path: shot("rated-create-laptop-ru") });
      await anna.getByTestId("create-table").click();
      await waitFor(
        "Anna at her rated table",
        () => tableInfo(anna),
        (i) => i?.seat === "0",
      );
      code = (await anna.getByTestId("table-code").textContent())!.replace(/\D/g, "");
      expect((await accountAnswer(anna)).name).toBe("Анна");
      await expect.poll(() => anna.getByTestId("account-name").textContent(), { timeout: 10_000 }).toBe("Анна");
    });

    await stage("the lobby lists the rated table with Anna's rating, and Boris sits from it", async () => {
      const context = await env.newContext(PHONE);
      // English until the page is told otherwise: the tour of both languages below switches it.
      await context.addInitScript(() => {
        if (!localStorage.getItem("habibka.lang")) localStorage.setItem("habibka.lang", "en");
      });
      boris = await context.newPage();
      await boris.goto(env.url);
      borisId = await accountOf(boris);
      expect(borisId).not.toBe(annaId);
      await boris.getByTestId("name-input").fill("Boris");
      const listed = boris.getByTestId(`lobby-table-${code}`);
      await listed.waitFor({ timeout: 15_000 });
      expect(await listed.textContent()).toContain("rated");
      expect(await boris.getByTestId(`lobby-rating-${code}-0`).textContent()).toBe("1500?");
      await listed.scrollIntoViewIfNeeded();
      await boris.screenshot({ path: shot("lobby-rated-phone-en") });
      await press(boris, `sit-${code}`);
      await waitFor(
        "both seated for the lag",
        () => tableInfo(boris),
        (i) => i?.seat === "1" && i.phase === "lag",
      );
      expect(await boris.getByTestId("rating-0").textContent()).toBe("1500?");
      expect(await boris.getByTestId("rating-1").textContent()).toBe("1500?");
    });

    await stage("a resignation ends the rated match and moves both ratings, once", async () => {
      matchId = (await anna.getByTestId("table-view").getAttribute("data-match-id")) ?? "";
      await press(boris, "open-menu");
      await press(boris, "resign");
      await press(boris, "resign-yes");
      await waitFor(
        "the finish on Anna's page",
        () => tableInfo(anna),
        (i) => i?.phase === "finished",
      );
      const settled = async (page: Page) =>
        waitFor(
          "the rating settled",
          () => accountAnswer(page),
          (a) => a.rating.games === 1,
        );
      const [annaAfter, borisAfter] = [await settled(anna), await settled(boris)];
      expect(annaAfter.rating.value).toBeGreaterThan(1500);
      expect(borisAfter.rating.value).toBeLessThan(1500);
      annaRating = annaAfter.rating.value;
      // The header and the table follow the settlement.
      await expect
        .poll(() => anna.getByTestId("account-rating").textContent(), { timeout: 15_000 })
        .toBe(`${Math.round(annaRating)}?`);
      await expect
        .poll(() => boris.getByTestId("rating-1").textContent(), { timeout: 15_000 })
        .toBe(`${Math.round(borisAfter.rating.value)}?`);
      await anna.screenshot({ path: shot("rated-finished-laptop-ru") });
      // Leaving the table and coming back changes nothing: the match was settled once.
      await anna.locator(".app-header h1 button").click();
      await boris.reload();
      for (const [page, value] of [
        [anna, annaRating],
        [boris, borisAfter.rating.value],
      ] as const) {
        const again = await accountAnswer(page);
        expect(again.rating).toMatchObject({ games: 1, value });
      }
    });

    await stage("Boris adds Anna from the match's page; Anna adds Boris by his profile's link", async () => {
      await boris.goto(`${env.url}/m/${matchId}`);
      await boris.getByTestId("opponent-actions").waitFor({ timeout: 15_000 });
      expect(await boris.getByTestId("opponent-profile").textContent()).toBe("Анна");
      await press(boris, "opponent-befriend");
      await boris.getByTestId("opponent-is-friend").waitFor();

      await openAccountMenu(boris);
      const link = await boris.getByTestId("my-profile-link").inputValue();
      await press(boris, "account-button");
      await anna.getByTestId("friend-link").fill(link);
      await anna.getByTestId("friend-add").click();
      const line = anna.getByTestId(`friend-${borisId}`);
      await line.waitFor();
      // Boris has the site open: he is online.
      await expect.poll(() => line.getAttribute("data-online"), { timeout: 10_000 }).toBe("true");
      await anna.screenshot({ path: shot("friends-laptop-ru") });
    });

    await stage("Anna challenges Boris from her friends; he sees it at once on another page and accepts", async () => {
      await anna.getByTestId(`friend-challenge-${borisId}`).click();
      await anna.getByTestId("challenge-outgoing").waitFor();
      await anna.screenshot({ path: shot("challenge-sent-laptop-ru") });
      const received = boris.getByTestId("challenge-incoming");
      await received.waitFor({ timeout: 15_000 });
      expect(await received.textContent()).toContain("Анна challenges you");
      expect(await boris.getByTestId("challenge-countdown").textContent()).toMatch(/^[12]:\d\d$/);
      await boris.screenshot({ path: shot("challenge-phone-en") });
      await press(boris, "challenge-accept");
      // Each is seated in his own seat, the challenger in seat 0, and the match begins with the lag.
      for (const [page, seat] of [
        [anna, "0"],
        [boris, "1"],
      ] as const) {
        await waitFor(
          `seat ${seat} taken at the challenge's table`,
          () => tableInfo(page),
          (i) => i?.role === "player" && i.seat === seat && i.phase === "lag",
        );
      }
      const codeOf = async (page: Page) => (await page.getByTestId("table-code").textContent())?.replace(/\D/g, "");
      const annaCode = await codeOf(anna);
      expect(await codeOf(boris)).toBe(annaCode);
      expect(annaCode).not.toBe(code);
    });

    await stage("a passkey made in Anna's browser brings her account, history and rating to another", async () => {
      const annaKeys = await addAuthenticator(anna);
      await openAccountMenu(anna);
      await anna.getByTestId("add-passkey").click();
      await anna.getByTestId("passkey").waitFor();
      expect((await accountAnswer(anna)).passkeys).toBe(1);
      await anna.screenshot({ path: shot("menu-passkey-added-laptop-ru") });

      carol = await env.newPage(PHONE);
      const carolKeys = await addAuthenticator(carol);
      expect(await copyPasskeys(annaKeys, carolKeys)).toBe(1);
      await carol.goto(env.url);
      expect(await accountOf(carol)).not.toBe(annaId);
      await openAccountMenu(carol);
      // This browser's own anonymous account has no passkey: signing in elsewhere leaves it behind.
      await carol.getByTestId("passkeys").getByText("нет ключа доступа").first().waitFor();
      await carol.screenshot({ path: shot("menu-sign-in-phone-ru") });
      await press(carol, "passkey-sign-in");
      await waitFor(
        "Anna's account in the new browser",
        () => accountOf(carol),
        (id) => id === annaId,
      );
      expect(await carol.getByTestId("account-button").getAttribute("aria-label")).toContain("Анна");
      expect((await accountAnswer(carol)).rating).toMatchObject({ games: 1, value: annaRating });

      await openAccountMenu(carol);
      await press(carol, "my-profile");
      const played = carol.getByTestId(`profile-match-${matchId}`);
      await played.waitFor();
      expect(await played.getAttribute("data-result")).toBe("win");
      expect(await carol.getByTestId("profile-rating").textContent()).toContain(String(Math.round(annaRating)));
      await carol.screenshot({ path: shot("profile-own-phone-ru"), fullPage: true });
    });

    await stage("the account menu, a profile and the leaderboard on both screens, in both languages", async () => {
      for (const [page, screen] of [
        [anna, "laptop"],
        [boris, "phone"],
      ] as const) {
        for (const language of ["ru", "en"] as const) {
          await page.evaluate((l) => localStorage.setItem("habibka.lang", l), language);
          await page.goto(`${env.url}/leaders`);
          const leaders = page.getByTestId("leaders");
          await leaders.waitFor();
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
          expect(await leaders.locator("tbody tr").count()).toBe(2);
          expect(await page.getByTestId(`leader-${annaId}`).textContent()).toContain(String(Math.round(annaRating)));
          await page.screenshot({ path: shot(`leaders-${screen}-${language}`) });
          await page
            .getByTestId(`leader-${screen === "laptop" ? borisId : annaId}`)
            .getByRole("link")
            .click();
          await page.getByTestId("profile-stats").waitFor();
          await page.screenshot({ path: shot(`profile-${screen}-${language}`), fullPage: true });
          await openAccountMenu(page);
          await page.getByTestId("passkeys").waitFor();
          await page.screenshot({ path: shot(`menu-${screen}-${language}`) });
          await press(page, "account-button");
        }
      }
      // Boris's profile as Anna sees it: the friend she added, a loss, the rated match.
      expect(await anna.getByTestId("unfriend").count()).toBe(1);
      expect(await anna.getByTestId(`profile-match-${matchId}`).getAttribute("data-result")).toBe("loss");
      expect(await anna.getByTestId("profile-losses").textContent()).toBe("1");
    });

    await stage("signing out everywhere from the third browser ends Anna's session on her laptop too", async () => {
      await openAccountMenu(carol);
      await press(carol, "sign-out-everywhere");
      // The account has a passkey: the question is asked without the warning that it would be lost.
      expect(await carol.getByTestId("sign-out-warning").textContent()).toContain("ключом доступа");
      await press(carol, "sign-out-yes");
      await waitFor(
        "a new account in the third browser",
        () => accountOf(carol),
        (id) => id !== annaId,
      );
      // The laptop's stream is closed with the session: the page, left as it was, finds itself someone new
      // and starts over by itself.
      await waitFor(
        "a new account on the laptop",
        () => accountOf(anna),
        (id) => id !== annaId,
        30_000,
      );
    });
  });
});
