import { decodeTrace, openingBreak, simulateForTable } from "@habibka/shared/physics";
import { afterAll, describe, expect, it } from "vitest";
import { createPhysicsPool, TurnSlices } from "../src/physics/physics-pool.ts";

/** The shots' physics in a worker thread gives, bit for bit, what the room's own thread would compute. */
describe("the physics pool", () => {
  const pool = createPhysicsPool({ threads: 1 });
  afterAll(async () => {
    await pool.close();
  });

  it.each(["exact", "planck"] as const)(
    "simulates a break on the %s engine exactly as the calling thread does, its trace encoded",
    async (engine) => {
      const input = openingBreak(8, 12, true);
      const inWorker = await pool.simulate(input, engine);
      expect(inWorker).toEqual(simulateForTable(input, engine));
      expect(inWorker.events.length).toBeGreaterThan(20);
      // The trace crossed the threads as bytes, and every ball the break moved has its path in them.
      expect(inWorker.trace).toBeInstanceOf(Uint8Array);
      expect(decodeTrace(inWorker.trace).length).toBeGreaterThan(10);
      expect(inWorker.duration).toBeGreaterThan(1);
    },
  );

  it("keeps several shots apart when they arrive at once", async () => {
    const shots = [3, 4, 5].map((seed) => openingBreak(6, seed, true));
    const results = await Promise.all(shots.map((shot) => pool.simulate(shot, "exact")));
    for (const [i, result] of results.entries()) expect(result).toEqual(simulateForTable(shots[i]!));
  });
});

describe("results handed back in slices", () => {
  it("hands many values back in the order they came, a few per turn of the event loop", async () => {
    const slices = new TurnSlices(8);
    const released: number[] = [];
    const turns: number[][] = [];
    let turn: number[] = [];
    // An immediate of the test's own, scheduled again each time, marks where each turn of the loop ended.
    let marking = true;
    const mark = () => {
      if (turn.length > 0) turns.push(turn);
      turn = [];
      if (marking) setImmediate(mark);
    };
    setImmediate(mark);
    const all = Array.from({ length: 50 }, (_, i) =>
      slices.later(i).then((value) => {
        released.push(value);
        turn.push(value);
      }),
    );
    await Promise.all(all);
    await new Promise((resolve) => setTimeout(resolve, 5));
    marking = false;
    if (turn.length > 0) turns.push(turn);
    expect(released).toEqual(Array.from({ length: 50 }, (_, i) => i));
    // Never more than a slice's worth in one go, so the 50 took several turns.
    expect(Math.max(...turns.map((t) => t.length))).toBeLessThanOrEqual(8);
    expect(turns.length).toBeGreaterThanOrEqual(7);
  });
});
