import { normaliseAngle } from "@habibka/client/game/aim-geometry";
import { defaultHouseSpot, lagSideOf } from "@habibka/client/game/house";
import { roundAngle } from "@habibka/client/game/stroke-limits";
import { DEFAULT_BUDGET, findShot, lagShot, type PlannedShot } from "@habibka/server/testing/pottable-shot";
import { simulate } from "@habibka/shared/physics";
import { APEX_BALL, POCKETS } from "@habibka/shared/table";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import { STAGE_MS, stage } from "./support/story.ts";
import {
  ballPositions,
  canvasPoint,
  debtsShown,
  dragOnTable,
  expectSamePositions,
  shelvesShown,
  skipShot,
  type TableInfo,
  tableInfo,
  waitFor,
} from "./support/table-page.ts";

/**
 * Two people play a whole match of Habibka in two browsers. A laptop page and a phone
 * page (portrait, HiDPI, touch) play from the lag to a win at eight through the client's own controls only:
 * the lag controls, the ball placed in the house for the opening shot, then for every shot the cue ball, the
 * angle field and fine steps, the power slider and keys, the call (ball on the table, pocket and way buttons)
 * and the shoot button; offers are taken with their button. What to play is decided by the server tests'
 * aiming bot from what the page shows (the resting positions hook, the scoreboard's shelves and debts); each
 * animation is skipped, and the next shot waits for the server to end it.
 */

type Position = [number, number, number];
/** What the page is told to play. */
type Plan = Pick<PlannedShot, "stroke" | "call" | "place" | "kind">;

/** The angle the client sends for an intended one: normalised to [0, 360), kept to a thousandth of a degree. */
const clientAngle = (angle: number) => roundAngle(normaliseAngle(angle));

const MAX_SHOTS = 60;
// Generous: about 6 s a shot here, and CI machines are shared; the shot count bounds the loop as well.
const MATCH_MILLIS = 420_000;
/** Where each seat's lag ball should stop, metres from the head cushion: different, so one wins. */
const LAG_TARGETS = [0.15, 0.4] as const;

describe("two people play a whole match of Habibka in two browsers", () => {
  const table = useGameAndBrowser();
  /** By seat, once both are seated. */
  const pages: Page[] = [];
  let laptop: Page;
  let phone: Page;
  const names = new Map<Page, string>();
  const log: string[] = [];

  afterAll(() => {
    if (log.length > 0) console.log(`whole match:\n${log.join("\n")}`);
  });

  const screenshot = (page: Page, name: string) =>
    page.screenshot({ path: `${SCREENSHOT_DIR}/whole-match-${name}.png` });
  const isPhone = (page: Page) => page === phone;

  /** A tap on the phone, a click on the laptop. */
  async function press(page: Page, testId: string): Promise<void> {
    const control = page.getByTestId(testId);
    if (isPhone(page)) await control.tap();
    else await control.click();
  }

  /** Touches (phone) or clicks (laptop) the table at a table point. */
  async function touchTable(page: Page, x: number, y: number): Promise<void> {
    const at = await canvasPoint(page, x, y);
    if (isPhone(page)) await page.touchscreen.tap(at.px, at.py);
    else await page.mouse.click(at.px, at.py);
  }

  async function positionsOf(page: Page): Promise<Position[]> {
    return JSON.parse(await ballPositions(page)) as Position[];
  }

  /** Sets the angle with the field, then nudges it with the fine steps (keys or buttons) and back. */
  async function setAngle(page: Page, angle: number): Promise<void> {
    const field = page.getByTestId("angle-input");
    await field.fill(String(angle));
    if (isPhone(page)) {
      await press(page, "turn-plus");
      await press(page, "turn-minus");
    } else {
      await page.getByTestId("table-canvas").focus();
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowRight");
    }
    await expect.poll(async () => Number(await field.inputValue())).toBe(angle);
  }

  /** Sets the power with the slider, then a key step up and down on the laptop. */
  async function setSpeed(page: Page, speed: number): Promise<void> {
    await page.getByTestId("speed-slider").fill(String(speed));
    if (!isPhone(page)) {
      await page.getByTestId("table-canvas").focus();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowDown");
    }
    const shown = speed.toFixed(2).replace(".", "[.,]");
    await expect.poll(() => page.getByTestId("speed-value").textContent()).toMatch(new RegExp(shown));
  }

  /**
   * After a shot (or the lag) was sent: every page receives it, its animation is skipped (the button on the
   * phone, Escape on the laptop), and the server ends it; then both pages show the same resting table.
   */
  async function settle(before: number): Promise<void> {
    for (const page of pages) await skipShot(page, before, isPhone(page));
    await expectSamePositions(pages);
  }

  /** The page that must act now, when both pages agree the table is at rest. */
  async function actor(): Promise<{ page: Page; info: TableInfo } | "finished"> {
    const found = await waitFor(
      "a player to act",
      async () => {
        for (const page of pages) {
          const info = await tableInfo(page);
          if (info?.phase === "finished") return "finished" as const;
          if (info && !info.animating && String(info.toMove) === info.seat && (info.canShoot || info.offer !== "")) {
            return { page, info };
          }
        }
        return null;
      },
      (found) => found !== null,
      30_000,
    );
    return found!;
  }

  async function seatBoth(): Promise<void> {
    const laptopContext = await table.newContext({ viewport: { width: 1280, height: 800 } });
    const phoneContext = await table.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
    });
    laptop = await laptopContext.newPage();
    phone = await phoneContext.newPage();
    names.set(laptop, "Анна").set(phone, "Борис");

    await laptop.goto(table.url);
    await laptop.getByTestId("name-input").fill("Анна");
    await laptop.getByTestId("visibility-private").check();
    await laptop.getByTestId("opening-lag").check();
    await laptop.getByTestId("create-table").click();
    const link = await waitFor(
      "the invite link",
      () => laptop.getByTestId("invite-link").inputValue(),
      (v) => /\/t\/\d{6}$/.test(v),
    );
    await phone.goto(link);
    await phone.getByTestId("name-input").fill("Борис");
    await press(phone, "sit-down");
    for (const [page, seat] of [
      [laptop, "0"],
      [phone, "1"],
    ] as const) {
      await waitFor(
        "the lag",
        () => tableInfo(page),
        (i) => i?.phase === "lag" && i.seat === seat,
      );
    }
    pages.push(laptop, phone);
  }

  async function lag(): Promise<void> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = (await tableInfo(laptop))!.shotNumber;
      for (const [seat, page] of pages.entries()) {
        await waitFor(
          "the lag controls",
          () => tableInfo(page),
          (i) => i?.phase === "lag" && i.canShoot && !i.animating,
        );
        const lag = lagShot(seat as 0 | 1, LAG_TARGETS[seat]!);
        const positions = await positionsOf(page);
        const start = defaultHouseSpot(
          positions.map(([id, x, y]) => ({ id, x, y })),
          lagSideOf(seat),
        );
        await dragOnTable(page, start, lag.place);
        await setAngle(page, clientAngle(lag.angle));
        // The slider's step is 0.05 m/s: the two targets are far enough apart for that not to matter.
        await setSpeed(page, Math.round(lag.speed * 20) / 20);
        if (seat === 0 && attempt === 0) await screenshot(page, "lag");
        await press(page, "lag-shoot");
      }
      await settle(before);
      const info = await waitFor(
        "the lag's result",
        () => tableInfo(laptop),
        (i) => i !== null && (i.phase !== "lag" || i.canShoot),
      );
      if (info?.phase !== "lag") break;
    }
    const info = await waitFor(
      "the opening",
      () => tableInfo(laptop),
      (i) => i?.phase === "opening",
    );
    log.push(`lag: seat ${info!.toMove} opens`);
  }

  /** One turn: take an offer if there is one, then plan a shot from what the page shows and play it. */
  async function playTurn(page: Page, offered: TableInfo, turn: number): Promise<void> {
    let info = offered;
    const seat = Number(info.seat) as 0 | 1;
    if (info.offer !== "") {
      await press(page, "answer-accept");
      info = (await waitFor(
        "the offer taken",
        () => tableInfo(page),
        (i) => i?.offer === "" && i.canShoot,
        10_000,
      ))!;
      offersTaken++;
    }
    const positions = await positionsOf(page);
    const shelves = await shelvesShown(page);
    const debts = await debtsShown(page);
    const opening = info.phase === "opening";
    const onTable = new Set(positions.map(([id]) => id));
    const placed = new Set([...onTable, ...shelves[0], ...shelves[1]]);
    const inHand = opening ? (Array.from({ length: 15 }, (_, i) => i + 1).find((id) => !placed.has(id)) ?? null) : null;
    if (opening) expect(inHand).toBe(APEX_BALL);
    const balls = positions.map(([id, x, y]) => ({ id, x, y }));
    const started = performance.now();
    // The first shot after the opening is a deliberate miss (a foul, clause 17), so that the match always has
    // an offer to answer and a debt on the scoreboard; every other shot is the bot's.
    const missing = turn === 1 && !opening;
    const planned: Plan = missing
      ? deliberateMiss(balls)
      : findShot({ balls, shelves, debts, seat, opening, inHand }, DEFAULT_BUDGET, { strokeAngle: clientAngle });
    const planMillis = Math.round(performance.now() - started);

    if (opening && planned.place) {
      // The ball in hand: dragged from where the page first puts it to the bot's spot in the house.
      const start = defaultHouseSpot(balls);
      await dragOnTable(page, start, planned.place);
    }
    const cueLine = page.getByTestId("cue-ball");
    if (!opening && !new RegExp(`\\b${planned.stroke.cue}\\b`).test((await cueLine.textContent()) ?? "")) {
      const cue = positions.find(([id]) => id === planned.stroke.cue)!;
      await press(page, "mode-cue");
      await touchTable(page, cue[1], cue[2]);
      await expect.poll(() => cueLine.textContent()).toMatch(new RegExp(`\\b${planned.stroke.cue}\\b`));
    }
    await setAngle(page, planned.stroke.angle);
    await setSpeed(page, planned.stroke.speed);
    if (planned.call.length > 0) {
      for (const call of planned.call) {
        // The call on the table: the ball, then the pocket (the phone taps the ball and the pocket itself; the
        // laptop opens the call control first, as a click outside it aims, then uses the pocket buttons); the
        // way follows the aim until set with its switch.
        const ball = positions.find(([id]) => id === call.ball)!;
        if (!isPhone(page)) await press(page, "open-call");
        await touchTable(page, ball[1], ball[2]);
        if (isPhone(page)) {
          const mouth = POCKETS[call.pocket].mouthCentre;
          await touchTable(page, mouth.x, mouth.y);
        } else {
          await press(page, `pocket-${call.pocket}`);
        }
        const entry = page.locator(`[data-testid=call-entry][data-ball="${call.ball}"]`);
        await expect.poll(() => entry.count()).toBe(1);
        if ((await entry.getAttribute("data-way")) !== call.way) await press(page, `call-way-${call.ball}`);
        await expect.poll(() => entry.getAttribute("data-way")).toBe(call.way);
      }
    }
    // Nothing above may have moved the aim.
    expect(Number(await page.getByTestId("angle-input").inputValue())).toBe(planned.stroke.angle);
    if (turn === 0) await screenshot(page, "opening");
    if (isPhone(page) && planned.call.length > 0 && !phoneAimShot) {
      phoneAimShot = true;
      await screenshot(page, "phone-call");
    }
    const before = info.shotNumber;
    const errors = page.getByTestId("server-error");
    await press(page, "shoot");
    await waitFor(
      "the shot accepted",
      async () => ((await errors.count()) > 0 ? `refused: ${await errors.textContent()}` : tableInfo(page)),
      (i) => typeof i === "string" || (i !== null && (i.playing || i.shotNumber > before)),
      15_000,
    ).then((i) => {
      if (typeof i === "string") throw new Error(`shot ${before}: ${i}`);
    });
    await settle(before);
    // What came of it, as the page shows it: the balls that reached the shooter's shelf, and a foul.
    const after = await shelvesShown(page);
    const potted = after[seat].filter((ball) => !shelves[seat].includes(ball));
    const foul = (await page.getByTestId("verdict").getAttribute("class"))?.includes("foul") ?? false;
    const called = planned.call.map((c) => `${c.ball}→${c.pocket}`).join(",") || "no call";
    log.push(
      `#${before} seat ${seat} ${names.get(page)}${offered.offer ? ` (took the ${offered.offer} offer)` : ""}: ` +
        `cue ${planned.stroke.cue} ${planned.stroke.angle}° ${planned.stroke.speed} m/s, ${called}; ` +
        `${missing ? "a deliberate miss" : `bot expects ${planned.kind} (${planMillis} ms)`}; ` +
        `shelf +[${potted}]${foul ? ", foul" : ""}`,
    );
  }
  let phoneAimShot = false;
  let offersTaken = 0;

  /**
   * A soft stroke of the cue ball the page offers first (the white ball nearest the head) in a direction where
   * it touches nothing, checked with the shared physics: a miss.
   */
  function deliberateMiss(balls: readonly { id: number; x: number; y: number }[]): Plan {
    const cue = balls.filter((b) => b.id !== 0).sort((a, b) => a.x - b.x)[0]!;
    for (let i = 0; i < 24; i++) {
      const stroke = { cue: cue.id, angle: clientAngle(i * 15 + 7.5), speed: 0.3, offset: { x: 0, y: 0 } };
      const result = simulate({ balls, strokes: [stroke] });
      if (!result.events.some((e) => e.type === "collision" || e.type === "pocket")) {
        return { stroke, call: [], kind: "foul" };
      }
    }
    throw new Error("no direction for a miss");
  }

  async function playToEight(): Promise<void> {
    const deadline = Date.now() + MATCH_MILLIS;
    let turns = 0;
    for (;;) {
      const next = await actor();
      if (next === "finished") break;
      if (turns >= MAX_SHOTS) throw new Error(`no winner after ${turns} shots`);
      if (Date.now() > deadline) throw new Error(`no winner within ${MATCH_MILLIS / 1000} s (${turns} shots)`);
      await playTurn(next.page, next.info, turns);
      turns++;
      if (turns === 12) await screenshot(laptop, "midgame");
    }
    log.push(`finished after ${turns} shots, ${offersTaken} offers taken`);
    expect(offersTaken).toBeGreaterThan(0);
  }

  async function sameFinish(): Promise<void> {
    for (const page of pages) {
      await waitFor(
        "the finished match",
        () => tableInfo(page),
        (i) => i?.phase === "finished" && !i.animating,
      );
    }
    const [laptopShelves, phoneShelves] = [await shelvesShown(laptop), await shelvesShown(phone)];
    expect(phoneShelves).toEqual(laptopShelves);
    const winner = laptopShelves.findIndex((shelf) => shelf.length >= 8);
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(laptopShelves[winner]).toHaveLength(8);
    const winnerName = names.get(pages[winner]!)!;
    for (const page of pages) {
      await expect.poll(() => page.getByTestId(`score-${winner}`).textContent()).toBe("8");
      await expect.poll(() => page.getByTestId("rematch").isVisible()).toBe(true);
    }
    // The result screen: each player is told in his own words, both see the same score and series.
    await expect.poll(() => pages[winner]!.getByTestId("result").textContent()).toContain("Вы выиграли");
    await expect.poll(() => pages[1 - winner]!.getByTestId("result").textContent()).toContain(winnerName);
    for (const id of ["result-score-0", "result-score-1", "series-0", "series-1"]) {
      expect(await phone.getByTestId(id).textContent(), id).toBe(await laptop.getByTestId(id).textContent());
    }
    expect(await laptop.getByTestId(`series-${winner}`).textContent()).toBe("1");
    await expectSamePositions(pages);
    log.push(`winner: seat ${winner} ${winnerName}, shelves ${JSON.stringify(laptopShelves)}`);
    await screenshot(laptop, "finished-laptop");
    await screenshot(phone, "finished-phone");
  }

  it(
    "from the lag to a win at eight on a laptop and a phone, both pages showing the same finished match",
    async () => {
      await stage(
        "one player creates a table on a laptop, the other opens the link on a phone and sits down",
        seatBoth,
      );
      await stage("both lag with the lag controls and the winner opens", lag);
      await stage("they play every shot with the controls until one of them has eight", playToEight);
      await stage(
        "both pages show the same finished match: the winner with eight, the same table, the rematch",
        sameFinish,
      );
    },
    // The whole match's own allowance, and the e2e project's time for each of the other stages.
    MATCH_MILLIS + 60_000 + 3 * STAGE_MS,
  );
});
