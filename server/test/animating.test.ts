import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openingShot } from "./support/opening-shot.ts";
import { gameState, joinTable, leaveAll, seatedPair, type TableClient } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/** With real-time animation (scale 1) a shot keeps the table busy for its whole duration. */
describe("a shot still animating", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;
  let late: TableClient | undefined;
  let code: string;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 31, animationScale: 1 });
    ({ a, b, code } = await seatedPair(running.httpUrl, { opening: "draw" }));
  });
  afterAll(async () => {
    await leaveAll(a, b, late);
    await running.stop();
  });

  it("refuses the next shot and an answer with `animating`, and replays the running shot to a late joiner", async () => {
    // The draw decided the opener at once (a fixed seed makes it the same seat every run).
    await eventually(() => a.state.phase === "opening", "the opening phase");
    const { seat, mover: opener, other: next, message } = openingShot({ a, b });
    const number = message.shotNumber;
    const startedAt = Date.now();
    opener.send("shot", message);
    await eventually(() => next.shots.length === 1 && next.state.animating, "the opening shot, animating");
    const shot = next.shots[0]!;
    expect(shot).toMatchObject({ number, seat, kind: "shot", elapsed: 0 });
    expect(shot.duration).toBeGreaterThan(2);

    const before = JSON.stringify(gameState(code));
    const n = next.state.shotNumber;
    expect(n).toBe(number + 1);
    const errors = next.errors.length;
    next.send("shot", { shotNumber: n, stroke: { cue: 3, angle: 180, speed: 2 }, call: [] });
    next.send("answer", { shotNumber: n, accept: true });
    await eventually(() => next.errors.length === errors + 2, "two refusals");
    expect(next.errors.slice(errors)).toMatchObject([
      { type: "shot", code: "animating" },
      { type: "answer", code: "animating" },
    ]);
    expect(JSON.stringify(gameState(code))).toBe(before);

    // A spectator arriving mid-shot gets the same shot, with how far into it the table already is.
    late = await joinTable(running.httpUrl, code, { name: "Late" });
    await eventually(() => late!.shots.length === 1, "the running shot at the late joiner");
    const replay = late.shots[0]!;
    expect({ ...replay, elapsed: 0 }).toEqual(shot);
    expect(replay.elapsed).toBeGreaterThan(0);
    expect(replay.elapsed).toBeLessThanOrEqual(Date.now() - startedAt);
    expect(late.state.animating).toBe(true);
    // All of this happened while the shot was still playing.
    expect(Date.now() - startedAt).toBeLessThan(shot.duration * 1000);
  });
});
