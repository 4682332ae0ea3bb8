import { Clock, type Delayed } from "@colyseus/core";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runOnDemand } from "../src/rooms/clock-on-demand.ts";

afterEach(() => {
  vi.useRealTimers();
});

/** A clock run on demand, ticked exactly when it says its next timer is due (as the rooms' beat does, late). */
function onDemandClock() {
  const clock = new Clock();
  let dueAt = Number.POSITIVE_INFINITY;
  runOnDemand(clock, (at) => {
    dueAt = Math.min(dueAt, at);
  });
  /** Moves the wall clock on by `ms`, ticking the clock at each moment it said it was due. */
  const pass = (ms: number) => {
    const until = Date.now() + ms;
    while (dueAt <= until) {
      vi.setSystemTime(Math.max(Date.now(), dueAt));
      dueAt = Number.POSITIVE_INFINITY;
      clock.tick();
    }
    vi.setSystemTime(until);
  };
  return { clock, pass, dueAt: () => dueAt };
}

type Step =
  | { readonly kind: "timeout" | "interval"; readonly ms: number }
  | { readonly kind: "clear"; readonly which: number }
  | { readonly kind: "pass"; readonly ms: number }
  | { readonly kind: "read" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom("timeout" as const, "interval" as const), ms: fc.integer({ min: 1, max: 5_000 }) }),
  fc.record({ kind: fc.constant("clear" as const), which: fc.nat() }),
  fc.record({ kind: fc.constant("pass" as const), ms: fc.integer({ min: 0, max: 20_000 }) }),
  fc.record({ kind: fc.constant("read" as const) }),
);

describe("runOnDemand – a room's clock ticked only when a timer is due", () => {
  it("runs every timer at the moment it is due, counted from when it was set, and never inside a reading", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        vi.useFakeTimers({ now: 1_700_000_000_000 });
        const { clock, pass } = onDemandClock();
        /** Each timer set, what it did, and when it should have fired until a moment (or until it was cleared). */
        const timers: {
          delayed: Delayed;
          firings: number[];
          expected: (until: number) => number[];
          clearedAt?: number;
        }[] = [];
        let reading = false;
        for (const s of steps) {
          if (s.kind === "timeout" || s.kind === "interval") {
            const setAt = Date.now();
            const firings: number[] = [];
            const fired = () => {
              expect(reading).toBe(false);
              firings.push(Date.now());
            };
            const delayed = s.kind === "timeout" ? clock.setTimeout(fired, s.ms) : clock.setInterval(fired, s.ms);
            const expected = (until: number) => {
              const times: number[] = [];
              for (let at = setAt + s.ms; at <= until; at += s.ms) {
                times.push(at);
                if (s.kind === "timeout") break;
              }
              return times;
            };
            timers.push({ delayed, firings, expected });
          } else if (s.kind === "clear" && timers.length > 0) {
            const timer = timers[s.which % timers.length]!;
            if (timer.delayed.active) {
              timer.delayed.clear();
              timer.clearedAt = Date.now();
            }
          } else if (s.kind === "pass") {
            pass(s.ms);
          } else if (s.kind === "read") {
            reading = true;
            expect(clock.currentTime).toBe(Date.now());
            reading = false;
          }
        }
        for (const timer of timers) expect(timer.firings).toEqual(timer.expected(timer.clearedAt ?? Date.now()));
      }),
      { numRuns: 200 },
    );
  });

  it("counts a timer set on a clock nobody read for minutes from when it is set, not from its last reading", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const { clock, pass, dueAt } = onDemandClock();
    vi.setSystemTime(Date.now() + 5 * 60_000);
    let fired = 0;
    clock.setTimeout(() => fired++, 60_000);
    expect(dueAt()).toBe(Date.now() + 60_000);
    pass(59_999);
    expect(fired).toBe(0);
    pass(1);
    expect(fired).toBe(1);
  });

  it("reads as the time now, though never ticked, and tells no due time while no timer runs", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const { clock, dueAt } = onDemandClock();
    vi.setSystemTime(Date.now() + 12_345);
    expect(clock.currentTime).toBe(Date.now());
    expect(dueAt()).toBe(Number.POSITIVE_INFINITY);
  });

  it("credits a paused timer nothing, and nothing while the wall clock is set back", () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const { clock, pass } = onDemandClock();
    let fired = 0;
    const paused = clock.setTimeout(() => fired++, 1_000);
    paused.pause();
    pass(10_000);
    expect(clock.currentTime).toBe(Date.now());
    expect(paused.elapsedTime).toBe(0);
    paused.resume();
    vi.setSystemTime(Date.now() - 60_000);
    expect(clock.currentTime).toBe(Date.now() + 60_000);
    vi.setSystemTime(Date.now() + 60_999);
    clock.tick();
    expect(fired).toBe(0);
    vi.setSystemTime(Date.now() + 1);
    clock.tick();
    expect(fired).toBe(1);
  });
});
