import { afterEach, describe, expect, it, vi } from "vitest";
import { startHeartbeat } from "../src/transport/heartbeat.ts";
import type { SocketServer } from "../src/transport/socket-server.ts";

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
    const server = { clients, on: () => undefined } as unknown as SocketServer;
    const stop = startHeartbeat(server, { intervalMs: 10_000, maxMissed: 2, sliceMs: 100 });

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

  it("does not ping a socket that sent a frame since its last round, and still closes one that went quiet", () => {
    vi.useFakeTimers();
    const talker = socket(false);
    const quiet = socket(false);
    // The transport's sockets, each with its `message` listeners: the heartbeat adds one as each connects.
    const listeners = new Map<object, () => void>();
    const sockets = [talker, quiet].map((s) =>
      Object.assign(s, {
        on: (_event: "message", listener: (this: object) => void) => listeners.set(s, () => listener.call(s)),
      }),
    );
    const server = {
      clients: new Set(sockets),
      on: (_event: "connection", connected: (s: object) => void) => sockets.forEach(connected),
    } as unknown as SocketServer;
    const stop = startHeartbeat(server, { intervalMs: 10_000, maxMissed: 2, sliceMs: 100 });
    // The talker says something every round, as a player does after each shot: never pinged, never closed.
    for (let round = 0; round < 4; round++) {
      listeners.get(talker)?.();
      vi.advanceTimersByTime(10_000);
    }
    expect(talker.pings).toHaveLength(0);
    expect(talker.terminated).toBe(false);
    expect(quiet.terminated).toBe(true);
    // Gone quiet, it is pinged again, and closed when it does not answer.
    vi.advanceTimersByTime(30_000);
    expect(talker.pings.length).toBeGreaterThan(0);
    expect(talker.terminated).toBe(true);
    stop();
  });
});
