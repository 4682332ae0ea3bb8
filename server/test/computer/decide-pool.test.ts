import { decide, LEVELS, reducedLevel, type Situation } from "@habibka/shared/computer";
import { afterEach, describe, expect, it } from "vitest";
import { DecidePool } from "../../src/computer/decide-pool.ts";

const FAULTY = new URL("../support/faulty-decide-worker.ts", import.meta.url);

const SITUATION: Situation = {
  phase: "turn",
  player: 1,
  shotNumber: 9,
  table: [
    { id: 0, x: 0, y: 0 },
    { id: 4, x: 1.2, y: 0.4 },
    { id: 9, x: 1.5, y: 0.7 },
  ],
  inHand: null,
  shelves: [
    [1, 2, 3, 5, 6, 7, 8],
    [10, 11, 12, 13, 14, 15],
  ],
  debts: [0, 0],
  offer: null,
};
const QUICK = reducedLevel(LEVELS.novice, 1);

describe("the computer's worker pool", () => {
  let pool: DecidePool | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it("answers with the decision the shared computer gives, while the event loop goes on", async () => {
    pool = new DecidePool({ size: 2 });
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 5);
    const [a, b] = await Promise.all([pool.decide(SITUATION, "master", 3), pool.decide(SITUATION, QUICK, 4)]);
    clearInterval(ticker);
    // A master's decision takes a few hundred milliseconds of a core; the main thread kept ticking meanwhile.
    expect(ticks).toBeGreaterThan(2);
    expect(a).toMatchObject({ type: "shot", shotNumber: 9 });
    expect(b).toMatchObject({ type: "shot", shotNumber: 9 });
    if (a.type === "shot") expect(a.stroke.cue === 4 || a.stroke.cue === 9).toBe(true);
  });

  it("fails a decision whose worker dies, throws, or overruns, and keeps answering with a new worker", async () => {
    pool = new DecidePool({ workerUrl: FAULTY, timeoutMs: 2_000 });
    await expect(pool.decide(SITUATION, QUICK, 13)).rejects.toThrow(/exited with code 3/);
    await expect(pool.decide(SITUATION, QUICK, 15)).rejects.toThrow(/crashed: boom/);
    await expect(pool.decide(SITUATION, QUICK, 14)).rejects.toThrow(/no decision within 2000 ms/);
    await expect(pool.decide(SITUATION, QUICK, 1)).resolves.toMatchObject({ type: "shot" });
  });

  it("fails the decisions still waiting when it is closed, and refuses new ones", async () => {
    pool = new DecidePool({ workerUrl: FAULTY, timeoutMs: 5_000 });
    const hanging = expect(pool.decide(SITUATION, QUICK, 14)).rejects.toThrow(/exited/);
    const waiting = expect(pool.decide(SITUATION, QUICK, 1)).rejects.toThrow(/closed/);
    await pool.close();
    await hanging;
    await waiting;
    await expect(pool.decide(SITUATION, QUICK, 1)).rejects.toThrow(/closed/);
  });

  it("decides on the engine it was made for (the tables' PHYSICS_ENGINE)", async () => {
    pool = new DecidePool({ engine: "planck" });
    expect(await pool.decide(SITUATION, QUICK, 4)).toEqual(decide(SITUATION, QUICK, 4, "planck"));
  });
});
