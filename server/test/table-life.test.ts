import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { matchMaker } from "@colyseus/core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../src/rate-limits.ts";
import { MatchRecords } from "../src/records/match-records.ts";
import { openingShot } from "./support/opening-shot.ts";
import {
  createTable,
  cutConnection,
  handledSoFar,
  joinTable,
  leaveAll,
  seatedPair,
  serverPerSuite,
  serverState,
  type TableClient,
  takeOverSeat,
} from "./support/table-client.ts";
import {
  eventually,
  type RunningServer,
  startTestServer,
  TEST_RATE_LIMITS,
  UNLIMITED_MESSAGES,
} from "./support/test-server.ts";

/**
 * A table's life around the shots: rates that hold across reconnections, the chat it remembers, the
 * decisions it announces, the absent player's countdown, the `seen` that ends the wait for an animation, and
 * what becomes of records when a table goes away.
 */

async function recordOf(url: string, matchId: string) {
  return (await (await fetch(`${url}/api/matches/${matchId}`)).json()) as {
    result: { winner: number | null; reason: string } | null;
  };
}

describe("rates that a new connection does not reset", () => {
  let running: RunningServer;
  const clients: TableClient[] = [];

  // A server each: the address allowances count every line of the test before.
  beforeEach(async () => {
    running = await startTestServer({ seed: () => 1, rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterEach(async () => {
    await leaveAll(...clients.splice(0));
    await running.stop();
  });

  it("counts a player's chat by his seat: taking the seat over on a new connection keeps the count", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    for (let i = 0; i < 6; i++) a.send("chat", { text: `line ${i}` });
    expect(await a.nextError(0)).toMatchObject({ type: "chat", code: "rate-limited" });
    await eventually(() => b.chats.length === 5, "the five lines of the burst");
    const fresh = await takeOverSeat(running.httpUrl, code, a);
    clients.push(fresh);
    fresh.send("chat", { text: "again" });
    expect(await fresh.nextError(0)).toMatchObject({ type: "chat", code: "rate-limited" });
    expect(b.chats).toHaveLength(5);
  });

  it("counts watchers by their address, and an address's chat over every table it is at", async () => {
    const tables = [
      await seatedPair(running.httpUrl),
      await seatedPair(running.httpUrl),
      await seatedPair(running.httpUrl),
    ];
    clients.push(...tables.flatMap((t) => [t.a, t.b]));
    // A watcher who rejoins is the same address: the second connection does not get a new burst.
    const first = await joinTable(running.httpUrl, tables[0]!.code, { name: "Watcher", watch: true });
    for (let i = 0; i < 5; i++) first.send("chat", { text: `w${i}` });
    await eventually(() => tables[0]!.a.chats.length === 5, "the watcher's burst");
    await first.leave();
    const second = await joinTable(running.httpUrl, tables[0]!.code, { name: "Watcher", watch: true });
    clients.push(second);
    second.send("chat", { text: "more" });
    expect(await second.nextError(0)).toMatchObject({ code: "rate-limited" });

    // Seats at three tables, all from one address: 12 lines in 10 s across them, however they are spread.
    let accepted = 0;
    let limited = 0;
    for (const table of tables.slice(1)) {
      for (const player of [table.a, table.b]) {
        for (let i = 0; i < 4; i++) player.send("chat", { text: `x${i}` });
      }
    }
    await eventually(() => {
      accepted = tables.slice(1).reduce((n, t) => n + t.a.chats.length, 0);
      limited = tables.slice(1).reduce((n, t) => n + t.a.errors.length + t.b.errors.length, 0);
      return accepted + limited === 16;
    }, "every line answered");
    // The address had spent 5 of its allowance at the first table (the refused line cost nothing).
    expect(accepted).toBe(DEFAULT_RATE_LIMITS.address.chat.points - 5);
    expect(limited).toBe(16 - accepted);
  });
});

describe("a table's chat, decisions and absences", () => {
  let running: RunningServer;
  const clients: TableClient[] = [];

  beforeAll(async () => {
    running = await startTestServer({
      seed: () => 8,
      animationScale: 0.01,
      clockScale: 0.01,
      rateLimits: { ...TEST_RATE_LIMITS, message: UNLIMITED_MESSAGES },
    });
  });
  afterAll(async () => {
    await leaveAll(...clients);
    await running.stop();
  });

  it("sends a joiner and a returning player the last 50 chat lines, oldest first", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    for (let i = 0; i < 55; i++) (i % 2 ? a : b).send("chat", { text: `line ${i}` });
    await eventually(() => a.chats.length === 55, "every line");
    const watcher = await joinTable(running.httpUrl, code, { name: "Late", watch: true });
    clients.push(watcher);
    // The order the table heard them in (two senders' lines interleave on the way).
    expect(watcher.welcome().chat).toEqual(a.chats.slice(5));
    const back = await takeOverSeat(running.httpUrl, code, a);
    clients.push(back);
    expect(back.welcome().chat).toHaveLength(50);
    expect(back.welcome().chat).toEqual(a.chats.slice(5));
  });

  it("announces a passed offer and a resignation to everyone as an action", async () => {
    // The shot clock's expiry is a miss foul: the other player is offered the shot (clause 16).
    const { a, b } = await seatedPair(running.httpUrl, { opening: "draw", shotClock: 30 });
    clients.push(a, b);
    await eventually(() => a.state.offer === "foul", "the foul offer after the clock ran out", 10_000);
    const answerer = a.state.toMove === 0 ? a : b;
    const seat = a.state.toMove as 0 | 1;
    const number = a.state.shotNumber;
    answerer.send("answer", { shotNumber: number, accept: false });
    await eventually(() => a.actions.length === 1 && b.actions.length === 1, "the pass announced");
    expect(a.actions[0]).toEqual({ kind: "pass", seat, shotNumber: number, offer: "foul" });
    await eventually(() => a.state.offer === "foul" && a.state.shotNumber > number, "the next expiry's offer", 10_000);
    const taker = a.state.toMove === 0 ? a : b;
    const takerSeat = a.state.toMove as 0 | 1;
    taker.send("answer", { shotNumber: a.state.shotNumber, accept: true });
    await eventually(() => b.actions.length === 2, "the take announced");
    expect(b.actions[1]).toMatchObject({ kind: "take", seat: takerSeat, offer: "foul" });
    a.send("resign", {});
    await eventually(() => b.actions.length === 3, "the resignation announced");
    expect(b.actions[2]).toMatchObject({ kind: "resign", seat: 0 });
  });

  it("shows an absent player's seat hold counting down, and announces the loss by absence", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl, { seatHoldSeconds: 10 });
    clients.push(a, b);
    expect(b.state.players.get("0")?.holdLeft).toBe(0);
    const seen: number[] = [b.state.players.get("0")!.holdLeft];
    b.room.onStateChange(() => {
      const left = b.state.players.get("0")?.holdLeft;
      if (left !== undefined && seen.at(-1) !== left) seen.push(left);
    });
    cutConnection(code, a, { discard: true });
    await eventually(() => b.actions.length === 1, "the loss by absence", 15_000);
    expect(b.actions[0]).toMatchObject({ kind: "absence", seat: 0 });
    await eventually(() => b.state.phase === "finished", "the finish in the state");
    expect(b.state).toMatchObject({ finishReason: "absence", winner: 1 });
    expect(seen[0]).toBe(0);
    expect(seen[1]).toBe(10);
    const countdown = seen.slice(1, seen.lastIndexOf(0));
    expect(countdown.length).toBeGreaterThan(3);
    for (let i = 1; i < countdown.length; i++) expect(countdown[i]!).toBe(countdown[i - 1]! - 1);
  }, 20_000);

  it("refuses a resignation before anyone has joined: the next joiner gets a real match", async () => {
    const lone = await createTable(running.httpUrl, { name: "Lone", visibility: "private" });
    clients.push(lone);
    lone.send("resign", {});
    expect(await lone.nextError(0)).toMatchObject({ type: "resign", code: "wrong-phase" });
    const joiner = await joinTable(running.httpUrl, lone.room.roomId, { name: "Joiner" });
    clients.push(joiner);
    await eventually(() => joiner.state.phase === "lag", "the match begun");
    expect(joiner.state.winner).toBe(-1);
    expect((await recordOf(running.httpUrl, joiner.state.matchId)).result).toBeNull();
  });

  it("withdraws a rematch request when its player leaves", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl, { seatHoldSeconds: 10 });
    clients.push(a, b);
    b.send("resign", {});
    await eventually(() => a.state.phase === "finished", "the resignation");
    a.send("rematch", {});
    await eventually(() => b.state.rematch[0] === true, "the request shown");
    await a.leave();
    await eventually(() => b.state.rematch[0] === false, "the request withdrawn");
    b.send("rematch", {});
    await eventually(() => b.state.rematch[1] === true, "the other's request");
    // Someone else taking the freed seat later is never put into a match he did not ask for.
    const matchId = b.state.matchId;
    const returning = await joinTable(running.httpUrl, code, { name: "Anna", seatToken: a.welcome().seatToken });
    clients.push(returning);
    // Whatever the join set going has been done before the table gets to the line sent after it.
    await handledSoFar(returning);
    expect(serverState(code)).toMatchObject({ phase: "finished", matchId });
    expect(returning.state.phase).toBe("finished");
    expect(returning.state.matchId).toBe(matchId);
  });
});

describe("seen: the player to move has watched the shot", () => {
  const clients: TableClient[] = [];
  const running = serverPerSuite({ seed: () => 31, animationScale: 1 }, clients);

  it("ends the wait for the animation when the player to move says so, and for nobody else", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl, { opening: "draw" });
    clients.push(a, b);
    await eventually(() => a.state.phase === "opening", "the opening phase");
    const { mover: opener, message } = openingShot({ a, b });
    opener.send("shot", message);
    await eventually(() => a.shots.length === 1 && a.state.animating, "the opening shot, animating");
    expect(a.shots[0]!.duration).toBeGreaterThan(2);
    const mover = a.state.toMove === 0 ? a : b;
    const waiting = mover === a ? b : a;
    const watcher = await joinTable(running.httpUrl, code, { name: "Watcher", watch: true });
    clients.push(watcher);

    watcher.send("seen", { shotNumber: a.state.shotNumber });
    expect(await watcher.nextError(0)).toMatchObject({ type: "seen", code: "not-seated" });
    waiting.send("seen", { shotNumber: a.state.shotNumber });
    mover.send("seen", { shotNumber: a.state.shotNumber - 1 });
    // Both `seen` were handled, and still the shot animates.
    await Promise.all([handledSoFar(waiting), handledSoFar(mover)]);
    expect(serverState(code).animating).toBe(true);
    expect(a.state.animating).toBe(true);

    const startedAt = Date.now();
    mover.send("seen", { shotNumber: a.state.shotNumber });
    await eventually(() => !a.state.animating && !b.state.animating, "the wait ended");
    // Well before the animation itself would have ended on the server.
    expect(Date.now() - startedAt).toBeLessThan(a.shots[0]!.duration * 1000 - 1000);
    expect(waiting.errors).toEqual([]);
    expect(mover.errors).toEqual([]);
  });
});

describe("records of tables that went away", () => {
  it("closes the record of a table that closed before its match began; nothing is left to restore", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-closed-")), "records.sqlite");
    const running = await startTestServer({ seed: () => 2, databasePath });
    const lone = await createTable(running.httpUrl, { name: "Lone", visibility: "private", seatHoldSeconds: 10 });
    const matchId = lone.state.matchId;
    await lone.leave();
    const records = await MatchRecords.open({ path: databasePath });
    await eventually(
      () => matchMaker.getLocalRoomById(lone.room.roomId) === undefined,
      "the empty table closed",
      15_000,
    );
    await eventually(
      async () => (await records.unheld(Date.now(), { all: true, limit: 10 })).length === 0,
      "the record closed",
    );
    expect((await records.getMatch(matchId))?.result).toMatchObject({ winner: null, reason: "closed" });
    await records.close();
    await running.stop();
  }, 20_000);
});
