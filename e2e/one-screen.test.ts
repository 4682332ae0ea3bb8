import type { Circle } from "@habibka/client/game/aim-geometry";
import { angleTowards } from "@habibka/client/game/aim-geometry";
import { suggestedWay } from "@habibka/client/game/call-way";
import { predictShot } from "@habibka/client/game/shot-guide";
import { BALL_RADIUS, POCKET_IDS, POCKETS, type PocketId } from "@habibka/shared/table";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { SCREENSHOT_DIR } from "./support/browser.ts";
import { useGameAndBrowser } from "./support/game-and-browser.ts";
import {
  ballPositions,
  canvasPoint,
  createTable,
  expectOnScreen,
  expectUncovered,
  openInvite,
  pageFits,
  setAngle,
  skipShot,
  type TableInfo,
  tableInfo,
  waitFor,
} from "./support/table-page.ts";

/**
 * One screen on a phone and on a laptop: on each screen a player plays a whole turn (the opponent's shot
 * watched, the call made on the table, the aim set by dragging and by the fine controls, the shot, its
 * verdict), and at every stage the page fits the window without scrolling, every control used is inside it,
 * touch targets are at least 44 px, and the table does not move.
 */

interface Screen {
  readonly name: string;
  readonly options: BrowserContextOptions;
  readonly touch: boolean;
}

const SCREENS: readonly Screen[] = [
  {
    name: "phone-portrait",
    options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    touch: true,
  },
  {
    name: "phone-landscape",
    options: { viewport: { width: 844, height: 390 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    touch: true,
  },
  { name: "laptop-1280", options: { viewport: { width: 1280, height: 800 } }, touch: false },
  { name: "laptop-1366", options: { viewport: { width: 1366, height: 768 } }, touch: false },
];

/** The controls a stroke is played with; each must be on screen while the player composes it. */
const STROKE_CONTROLS = [
  "table-canvas",
  "open-call",
  "open-spin",
  "turn-minus",
  "fine-aim",
  "turn-plus",
  "angle-input",
  "speed-slider",
  "shoot",
] as const;

type Position = [number, number, number];

/**
 * A pot the guide says goes in: for the straightest ball–pocket pairs, the aim is scanned in 0.02° steps
 * around the ghost ball's line until the guide's object-ball line enters the pocket cleanly; the middle of
 * that aim window is returned.
 */
function findPot(cue: Circle, balls: readonly Circle[], speed: number) {
  const pairs = balls
    .filter((b) => b.id !== 0 && b.id !== cue.id)
    .flatMap((ball) =>
      POCKET_IDS.map((pocket) => {
        const mouth = POCKETS[pocket].mouthCentre;
        const d = Math.hypot(mouth.x - ball.x, mouth.y - ball.y);
        const u = { x: (mouth.x - ball.x) / d, y: (mouth.y - ball.y) / d };
        const ghost = { x: ball.x - 2 * BALL_RADIUS * u.x, y: ball.y - 2 * BALL_RADIUS * u.y };
        const aim = angleTowards(cue, ghost);
        // The cut: how far the object ball's line turns from the aim.
        const cut = Math.abs(((aim - angleTowards(ghost, mouth) + 540) % 360) - 180);
        return { ball: ball.id, pocket, aim, cut, d };
      }),
    )
    .filter((p) => p.cut < 70)
    .sort((a, b) => a.cut - b.cut || a.d - b.d)
    .slice(0, 30);
  for (const pair of pairs) {
    const goesIn = (angle: number) => {
      const guide = predictShot(cue, { angle: (angle + 360) % 360, speed, offset: { x: 0, y: 0 } }, balls);
      // A clean entry, touching no jaw: a rattle between the jaws could go either way for the page's own
      // positions, which the test reads rounded to 0.1 mm.
      const first = guide.hit?.ball === pair.ball ? guide.hit.path.contacts[0] : undefined;
      return first?.kind === "drop" && first.pocket === pair.pocket;
    };
    for (let step = 0; step <= 150; step++) {
      const sign = step % 2 ? 1 : -1;
      const start = pair.aim + sign * Math.ceil(step / 2) * 0.02;
      if (!goesIn(start)) continue;
      // The middle of the aim window, so that the page's own positions (the test reads them to 0.1 mm) agree.
      let end = start;
      while (goesIn(end + sign * 0.005) && Math.abs(end - start) < 2) end += sign * 0.005;
      const middle = (start + end) / 2;
      return { ball: pair.ball, pocket: pair.pocket, angle: Math.round(((middle + 360) % 360) * 1000) / 1000 };
    }
  }
  return null;
}

describe("one screen on a phone and on a laptop", () => {
  const table = useGameAndBrowser();

  async function fits(page: Page, stage: string): Promise<void> {
    const { scroll, window: height } = await pageFits(page);
    expect(scroll, `page height at ${stage}`).toBeLessThanOrEqual(height);
    expect(await page.evaluate(() => window.scrollY), `scrolled at ${stage}`).toBe(0);
  }

  async function canvasBox(page: Page) {
    return JSON.stringify(await page.getByTestId("table-canvas").boundingBox());
  }

  /** Presses a control as the screen's player would: a tap on a touch screen, a click with the mouse. */
  async function press(page: Page, screen: Screen, testId: string): Promise<void> {
    const box = await expectOnScreen(page, testId);
    if (screen.touch) {
      expect(box.width, `${testId} width`).toBeGreaterThanOrEqual(44);
      expect(box.height, `${testId} height`).toBeGreaterThanOrEqual(44);
      await page.getByTestId(testId).first().tap();
    } else await page.getByTestId(testId).first().click();
  }

  async function tapTable(page: Page, screen: Screen, x: number, y: number): Promise<void> {
    const at = await canvasPoint(page, x, y);
    if (screen.touch) await page.touchscreen.tap(at.px, at.py);
    else await page.mouse.click(at.px, at.py);
  }

  /** A finger drawn across the screen: touch events, as a phone sends them. */
  async function swipe(page: Page, from: { px: number; py: number }, to: { px: number; py: number }): Promise<void> {
    const cdp = await page.context().newCDPSession(page);
    const point = (f: number) => ({ x: from.px + (to.px - from.px) * f, y: from.py + (to.py - from.py) * f });
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point(0)] });
    for (let i = 1; i <= 8; i++) {
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [point(i / 8)] });
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await cdp.detach();
  }

  async function angleShown(page: Page): Promise<number> {
    return Number(await page.getByTestId("angle-input").inputValue());
  }

  /** The opponent on a laptop plays a plain stroke at the pyramid and skips its animation. */
  async function opponentPlays(page: Page, info: TableInfo): Promise<void> {
    if (info.offer !== "") {
      await page.getByTestId("answer-accept").click();
      await waitFor(
        "the offer taken",
        () => tableInfo(page),
        (i) => i?.canShoot === true,
      );
    }
    await page.getByTestId("speed-slider").fill("4");
    await page.getByTestId("shoot").click();
    await skipShot(page, info.shotNumber);
  }

  it.each(SCREENS)("$name: a whole turn fits the screen", async (screen) => {
    const helper = await table.newPage({ viewport: { width: 1280, height: 800 } });
    const player = await (await table.newContext(screen.options)).newPage();
    const shot = (stage: string) =>
      player.screenshot({ path: `${SCREENSHOT_DIR}/one-screen-${screen.name}-${stage}.png` });

    // The player creates the table on this screen and waits for the opponent.
    const link = await createTable(player, table.url, "Борис");
    await fits(player, "waiting");
    await expectOnScreen(player, "invite-link");
    await expectOnScreen(player, "copy-link");
    // The first visit's word that the game is kept in the browser shows about now, for a few seconds: it
    // must not lie over the link the player is here to send.
    await expectUncovered(player, "invite-link");
    await expectUncovered(player, "copy-link");
    await shot("waiting");
    const tableStays = await canvasBox(player);

    await openInvite(helper, link, "Анна");
    await waitFor(
      "the opening",
      () => tableInfo(player),
      (i) => i?.phase === "opening",
    );

    // The opponent breaks, or this screen does (a turn of its own, placed in the house) and then watches the
    // opponent's reply: the turn tested below is always one in play.
    const first = (await waitFor(
      "a player to move",
      () => tableInfo(helper),
      (i) => i !== null && i.toMove >= 0,
    ))!;
    if (String(first.toMove) !== first.seat) {
      await waitFor(
        "the break on this screen",
        () => tableInfo(player),
        (i) => i?.canShoot === true,
      );
      await fits(player, "break");
      for (const id of STROKE_CONTROLS) await expectOnScreen(player, id);
      await shot("break");
      await press(player, screen, "shoot");
      await skipShot(player, first.shotNumber, screen.touch);
      await skipShot(helper, first.shotNumber);
    }
    const reply = (await waitFor(
      "the opponent to move",
      () => tableInfo(helper),
      (i) => i !== null && !i.animating && String(i.toMove) === i.seat && (i.canShoot || i.offer !== ""),
    ))!;
    await fits(player, "watching");
    await shot("watching");
    await opponentPlays(helper, reply);
    await skipShot(player, reply.shotNumber, screen.touch);
    const mine = (await waitFor(
      "this screen's turn",
      () => tableInfo(player),
      (i) => i !== null && !i.animating && String(i.toMove) === i.seat && (i.canShoot || i.offer !== ""),
    ))!;
    await expect.poll(() => player.getByTestId("notice").textContent()).toMatch(/Ваш ход/);
    if (mine.offer !== "") {
      await fits(player, "offer");
      await shot("offer");
      await press(player, screen, "answer-accept");
      await waitFor(
        "the offer taken",
        () => tableInfo(player),
        (i) => i?.canShoot === true,
      );
    }
    await fits(player, "turn");
    for (const id of STROKE_CONTROLS) {
      const box = await expectOnScreen(player, id);
      if (screen.touch && id !== "table-canvas") {
        expect(box.height, `${id} height`).toBeGreaterThanOrEqual(44);
        expect(box.width, `${id} width`).toBeGreaterThanOrEqual(44);
      }
    }
    expect(await canvasBox(player), "the table stays put from the waiting to the turn").toBe(tableStays);

    // A drag on the table aims around the cue ball and never scrolls the page.
    const positions = JSON.parse(await ballPositions(player)) as Position[];
    const before = await angleShown(player);
    if (screen.touch) {
      // A swipe across the table, as a thumb scrolls a page.
      const from = await bareCloth(player, positions, { dx: 0, dy: -180 });
      await swipe(player, from, { px: from.px, py: from.py - 180 });
    } else {
      const from = await bareCloth(player, positions, { dx: 60, dy: 0 });
      await player.mouse.move(from.px, from.py);
      await player.mouse.down();
      await player.mouse.move(from.px + 60, from.py, { steps: 6 });
      await player.mouse.up();
    }
    await expect.poll(() => angleShown(player)).not.toBe(before);
    await fits(player, "after the swipe");

    // Aim a pot the guide says goes in, and call it on the table: tap the ball, then the pocket.
    const cue = mine.phase === "opening" ? null : positions.filter(([id]) => id !== 0).sort((a, b) => a[1] - b[1])[0]!;
    const cueSpot = cue ? { x: cue[1], y: cue[2] } : await placedCue(player);
    const cueId = cue?.[0] ?? 1;
    const speed = Number(await player.getByTestId("speed-slider").inputValue());
    const balls = positions.map(([id, x, y]) => ({ id, x, y }));
    const onTable = cue ? balls : [...balls, { id: cueId, ...cueSpot }];
    const pot = findPot({ id: cueId, ...cueSpot }, onTable, speed);
    const target = pot
      ? positions.find(([id]) => id === pot.ball)!
      : positions.filter(([id]) => id !== 0 && id !== cueId).sort((a, b) => b[1] - a[1])[0]!;
    const pocket: PocketId = pot?.pocket ?? (target[2] > 0 ? "FL" : "FR");
    await setAngle(
      player,
      pot?.angle ?? Math.round(angleTowards(cueSpot, { x: target[1], y: target[2] }) * 1000) / 1000,
    );
    // A mouse calls through the call control (a click outside it aims at the ball); a finger taps at once.
    if (!screen.touch) await press(player, screen, "open-call");
    await tapTable(player, screen, target[1], target[2]);
    await tapTable(player, screen, POCKETS[pocket].mouthCentre.x, POCKETS[pocket].mouthCentre.y);
    const entry = player.getByTestId("call-entry");
    await expect.poll(() => entry.getAttribute("data-ball")).toBe(String(target[0]));
    await expect.poll(() => entry.getAttribute("data-pocket")).toBe(pocket);
    // The way is the guide's, shown on its toggle; the player may switch it to the other one.
    const guide = predictShot(
      { id: cueId, ...cueSpot },
      { angle: await angleShown(player), speed, offset: { x: 0, y: 0 } },
      onTable,
    );
    const way = suggestedWay(guide, target[0], cueId, pocket);
    if (pot) {
      expect(way, "a pot the guide says goes in straight is called direct").toBe("direct");
      // The called pocket lights up: the guide's line goes in.
      await expect.poll(() => entry.getAttribute("data-lit")).toBe("true");
    }
    await expect.poll(() => entry.getAttribute("data-way")).toBe(way);
    // The README shows this moment on a phone and on a laptop (a pot the guide puts in), once "Ваш ход" has
    // been read.
    await expect.poll(() => player.getByTestId("notice").count(), { timeout: 8_000 }).toBe(0);
    await shot("called");
    if (pot) await player.screenshot({ path: `${SCREENSHOT_DIR}/readme-${screen.name}.png` });
    const toggle = player.getByTestId(`call-way-${target[0]}`);
    expect(await toggle.getAttribute("aria-pressed")).toBe(String(way === "bank"));
    expect(await toggle.textContent()).toContain(way === "bank" ? "от борта" : "прямо");
    const other = way === "direct" ? "bank" : "direct";
    await press(player, screen, `call-way-${target[0]}`);
    await expect.poll(() => entry.getAttribute("data-way")).toBe(other);
    await fits(player, "called");
    await shot("way-switched");

    // The fine steps open the loupes; the spin and the pocket buttons open over the table, on screen.
    await press(player, screen, "turn-plus");
    await expect.poll(() => player.getByTestId("table-canvas").getAttribute("data-loupes")).toBe("2");
    await shot("loupe");
    await press(player, screen, "turn-minus");
    await press(player, screen, "open-spin");
    await expectOnScreen(player, "spin-popover");
    await fits(player, "spin");
    await shot("spin");
    await press(player, screen, "open-spin");
    await press(player, screen, "open-call");
    await expectOnScreen(player, "call-popover");
    await fits(player, "pocket buttons");
    await press(player, screen, "open-call");

    // The shot: its animation and its verdict fit as well, and the table has not moved.
    await player.getByTestId("speed-slider").fill("3");
    await press(player, screen, "shoot");
    await waitFor(
      "the shot playing",
      () => tableInfo(player),
      (i) => i !== null && (i.playing || !i.canShoot),
    );
    if ((await tableInfo(player))?.playing) {
      await fits(player, "animation");
      await expectOnScreen(player, "skip-animation");
      await shot("animation");
    }
    await skipShot(player, mine.shotNumber, screen.touch);
    await expectOnScreen(player, "verdict");
    await fits(player, "verdict");
    await shot("verdict");
    expect(await canvasBox(player), "the table stays put through the turn").toBe(tableStays);

    // The log and the chat: beside the table on a laptop, a sheet over it on a phone.
    if (screen.touch) await press(player, screen, "open-menu");
    await expectOnScreen(player, "shot-log");
    await expectOnScreen(player, "chat-input");
    if (screen.name === "phone-portrait") {
      // No site header at the table: the way back starts the strip, and the header's switches head the sheet.
      expect(await player.locator(".app-header").isVisible()).toBe(false);
      for (const id of ["table-back", "menu-language-switch", "menu-mute", "menu-open-rules"]) {
        const box = await expectOnScreen(player, id);
        expect(box.height, `${id} height`).toBeGreaterThanOrEqual(44);
        expect(box.width, `${id} width`).toBeGreaterThanOrEqual(44);
      }
    }
    await fits(player, "log and chat");
    await shot("menu");
    if (screen.touch) await press(player, screen, "open-menu");
  });

  /** Where the ball in hand stands for the opening shot: the page's own default spot. */
  /**
   * Where a drag that aims may start: the point nearest the table's middle, with the whole drag on the
   * canvas, at least 40 px from every ball and from the spot the ball in hand waits on. A press there would
   * place that ball, and by the cue ball a finger pulls the power instead of turning the aim.
   */
  async function bareCloth(
    page: Page,
    positions: readonly Position[],
    drag: { dx: number; dy: number },
  ): Promise<{ px: number; py: number }> {
    const box = (await page.getByTestId("table-canvas").boundingBox())!;
    const spots = [...positions.map(([, x, y]) => ({ x, y })), await placedCue(page)];
    const balls = await Promise.all(spots.map((b) => canvasPoint(page, b.x, b.y)));
    const middle = { px: box.x + box.width / 2, py: box.y + box.height / 2 };
    const inside = (px: number, py: number) =>
      px > box.x + 20 && px < box.x + box.width - 20 && py > box.y + 20 && py < box.y + box.height - 20;
    const candidates = [];
    for (let dx = -box.width / 2; dx <= box.width / 2; dx += 10) {
      for (let dy = -box.height / 2; dy <= box.height / 2; dy += 10) {
        const px = middle.px + dx;
        const py = middle.py + dy;
        if (!inside(px, py) || !inside(px + drag.dx, py + drag.dy)) continue;
        if (balls.some((b) => Math.hypot(b.px - px, b.py - py) < 40)) continue;
        candidates.push({ px, py, off: Math.hypot(dx, dy) });
      }
    }
    const best = candidates.sort((a, b) => a.off - b.off)[0];
    if (!best) throw new Error("no bare cloth to drag on");
    return best;
  }

  async function placedCue(page: Page): Promise<{ x: number; y: number }> {
    const positions = JSON.parse(await ballPositions(page)) as Position[];
    const { defaultHouseSpot } = await import("@habibka/client/game/house");
    return defaultHouseSpot(positions.map(([id, x, y]) => ({ id, x, y })));
  }

  it("the first visit shows the controls in three steps, once", async () => {
    const context = await table.newContext(SCREENS[0]!.options, { firstVisit: true });
    const page = await context.newPage();
    await page.goto(table.url);
    await page.getByTestId("name-input").fill("Вера");
    await page.getByTestId("create-table").click();
    const tour = page.getByTestId("tour");
    for (const step of ["1", "2", "3"]) {
      await expect.poll(() => tour.getAttribute("data-step")).toBe(step);
      await expectOnScreen(page, "tour-next");
      await page.screenshot({ path: `${SCREENSHOT_DIR}/tour-${step}.png` });
      await page.getByTestId("tour-next").tap();
    }
    await expect.poll(() => tour.count()).toBe(0);
    await page.reload();
    await waitFor(
      "the table again",
      () => tableInfo(page),
      (i) => i?.seat === "0",
    );
    expect(await tour.count()).toBe(0);
  });
});
