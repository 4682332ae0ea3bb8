import { request } from "node:http";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../src/rate-limits.ts";
import { lagShot } from "./support/pottable-shot.ts";
import {
  cutConnection,
  joinTable,
  seatedPair,
  serverPerSuite,
  serverRoom,
  type TableClient,
} from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/**
 * A seat is always its holder's: neither strangers' seat reservations (matchmaking calls whose WebSocket
 * never comes), nor spectators, nor the holder's own dead sessions can use up the place he returns to.
 */

/** Seat reservations Colyseus holds for the room (joins not yet connected, dropped sessions' places). */
function reservations(code: string): number {
  return Object.keys((serverRoom(code) as unknown as { _reservedSeats: object })._reservedSeats).length;
}

/** A joinById over HTTP from a chosen loopback address, never followed by a WebSocket. */
function reserve(url: string, code: string, from: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(new URL(`/matchmake/joinById/${code}`, url), {
      method: "POST",
      localAddress: from,
      headers: { "Content-Type": "application/json" },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", () => resolve(0));
    req.end(JSON.stringify({ name: "Squatter" }));
  });
}

describe("seat lock-out", () => {
  const clients: TableClient[] = [];
  const running = serverPerSuite({ seed: () => 3, animationScale: 0.01, rateLimits: DEFAULT_RATE_LIMITS }, clients);

  it("seats the holder who returns with his token during a flood of strangers' reservations", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl, { seatHoldSeconds: 30, spectatorCap: 2 });
    clients.push(a, b);
    const { seatToken } = a.welcome();
    cutConnection(code, a, { discard: true });
    await eventually(() => b.state.players.get("0")?.connected === false, "the seat shown absent");

    // Ten addresses reserve as fast as their limits allow: 250 requests in all, bounded.
    const addresses = Array.from({ length: 10 }, (_, i) => `127.0.0.${40 + i}`);
    const flood = Promise.all(
      addresses.map(async (from) => {
        const statuses: number[] = [];
        for (let i = 0; i < 25; i++) statuses.push(await reserve(running.httpUrl, code, from));
        return statuses;
      }),
    );
    await eventually(() => reservations(code) >= 20, "the strangers' reservations");
    const back = await joinTable(running.httpUrl, code, { name: "Anna", seatToken });
    clients.push(back);
    expect(back.welcome()).toMatchObject({ role: "player", seat: 0 });
    const statuses = (await flood).flat();
    // Each address got its allowance and then 429s; none of it touched the seat.
    expect(statuses.filter((s) => s === 200)).toHaveLength(
      addresses.length * DEFAULT_RATE_LIMITS.address.matchmaking.points,
    );
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    await eventually(() => b.state.players.get("0")?.connected === true, "the holder shown present");
    expect(serverRoom(code).locked).toBe(false);

    // Reservations that never connect are given up within seconds.
    await eventually(() => reservations(code) === 0, "the unused reservations to expire", 25_000);
    back.send("lag", lagShot(0, 0.15));
    await eventually(() => b.state.lagSent[0] === true, "the returned holder plays");
  }, 50_000);

  it("returns the holder three times in a row on a table without spectator places", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl, { spectatorCap: 0 });
    clients.push(a, b);
    const { seatToken } = a.welcome();
    let current = a;
    for (let round = 0; round < 3; round++) {
      cutConnection(code, current, { discard: true });
      await eventually(() => b.state.players.get("0")?.connected === false, `absent, round ${round}`);
      const back = await joinTable(running.httpUrl, code, { name: "Anna", seatToken });
      clients.push(back);
      expect(back.welcome()).toMatchObject({ role: "player", seat: 0 });
      await eventually(() => b.state.players.get("0")?.connected === true, `present, round ${round}`);
      // The returning holder replaced his dropped session: its reconnection place is gone.
      await eventually(() => reservations(code) === 0, `the old session's place released, round ${round}`);
      current = back;
    }
    // A stranger still cannot sit or watch: the table has no spectator places.
    await expect(joinTable(running.httpUrl, code, { name: "Stranger" })).rejects.toThrow(/spectators are full/);
  });

  it("keeps a dropped spectator's place only briefly", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl, { spectatorCap: 1 });
    clients.push(a, b);
    const watcher = await joinTable(running.httpUrl, code, { name: "Watcher", watch: true });
    await eventually(() => b.state.spectators.size === 1, "the watcher listed");
    cutConnection(code, watcher, { discard: true });
    await eventually(() => watcher.leaves.length > 0, "the watcher gone");
    // Within seconds the place is free for someone else.
    await eventually(() => b.state.spectators.size === 0, "the dropped watcher's place freed", 8_000);
    const next = await joinTable(running.httpUrl, code, { name: "Next", watch: true });
    clients.push(next);
    expect(next.welcome()).toMatchObject({ role: "spectator" });
  });
});
