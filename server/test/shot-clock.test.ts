import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaveAll, seatedPair, type TableClient } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/**
 * The shot clock: running out is judged as a miss, a foul (clause 17 in docs/rules/clauses.en.md). The
 * server's clock second is shrunk to 10 ms (`clockScale`); the room's timers fire on its ticks (every 250 ms),
 * so a 30-second clock runs out within a few ticks. The countdown is otherwise the real one. Nothing here
 * asserts on wall-clock durations.
 */
describe("the shot clock", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 8, animationScale: 0.01, clockScale: 0.01 });
    ({ a, b } = await seatedPair(running.httpUrl, { opening: "draw", shotClock: 30 }));
  });
  afterAll(async () => {
    await leaveAll(a, b);
    await running.stop();
  });

  it("counts down from the setting and, run out, plays a miss foul for the player to move", async () => {
    expect(a.state.shotClock).toBe(30);
    await eventually(() => a.state.phase === "opening", "the opening after the draw");
    const opener = a.state.toMove as 0 | 1;
    const other = opener === 0 ? 1 : 0;
    const number = a.state.shotNumber;
    // Every value the clock showed at a, in order.
    const shown: number[] = [a.state.clockLeft];
    a.room.onStateChange(() => {
      if (shown.at(-1) !== a.state.clockLeft) shown.push(a.state.clockLeft);
    });

    await eventually(() => a.shots.length === 1 && b.shots.length === 1, "the clock's shot at both");
    const shot = a.shots[0]!;
    expect(shot).toMatchObject({ kind: "clock", number, seat: opener, duration: 0, request: { clock: "expired" } });
    expect(shot.verdict).toMatchObject({ foul: true, reasons: ["miss"] });
    expect(b.shots[0]).toEqual(shot);
    // The countdown went down, never up, before the clock ran out.
    // (It ends where the next player's clock starts afresh.)
    const restart = shown.findIndex((seconds, i) => i > 0 && seconds > shown[i - 1]!);
    const countdown = shown.slice(0, restart === -1 ? undefined : restart);
    expect(countdown.length).toBeGreaterThan(1);
    for (let i = 1; i < countdown.length; i++) expect(countdown[i]!).toBeLessThan(countdown[i - 1]!);

    // After the foul the other player may play or make the offender continue, on a fresh clock.
    await eventually(() => a.state.shotNumber === number + 1, "the next shot number");
    expect(a.state).toMatchObject({ phase: "play", toMove: other, offer: "foul" });
    await eventually(() => a.state.clockLeft > 0 && a.state.clockLeft <= 30, "the clock restarted");

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
    expect(b.state).toMatchObject({ finishReason: "resignation", winner: 1, clockLeft: 0 });
    expect(b.state.toMove).toBe(-1);
    expect(b.state.clockLeft).toBe(0);
  });
});
