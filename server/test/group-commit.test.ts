import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type BatchWriter, GroupCommit } from "../src/records/group-commit.ts";

/** A writer that records its batches, refuses the items named, and fails a whole batch holding a poisoned one. */
function recordingWriter(options: { refused?: Set<number>; poisoned?: Set<number>; gate?: Promise<void> } = {}) {
  const batches: number[][] = [];
  const committed: number[] = [];
  const write: BatchWriter<number> = async (items) => {
    batches.push([...items]);
    await options.gate;
    await new Promise((resolve) => setImmediate(resolve));
    if (items.some((i) => options.poisoned?.has(i))) throw new Error("the transaction failed");
    const outcomes = items.map((i) => (options.refused?.has(i) ? new Error(`refused ${i}`) : null));
    committed.push(...items.filter((_, k) => outcomes[k] === null));
    return outcomes;
  };
  return { write, batches, committed };
}

describe("GroupCommit", () => {
  it("writes what arrives during a transaction together in the next one, resolving each once committed", async () => {
    let open!: () => void;
    const writer = recordingWriter({ gate: new Promise((resolve) => (open = resolve)) });
    const commits = new GroupCommit(writer.write, 100);
    const done: number[] = [];
    const all = [1, 2, 3, 4, 5].map((i) => commits.submit(i).then(() => done.push(i)));
    // The first went alone; the others queued behind it while it was being written.
    expect(writer.batches).toEqual([[1]]);
    expect(done).toEqual([]);
    open();
    await Promise.all(all);
    expect(writer.batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(done).toEqual([1, 2, 3, 4, 5]);
  });

  it("never puts more than the bound in one transaction", async () => {
    let open!: () => void;
    const writer = recordingWriter({ gate: new Promise((resolve) => (open = resolve)) });
    const commits = new GroupCommit(writer.write, 3);
    const all = Array.from({ length: 8 }, (_, i) => commits.submit(i));
    open();
    await Promise.all(all);
    expect(writer.batches).toEqual([[0], [1, 2, 3], [4, 5, 6], [7]]);
  });

  it("settles once everything submitted so far is written", async () => {
    const writer = recordingWriter();
    const commits = new GroupCommit(writer.write, 10);
    void commits.submit(1);
    void commits.submit(2);
    await commits.settled();
    expect(writer.committed).toEqual([1, 2]);
    await commits.settled();
  });

  it("tells each caller exactly what happened to its own item, whatever else its transaction held", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom("ok", "refused", "poisoned"), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 8 }),
        async (kinds, maxBatch) => {
          const refused = new Set(kinds.flatMap((k, i) => (k === "refused" ? [i] : [])));
          const poisoned = new Set(kinds.flatMap((k, i) => (k === "poisoned" ? [i] : [])));
          const writer = recordingWriter({ refused, poisoned });
          const commits = new GroupCommit(writer.write, maxBatch);
          const outcomes = await Promise.allSettled(kinds.map((_, i) => commits.submit(i)));
          for (const [i, outcome] of outcomes.entries()) {
            expect(outcome.status).toBe(kinds[i] === "ok" ? "fulfilled" : "rejected");
          }
          // Every good item is written exactly once, in the order submitted.
          expect(writer.committed).toEqual(kinds.flatMap((k, i) => (k === "ok" ? [i] : [])));
          for (const batch of writer.batches) expect(batch.length).toBeLessThanOrEqual(maxBatch);
        },
      ),
      { seed: 13, numRuns: 200 },
    );
  });
});
