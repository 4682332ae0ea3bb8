import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinTable, leaveAll, seatedPair, synced, type TableClient } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/**
 * The shot clock: running out is judged as a miss, a foul (clause 17 in docs/rules/clauses.en.md). The
 * server's clock second is shrunk to 10 ms (`clockScale`); the room's timers fire on its ticks (every 250 ms),
 * so a 30-second clock runs out within a few ticks. Nothing here asserts on wall-clock durations.
 */
const CLOCK_SCALE = 0.01;

describe("the shot clock", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 8, animationScale: 0.01, clockScale: CLOCK_SCALE });
    ({ a, b } = await seatedPair(running.httpUrl, { opening: "draw", shotClock: 30 }));
  });
  afterAll(async () => {
    await leaveAll(a, b);
    await running.stop();
  });

  it("starts from the setting and, run out, plays a miss foul for the player to move", async () => {
    expect(a.state.shotClock).toBe(30);
    await eventually(() => a.state.phase === "opening", "the opening after the draw");
    const opener = a.state.toMove as 0 | 1;
    const other = opener === 0 ? 1 : 0;
    const number = a.state.shotNumber;
    // The clock as a hears it: set to the whole 30 s (shrunk) when the turn starts.
    await eventually(() => a.state.clockLeftMs > 0, "the opening's clock");
    expect(a.state.clockLeftMs).toBeLessThanOrEqual(30 * 1000 * CLOCK_SCALE);

    await eventually(() => a.shots.length === 1 && b.shots.length === 1, "the clock's shot at both");
    const shot = a.shots[0]!;
    expect(shot).toMatchObject({ kind: "clock", number, seat: opener, duration: 0, request: { clock: "expired" } });
    expect(shot.verdict).toMatchObject({ foul: true, reasons: ["miss"] });
    expect(b.shots[0]).toEqual(shot);
    // After the foul the other player may play or make the offender continue, on a fresh clock.
    await eventually(() => a.state.shotNumber === number + 1, "the next shot number");
    expect(a.state).toMatchObject({ phase: "play", toMove: other, offer: "foul" });
    await eventually(() => a.state.clockLeftMs > 0, "the clock restarted");
    expect(a.state.clockLeftMs).toBeLessThanOrEqual(30 * 1000 * CLOCK_SCALE);

    // The answer does not stop the clock: running out while answering is the answerer's miss.
    await eventually(() => a.shots.length === 2, "the second expiry");
    expect(a.shots[1]).toMatchObject({ kind: "clock", number: number + 1, seat: other });
    expect(a.shots[1]!.verdict).toMatchObject({ foul: true, reasons: ["miss"] });

    const record = (await (await fetch(`${running.httpUrl}/api/matches/${a.state.matchId}`)).json()) as {
      shots: { number: number; kind: string; seat: number }[];
    };
    expect(record.shots.slice(0, 2)).toMatchObject([
      { number, kind: "clock", seat: opener },
      { number: number + 1, kind: "clock", seat: other },
    ]);
  });

  it("stops with the match: no clock after a resignation", async () => {
    a.send("resign", {});
    await eventually(() => b.state.phase === "finished", "the resignation");
    expect(b.state).toMatchObject({ finishReason: "resignation", winner: 1, clockLeftMs: 0 });
    expect(b.state.toMove).toBe(-1);
    expect(b.state.clockLeftMs).toBe(0);
  });
});

/**
 * What the clock costs the server: it is told when it starts and stops and when someone joins, never each
 * second, and the pages count down between (client/src/ui/use-shot-clock.ts). Real seconds here.
 */
describe("the shot clock's telling", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;
  let watcher: TableClient | undefined;
  let code: string;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 8, animationScale: 0.01 });
    ({ a, b, code } = await seatedPair(running.httpUrl, { opening: "draw", shotClock: 90 }));
  });
  afterAll(async () => {
    await leaveAll(a, b, watcher);
    await running.stop();
  });

  it("is set once a turn, and told afresh, as of then, to a joiner and everyone", async () => {
    await eventually(() => a.state.phase === "opening" && a.state.clockLeftMs > 0, "the opening's clock");
    expect(a.state.clockLeftMs).toBeLessThanOrEqual(90_000);
    // Every setting so far has reached a (the second player's joining told the clock again).
    await synced(a, code);
    const setting = a.state.clockSetting;
    let settings = 0;
    a.room.onStateChange(() => {
      if (a.state.clockSetting !== setting) settings++;
    });
    // Over two and a half seconds of thinking: nothing about the clock crosses the wire.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(settings).toBe(0);
    expect(a.state.clockSetting).toBe(setting);

    watcher = await joinTable(running.httpUrl, a.room.roomId, { name: "Vera", watch: true });
    const told = watcher.state.clockLeftMs;
    expect(told).toBeGreaterThan(0);
    expect(told).toBeLessThan(90_000);
    await eventually(() => a.state.clockSetting !== setting, "the retold clock at a player's too");
    expect(a.state.clockLeftMs).toBe(told);
    expect(a.state.clockSetting).toBe(watcher.state.clockSetting);
  }, 20_000);
});
