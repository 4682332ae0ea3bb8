import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readShotClock } from "../src/ui/use-shot-clock.ts";

/** The shot clock as the page counts it from the server's one telling (docs/PROTOCOL.md, `clockLeftMs`). */
describe("the shot clock's reading in the page", () => {
  it("reads the whole clock when told, rounded up as the server counts", () => {
    expect(readShotClock(60_000, 0).seconds).toBe(60);
    expect(readShotClock(60_000, 999).seconds).toBe(60);
    expect(readShotClock(60_000, 1_000).seconds).toBe(59);
    expect(readShotClock(47_300, 0)).toEqual({ seconds: 48, nextChangeMs: 300 });
    expect(readShotClock(60_000, 60_000).seconds).toBe(0);
  });

  it("never goes up, reaches 0 only when run out, and wakes exactly when its reading changes", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 5_000 }),
        (msLeft, elapsed, later) => {
          const now = readShotClock(msLeft, elapsed);
          expect(readShotClock(msLeft, elapsed + later).seconds).toBeLessThanOrEqual(now.seconds);
          expect(now.seconds === 0).toBe(elapsed >= msLeft);
          if (now.seconds === 0) return;
          expect(readShotClock(msLeft, elapsed + now.nextChangeMs - 1).seconds).toBe(now.seconds);
          expect(readShotClock(msLeft, elapsed + now.nextChangeMs).seconds).toBe(now.seconds - 1);
        },
      ),
    );
  });
});
