import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LobbyWatcher, watchLobby } from "./support/lobby-client.ts";
import { createTable, cutConnection, joinTable, leaveAll, type TableClient } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

describe("the lobby and table codes", () => {
  let running: RunningServer;
  let lobby: LobbyWatcher;
  const clients: TableClient[] = [];

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 5, animationScale: 0.01 });
    lobby = await watchLobby(running.httpUrl);
  });
  afterAll(async () => {
    await leaveAll(...clients);
    await lobby.leave();
    await running.stop();
  });

  it("never lists a private table, which is joinable by its six-digit code", async () => {
    const host = await createTable(running.httpUrl, { name: "Hidden", visibility: "private" });
    clients.push(host);
    const code = host.room.roomId;
    expect(code).toMatch(/^[0-9]{6}$/);
    expect(host.state.code).toBe(code);
    expect(host.state).toMatchObject({ visibility: "private", phase: "waiting" });

    // A public table created afterwards is a barrier: once the lobby shows it, it has processed everything
    // published before it.
    const marker = await createTable(running.httpUrl, { name: "Marker" });
    clients.push(marker);
    await eventually(() => lobby.listed.has(marker.room.roomId), "the public marker table in the lobby");
    expect(lobby.everListed.has(code)).toBe(false);

    // Joined by code, the private table fills its second seat and starts; still never listed.
    const guest = await joinTable(running.httpUrl, code, { name: "Guest" });
    clients.push(guest);
    expect(guest.welcome()).toMatchObject({ role: "player", seat: 1 });
    await eventually(() => guest.state.phase === "lag", "the private match to start");
    const watcher = await joinTable(running.httpUrl, code, { name: "Peeker" });
    clients.push(watcher);
    expect(watcher.welcome()).toMatchObject({ role: "spectator", seat: null });

    // A new lobby subscriber's full list does not have it either.
    const late = await watchLobby(running.httpUrl);
    try {
      expect(late.listed.has(marker.room.roomId)).toBe(true);
      expect(late.listed.has(code)).toBe(false);
    } finally {
      await late.leave();
    }
    expect(lobby.everListed.has(code)).toBe(false);
    await leaveAll(host, guest, watcher, marker);
  });

  it("refuses a code that is not a live table", async () => {
    // An unknown code is a 404 `no-such-table` that names the code (docs/PROTOCOL.md, "HTTP").
    await expect(new Client(running.httpUrl).joinById("000000", { name: "Lost" })).rejects.toMatchObject({
      code: 404,
      message: "no table has the code 000000",
    });
  });

  it("refuses a watcher over the spectator cap with the server's reason, but never a seat's holder", async () => {
    const host = await createTable(running.httpUrl, { name: "Capped", visibility: "private", spectatorCap: 0 });
    const code = host.room.roomId;
    const guest = await joinTable(running.httpUrl, code, { name: "Guest" });
    clients.push(host, guest);
    await expect(new Client(running.httpUrl).joinById(code, { name: "Third" })).rejects.toThrow(/spectators are full/);

    // The host's page is gone (its SDK gave up) while Colyseus still keeps the old session's place: the seat
    // token must still bring the host back to a full table.
    const { seatToken } = host.welcome();
    cutConnection(code, host, { discard: true });
    await eventually(() => guest.state.players.get("0")?.connected === false, "the host shown absent");
    const back = await joinTable(running.httpUrl, code, { name: "Capped", seatToken });
    clients.push(back);
    expect(back.welcome()).toMatchObject({ role: "player", seat: 0, seatToken });
    await expect(new Client(running.httpUrl).joinById(code, { name: "Fourth" })).rejects.toThrow(/spectators are full/);
    await leaveAll(back, guest);
  });

  it("refuses table options outside the protocol's ranges", async () => {
    await expect(new Client(running.httpUrl).create("habibka", { name: "Bad", shotClock: 45 })).rejects.toThrow(
      /shotClock/,
    );
    await expect(new Client(running.httpUrl).create("habibka", { name: "Bad", seatHoldSeconds: 5 })).rejects.toThrow(
      /seatHoldSeconds/,
    );
    await expect(new Client(running.httpUrl).create("habibka", { name: "Bad", visibility: "secret" })).rejects.toThrow(
      /visibility/,
    );
    await expect(
      new Client(running.httpUrl).create("habibka", { name: "Bad", visibility: "public", shotClock: 0 }),
    ).rejects.toThrow(/a public table needs a shot clock/);
  });

  it("runs a public table on a 60-second shot clock unless its creator picks another; a private one on none", async () => {
    const open = await createTable(running.httpUrl, { name: "Open", visibility: "public" });
    const closed = await createTable(running.httpUrl, { name: "Closed", visibility: "private" });
    clients.push(open, closed);
    expect(open.state.shotClock).toBe(60);
    expect(closed.state.shotClock).toBe(0);
  });

  it("lists a public table with live metadata and removes it live when it closes", async () => {
    const host = await createTable(running.httpUrl, { name: "Анна", visibility: "public" });
    clients.push(host);
    const code = host.room.roomId;
    await eventually(() => lobby.listed.has(code), "the public table in the lobby");
    expect(lobby.listed.get(code)).toMatchObject({
      roomId: code,
      name: "habibka",
      metadata: { code, players: ["Анна", null], score: [0, 0], spectators: 0, phase: "waiting" },
    });

    const guest = await joinTable(running.httpUrl, code, { name: "Boris" });
    clients.push(guest);
    await eventually(
      () => lobby.listed.get(code)?.metadata.players[1] === "Boris",
      "the second player in the lobby's metadata",
    );
    expect(lobby.listed.get(code)?.metadata).toMatchObject({ players: ["Анна", "Boris"], phase: "lag" });

    const fan = await joinTable(running.httpUrl, code, { name: "Fan" });
    clients.push(fan);
    await eventually(() => lobby.listed.get(code)?.metadata.spectators === 1, "one spectator in the metadata");
    await fan.leave();
    await eventually(() => lobby.listed.get(code)?.metadata.spectators === 0, "the spectator gone from the metadata");

    // The match moves on: a resignation finishes it, which the lobby shows.
    host.send("resign", {});
    await eventually(() => lobby.listed.get(code)?.metadata.phase === "finished", "the finished phase in the lobby");

    // Everyone leaves: the table closes and the lobby removes it live with a "-".
    const removalsBefore = lobby.received.filter((m) => m.type === "-" && m.roomId === code).length;
    expect(removalsBefore).toBe(0);
    await leaveAll(host, guest);
    await eventually(() => !lobby.listed.has(code), "the closed table removed from the lobby");
    expect(lobby.received.some((m) => m.type === "-" && m.roomId === code)).toBe(true);
  });
});
