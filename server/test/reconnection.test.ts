import { describe, expect, it } from "vitest";
import { lagShot } from "./support/pottable-shot.ts";
import {
  cutConnection,
  joinTable,
  leaveAll,
  seatedPair,
  serverPerSuite,
  type TableClient,
  takeOverSeat,
} from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/** Every value `watcher` saw for a seat's `connected` flag, in order, from its patches. */
function connectedHistory(watcher: TableClient, seat: 0 | 1): boolean[] {
  const seen: boolean[] = [];
  const now = watcher.state.players.get(String(seat))?.connected;
  if (now !== undefined) seen.push(now);
  watcher.room.onStateChange(() => {
    const value = watcher.state.players.get(String(seat))?.connected;
    if (value !== undefined && seen.at(-1) !== value) seen.push(value);
  });
  return seen;
}

describe("reconnection and seat tokens", () => {
  const clients: TableClient[] = [];
  const running = serverPerSuite({ seed: () => 9, animationScale: 0.01 }, clients);

  it("keeps the seat through an abnormal close: the SDK reconnects by itself and `connected` toggles", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    const seen = connectedHistory(b, 0);
    expect(seen).toEqual([true]);
    // Slow the SDK's retry enough that the absence shows in a patch.
    a.room.reconnection.delay = 200;
    a.room.reconnection.minDelay = 200;
    const sessionId = a.room.sessionId;

    cutConnection(code, a);
    await eventually(() => a.drops.length === 1, "the SDK to see the drop");
    expect(a.drops[0]).toBe(1006);
    await eventually(() => a.reconnects.count === 1, "the SDK to reconnect");
    await eventually(() => seen.length === 3, "b to see the seat absent and back");
    expect(seen).toEqual([true, false, true]);

    // The same session keeps the seat: no new welcome, and it can play.
    expect(a.room.sessionId).toBe(sessionId);
    expect(a.welcomes).toHaveLength(1);
    expect(a.leaves).toEqual([]);
    expect(a.state.players.get("0")).toMatchObject({ name: "Anna", connected: true });
    a.send("lag", lagShot(0, 0.15));
    await eventually(() => b.state.lagSent[0] === true, "the reconnected player's lag");
    await leaveAll(a, b);
  });

  it("returns a player whose SDK gave up to the same seat by the seat token", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    const { seatToken, matchId } = a.welcome();
    expect(seatToken).toEqual(expect.any(String));
    expect(b.welcome().seatToken).not.toBe(seatToken);
    a.send("lag", lagShot(0, 0.15));
    await eventually(() => b.state.lagSent[0] === true, "seat 0's lag");

    // The old client is discarded: its SDK does not reconnect.
    cutConnection(code, a, { discard: true });
    await eventually(() => a.leaves.length === 1, "the discarded client to close");
    await eventually(() => b.state.players.get("0")?.connected === false, "the seat shown absent");
    expect(b.state.players.get("0")?.name).toBe("Anna");
    expect(b.state.phase).toBe("lag");

    const back = await joinTable(running.httpUrl, code, { name: "Anna", seatToken });
    clients.push(back);
    expect(back.welcome()).toEqual({ role: "player", seat: 0, seatToken, matchId, chat: [] });
    await eventually(() => b.state.players.get("0")?.connected === true, "the seat shown present");
    expect(back.state.lagSent[0]).toBe(true);
    expect(back.state.spectators.size).toBe(0);

    // The returned player's seat works: the lag completes with both.
    b.send("lag", lagShot(1, 0.4));
    await eventually(() => back.shots.length === 1 && b.shots.length === 1, "the lag at both");
    expect(back.shots[0]).toEqual(b.shots[0]);
    await eventually(() => back.state.phase === "opening", "the opening");

    // The token from another tab while this connection is still open: the old one is closed with 4001.
    const tab = await takeOverSeat(running.httpUrl, code, back);
    clients.push(tab);
    expect(back.leaves).toEqual([4001]);
    expect(tab.welcome()).toMatchObject({ role: "player", seat: 0, seatToken });
    await eventually(() => b.state.players.get("0")?.connected === true, "seat 0 still present");
    expect(b.state.spectators.size).toBe(0);
    await leaveAll(tab, b);
  });

  it("holds the seat of a player who left on purpose, for his token", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    const { seatToken } = a.welcome();
    await a.leave();
    // Colyseus closes a consented leave with its CONSENTED code, 4000, as docs/PROTOCOL.md says.
    expect(a.leaves).toEqual([4000]);
    await eventually(() => b.state.players.get("0")?.connected === false, "the seat shown absent");
    // Someone else arriving now only watches: the seat is held.
    const stranger = await joinTable(running.httpUrl, code, { name: "Stranger" });
    clients.push(stranger);
    expect(stranger.welcome()).toMatchObject({ role: "spectator", seat: null });
    const back = await joinTable(running.httpUrl, code, { name: "Anna", seatToken });
    clients.push(back);
    expect(back.welcome()).toMatchObject({ role: "player", seat: 0, seatToken });
    await eventually(() => b.state.players.get("0")?.connected === true, "the seat shown present");
    await leaveAll(back, b, stranger);
  });
});
