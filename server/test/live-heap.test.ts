import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { type LiveHeap, watchLiveHeap } from "../src/metrics/live-heap.ts";
import { eventually } from "./support/test-server.ts";

// A full collection on demand: V8 hands `gc` to a context made after the flag is set.
setFlagsFromString("--expose-gc");
const collectFully = runInNewContext("gc") as () => void;

/** One full collection, and the watch's reading once it has seen it. */
async function afterFullCollection(heap: LiveHeap): Promise<number> {
  const seen = heap.collections();
  collectFully();
  await eventually(() => heap.collections() > seen, "the full collection seen");
  const bytes = heap.bytes();
  if (bytes === null) throw new Error("no reading after a full collection");
  return bytes;
}

describe("the live heap: what the process keeps alive after a full collection", () => {
  let heap: LiveHeap;
  afterEach(() => heap.stop());

  it("says nothing before its first full collection", () => {
    heap = watchLiveHeap();
    expect(heap.bytes()).toBeNull();
    expect(heap.collections()).toBe(0);
  });

  it("rises by what is kept alive and falls back once it is let go", async () => {
    heap = watchLiveHeap();
    const empty = await afterFullCollection(heap);
    // About 40 MB held in the old generation: a million small objects, each alive across the collections.
    let kept: { index: number; label: string }[] | null = Array.from({ length: 1_000_000 }, (_, index) => ({
      index,
      label: `ball ${index}`,
    }));
    const holding = await afterFullCollection(heap);
    expect(kept.length).toBe(1_000_000);
    expect(holding - empty).toBeGreaterThan(20 * 2 ** 20);
    kept = null;
    const released = await afterFullCollection(heap);
    expect(holding - released).toBeGreaterThan(20 * 2 ** 20);
    expect(heap.collections()).toBeGreaterThanOrEqual(3);
  });

  it("counts no collection once stopped", async () => {
    heap = watchLiveHeap();
    await afterFullCollection(heap);
    const counted = heap.collections();
    heap.stop();
    // A second watch hears of the next collection in the same delivery the stopped one would have.
    const other = watchLiveHeap();
    try {
      await afterFullCollection(other);
    } finally {
      other.stop();
    }
    expect(heap.collections()).toBe(counted);
  });
});
