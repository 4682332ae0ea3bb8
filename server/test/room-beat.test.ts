import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RoomBeat } from "../src/rooms/room-beat.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("RoomBeat – one beat for every room of the process", () => {
  it("beats every room once an interval, a slice of them at a time, and no removed room", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.array(fc.nat(), { maxLength: 20 }), (count, removals) => {
        vi.useFakeTimers();
        const beats = new Map<number, number>();
        const rooms = Array.from({ length: count }, (_, i) => ({ beat: () => beats.set(i, (beats.get(i) ?? 0) + 1) }));
        const beat = new RoomBeat(250, () => undefined);
        for (const room of rooms) beat.add(room);
        const removed = new Set(removals.map((r) => r % count));
        for (const i of removed) beat.remove(rooms[i]!);
        // After removals the kept rooms keep their rhythm: once every 250 ms, the last beats counted.
        vi.advanceTimersByTime(250);
        beats.clear();
        vi.advanceTimersByTime(1_000);
        for (let i = 0; i < count; i++) expect(beats.get(i) ?? 0).toBe(removed.has(i) ? 0 : 4);
        // Never all at once: a slice of the rooms at each tick.
        beats.clear();
        vi.advanceTimersByTime(50);
        expect([...beats.values()].reduce((n, b) => n + b, 0)).toBeLessThanOrEqual(Math.ceil(count / 5));
        for (const room of rooms) beat.remove(room);
        vi.useRealTimers();
      }),
      { numRuns: 50 },
    );
  });

  it("goes on beating the other rooms when one throws, and tells of the failure", () => {
    vi.useFakeTimers();
    const failures: unknown[] = [];
    const beat = new RoomBeat(250, (error) => failures.push(error));
    let beaten = 0;
    beat.add({
      beat: () => {
        throw new Error("broken room");
      },
    });
    beat.add({ beat: () => void beaten++ });
    vi.advanceTimersByTime(1_000);
    expect(beaten).toBe(4);
    expect(failures).toHaveLength(4);
  });
});
