import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RoomBeat } from "../src/rooms/room-beat.ts";

afterEach(() => {
  vi.useRealTimers();
});

const INTERVAL_MS = 50;

describe("RoomBeat – one beat for every room of the process, each room when it is due", () => {
  it("beats a new room at once, then each room once it is due and at most an interval late, and no removed room", () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: null }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        (dueIn, removals) => {
          vi.useFakeTimers({ now: 1_700_000_000_000 });
          const beaten = new Map<number, number[]>();
          const beat = new RoomBeat(INTERVAL_MS, () => undefined);
          const rooms = dueIn.map((_, i) => ({ beat: () => beaten.set(i, [...(beaten.get(i) ?? []), Date.now()]) }));
          for (const room of rooms) beat.add(room);
          vi.advanceTimersByTime(INTERVAL_MS);
          for (let i = 0; i < rooms.length; i++) expect(beaten.get(i)).toHaveLength(1);
          beaten.clear();

          const removed = new Set(removals.map((r) => r % rooms.length));
          for (const i of removed) beat.remove(rooms[i]!);
          const start = Date.now();
          dueIn.forEach((ms, i) => {
            if (ms !== null) beat.wake(rooms[i]!, start + ms);
          });
          vi.advanceTimersByTime(2_000 + 2 * INTERVAL_MS);
          dueIn.forEach((ms, i) => {
            const times = beaten.get(i) ?? [];
            if (ms === null || removed.has(i)) expect(times).toEqual([]);
            else {
              // Once, not before it is due, and by the next interval after.
              expect(times).toHaveLength(1);
              expect(times[0]! - (start + ms)).toBeGreaterThanOrEqual(0);
              expect(times[0]! - (start + ms)).toBeLessThanOrEqual(INTERVAL_MS);
            }
          });
          for (const room of rooms) beat.remove(room);
          vi.useRealTimers();
        },
      ),
      { numRuns: 50 },
    );
  });

  it("keeps the earliest of the times a room is woken for", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const beat = new RoomBeat(INTERVAL_MS, () => undefined);
    const times: number[] = [];
    const room = { beat: () => void times.push(Date.now()) };
    beat.add(room);
    vi.advanceTimersByTime(INTERVAL_MS);
    times.length = 0;
    const start = Date.now();
    beat.wake(room, start + 500);
    beat.wake(room, start + 5_000);
    beat.wake(room, start + 200);
    vi.advanceTimersByTime(10_000);
    expect(times).toEqual([start + 200]);
  });

  it("goes on beating the other rooms when one throws, tells of the failure, and looks at the thrower again", () => {
    vi.useFakeTimers();
    const failures: unknown[] = [];
    const beat = new RoomBeat(INTERVAL_MS, (error) => failures.push(error));
    const sound = { beaten: 0, beat: () => void sound.beaten++ };
    beat.add({
      beat: () => {
        throw new Error("broken room");
      },
    });
    beat.add(sound);
    vi.advanceTimersByTime(INTERVAL_MS);
    beat.wake(sound, 0);
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(sound.beaten).toBe(2);
    expect(failures).toHaveLength(2);
  });

  it("carries a moved room's due time with it when another is removed", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const beat = new RoomBeat(INTERVAL_MS, () => undefined);
    const times: number[] = [];
    const first = { beat: () => undefined };
    const last = { beat: () => void times.push(Date.now()) };
    beat.add(first);
    beat.add(last);
    vi.advanceTimersByTime(INTERVAL_MS);
    times.length = 0;
    const start = Date.now();
    beat.wake(last, start + 300);
    beat.remove(first);
    vi.advanceTimersByTime(1_000);
    expect(times).toEqual([start + 300]);
  });
});
