import type { WebSocketTransport } from "@colyseus/ws-transport";
import { afterEach, describe, expect, it, vi } from "vitest";
import { startHeartbeat } from "../src/heartbeat.ts";

/** A socket as the heartbeat sees it; `answers` says whether it pongs (clearing its count, as the transport does). */
function socket(answers: boolean) {
  const s = {
    readyState: 1,
    pingCount: 0,
    pings: [] as number[],
    terminated: false,
    ping() {
      s.pings.push(Date.now());
      if (answers) s.pingCount = 0;
    },
    terminate() {
      s.terminated = true;
    },
  };
  return s;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("startHeartbeat – the liveness ping spread over its interval", () => {
  it("pings every socket once an interval, a slice at a time, and closes one that missed two pings", () => {
    vi.useFakeTimers();
    const alive = Array.from({ length: 1000 }, () => socket(true));
    const silent = socket(false);
    const clients = new Set([...alive, silent]);
    const transport = { wss: { clients } } as unknown as WebSocketTransport;
    const stop = startHeartbeat(transport, { intervalMs: 10_000, maxMissed: 2, sliceMs: 100 });

    // Each 100 ms slice pings about a hundredth of the sockets, never all at once.
    vi.advanceTimersByTime(100);
    const pinged = [...clients].filter((s) => s.pings.length > 0).length;
    expect(pinged).toBeGreaterThan(0);
    expect(pinged).toBeLessThanOrEqual(11);

    vi.advanceTimersByTime(9_900);
    expect(alive.every((s) => s.pings.length === 1)).toBe(true);
    expect(silent.pings).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(silent.pings).toHaveLength(2);
    expect(silent.terminated).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(silent.terminated).toBe(true);
    expect(alive.some((s) => s.terminated)).toBe(false);
    stop();
  });
});
