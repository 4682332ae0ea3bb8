import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalPresence, matchMaker } from "@colyseus/core";
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ABANDONED_TABLE_SECONDS, DEFAULT_RATE_LIMITS } from "../src/rate-limits.ts";
import { MatchRecords } from "../src/records/match-records.ts";
import { WAITING_LEASE_MS, WaitingTables } from "../src/table/waiting-tables.ts";
import { post } from "./support/http-client.ts";
import { type LobbyWatcher, watchLobby } from "./support/lobby-client.ts";
import {
  createTable,
  cutConnection,
  joinTable,
  leaveAll,
  serverState,
  type TableClient,
} from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer, TEST_RATE_LIMITS } from "./support/test-server.ts";

/**
 * Tables nobody is at before their match began (created and left, or never come to): off the lobby's list
 * at once and closed within ABANDONED_TABLE_SECONDS, whatever their seat hold; and at most a few such
 * tables waiting per address. The wait runs on the room's clock, shrunk here to a fortieth (3 s).
 */

const ABANDON_SCALE = 1 / 40;
const WAIT_MS = ABANDONED_TABLE_SECONDS * 1000 * ABANDON_SCALE;
/** Room for a loaded machine on top of the wait, never a wait of its own. */
const SLACK_MS = 5_000;

const isOpen = (code: string) => matchMaker.getLocalRoomById(code) !== undefined;

async function resultOf(url: string, matchId: string) {
  const record = (await (await fetch(`${url}/api/matches/${matchId}`)).json()) as {
    result: { winner: number | null; reason: string } | null;
  };
  return record.result;
}

/** A create over plain HTTP from a given loopback address, its reservation never used: status and body. */
async function createOverHttp(url: string, from: string, options: object): Promise<{ status: number; body: unknown }> {
  const answer = await post(url, "/matchmake/create/habibka", options, from);
  return { status: answer.status, body: JSON.parse(answer.body) };
}

describe("a table nobody is at before its match began", () => {
  let running: RunningServer;
  let lobby: LobbyWatcher;
  const clients: TableClient[] = [];

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 6, abandonScale: ABANDON_SCALE });
    lobby = await watchLobby(running.httpUrl);
  });
  afterAll(async () => {
    await leaveAll(...clients);
    await lobby.leave();
    await running.stop();
  });

  it("leaves the lobby the moment its creator leaves, and closes within the wait as never begun", async () => {
    const host = await createTable(running.httpUrl, { name: "Ghost", seatHoldSeconds: 3600 });
    clients.push(host);
    const code = host.room.roomId;
    const matchId = host.state.matchId;
    await eventually(() => lobby.listed.has(code), "the table listed while its creator sits");

    await host.leave();
    const leftAt = Date.now();
    await eventually(() => !lobby.listed.has(code), "the table off the lobby's list", WAIT_MS / 2);
    // Off the list at once, not because it closed: the table is still there for its creator.
    expect(isOpen(code)).toBe(true);
    const late = await watchLobby(running.httpUrl);
    expect(late.listed.has(code)).toBe(false);
    await late.leave();

    await eventually(() => !isOpen(code), "the deserted table closed", WAIT_MS + SLACK_MS);
    const lifetime = Date.now() - leftAt;
    console.info(`a table its creator left at once lived ${lifetime} ms after he left (the wait: ${WAIT_MS} ms)`);
    // The room's clock beats every 250 ms: a timer may end up to one beat early.
    expect(lifetime).toBeGreaterThanOrEqual(WAIT_MS - 300);
    await eventually(async () => (await resultOf(running.httpUrl, matchId)) !== null, "the record closed");
    expect(await resultOf(running.httpUrl, matchId)).toEqual({
      winner: null,
      reason: "closed",
      shelves: [0, 0],
      finishedAt: expect.any(Number),
    });
    expect(await matchMaker.presence.sismember("habibka:table-codes", code)).toBeFalsy();
  });

  it("is never listed when its creator never comes at all", async () => {
    const created = await createOverHttp(running.httpUrl, "127.0.0.61", { name: "Nobody" });
    expect(created.status).toBe(200);
    const code = (created.body as { roomId: string }).roomId;
    // A public table made afterwards is a barrier: once the lobby shows it, it has seen everything before it.
    const marker = await createTable(running.httpUrl, { name: "Marker" });
    clients.push(marker);
    await eventually(() => lobby.listed.has(marker.room.roomId), "the marker table listed");
    expect(lobby.everListed.has(code)).toBe(false);
    await eventually(() => !isOpen(code), "the table nobody came to closed", WAIT_MS + SLACK_MS);
    await marker.leave();
  });

  it("goes on as before for a creator who comes back in time, by his token or the SDK's reconnection", async () => {
    const byToken = await createTable(running.httpUrl, { name: "Anna", seatHoldSeconds: 3600 });
    const reconnecting = await createTable(running.httpUrl, { name: "Boris", seatHoldSeconds: 3600 });
    const control = await createTable(running.httpUrl, { name: "Control", seatHoldSeconds: 3600 });
    clients.push(byToken, reconnecting, control);
    const [code, otherCode, controlCode] = [byToken, reconnecting, control].map((c) => c.room.roomId) as [
      string,
      string,
      string,
    ];
    await eventually(() => [code, otherCode, controlCode].every((c) => lobby.listed.has(c)), "all three listed");

    const { seatToken } = byToken.welcome();
    cutConnection(code, byToken, { discard: true });
    cutConnection(otherCode, reconnecting);
    await control.leave();
    await eventually(() => !lobby.listed.has(code), "the table off the list while nobody is there");
    const back = await joinTable(running.httpUrl, code, { name: "Anna", seatToken });
    clients.push(back);
    expect(back.welcome()).toMatchObject({ role: "player", seat: 0, seatToken });
    await eventually(() => reconnecting.reconnects.count === 1, "the SDK's reconnection");
    await eventually(() => lobby.listed.has(code) && lobby.listed.has(otherCode), "both listed again");

    // The control table was left last: once it has closed, the other two would have closed before it.
    await eventually(() => !isOpen(controlCode), "the control table closed", WAIT_MS + SLACK_MS);
    expect(isOpen(code)).toBe(true);
    expect(isOpen(otherCode)).toBe(true);
    expect(lobby.listed.get(code)?.metadata).toMatchObject({ players: ["Anna", null], phase: "waiting" });
    expect(back.state.players.get("0")).toMatchObject({ connected: true, holdLeft: 0 });

    const guest = await joinTable(running.httpUrl, code, { name: "Guest" });
    clients.push(guest);
    await eventually(() => back.state.phase === "lag" && guest.state.phase === "lag", "the match begun");
  });

  it("keeps a begun match's seats held in full, listed, with nobody left at the table", async () => {
    const anna = await createTable(running.httpUrl, { name: "Anna", seatHoldSeconds: 600 });
    const code = anna.room.roomId;
    const boris = await joinTable(running.httpUrl, code, { name: "Boris" });
    clients.push(anna, boris);
    await eventually(() => anna.state.phase === "lag", "the match begun");
    const control = await createTable(running.httpUrl, { name: "Control" });
    clients.push(control);

    cutConnection(code, anna, { discard: true });
    cutConnection(code, boris, { discard: true });
    await control.leave();
    await eventually(() => !isOpen(control.room.roomId), "the control table closed", WAIT_MS + SLACK_MS);

    expect(isOpen(code)).toBe(true);
    expect(lobby.listed.get(code)?.metadata).toMatchObject({ players: ["Anna", "Boris"], phase: "lag" });
    const players = serverState(code).players as Record<string, { connected: boolean; holdLeft: number }>;
    for (const seat of ["0", "1"]) {
      expect(players[seat]?.connected).toBe(false);
      expect(players[seat]?.holdLeft).toBeGreaterThan(600 - 30);
    }
    const back = await joinTable(running.httpUrl, code, { name: "Anna", seatToken: anna.welcome().seatToken });
    clients.push(back);
    expect(back.welcome()).toMatchObject({ role: "player", seat: 0 });
    expect(back.state.phase).toBe("lag");
  });

  it("closes a table against the computer whose person left before the match began", async () => {
    const host = await createTable(running.httpUrl, { name: "Solo", opponent: "computer", watch: true });
    clients.push(host);
    expect(host.welcome()).toMatchObject({ role: "spectator" });
    expect(host.state.phase).toBe("waiting");
    const matchId = host.state.matchId;
    await host.leave();
    await eventually(() => !isOpen(host.room.roomId), "the computer's table closed", WAIT_MS + SLACK_MS);
    await eventually(async () => (await resultOf(running.httpUrl, matchId))?.reason === "closed", "its record closed");
  });
});

describe("a restored table nobody comes back to", () => {
  it("closes within the wait after the restart, its record closed as never begun", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-abandoned-")), "records.sqlite");
    const first = await startTestServer({ seed: () => 7, databasePath });
    const host = await createTable(first.httpUrl, { name: "Gone", seatHoldSeconds: 3600 });
    const code = host.room.roomId;
    const matchId = host.state.matchId;
    await first.stop();
    await leaveAll(host);

    const second = await startTestServer({ databasePath, abandonScale: ABANDON_SCALE });
    try {
      const lobby = await watchLobby(second.httpUrl);
      const restoredAt = Date.now();
      expect(isOpen(code)).toBe(true);
      expect(lobby.listed.has(code)).toBe(false);
      await lobby.leave();
      await eventually(() => !isOpen(code), "the restored table closed", WAIT_MS + SLACK_MS);
      console.info(`a restored table nobody came back to closed ${Date.now() - restoredAt} ms after start-up`);
      await eventually(async () => (await resultOf(second.httpUrl, matchId))?.reason === "closed", "its record closed");
    } finally {
      await second.stop();
    }
    // Nothing is left for a third start to bring back.
    const records = await MatchRecords.open({ path: databasePath });
    expect(await records.unheld(Date.now(), { all: true, limit: 10 })).toEqual([]);
    await records.close();
  });
});

describe("tables waiting for an opponent, per address", () => {
  let running: RunningServer;
  const clients: TableClient[] = [];
  const limit = DEFAULT_RATE_LIMITS.waitingTables;

  beforeAll(async () => {
    running = await startTestServer({
      seed: () => 9,
      abandonScale: ABANDON_SCALE,
      rateLimits: { ...TEST_RATE_LIMITS, waitingTables: limit },
    });
  });
  afterAll(async () => {
    await leaveAll(...clients);
    await running.stop();
  });

  /** The refusal of a create from this test's address (127.0.0.1), as plain HTTP. */
  async function refusedCreate() {
    const answer = await fetch(`${running.httpUrl}/matchmake/create/habibka`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Eleventh" }),
    });
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }

  /** A table created now by this address, or null if it was refused for having too many waiting. */
  async function tryCreate(name: string): Promise<TableClient | null> {
    try {
      const table = await createTable(running.httpUrl, { name });
      clients.push(table);
      return table;
    } catch (error) {
      if (/waiting for an opponent/.test((error as Error).message)) return null;
      throw error;
    }
  }

  /** A table created as soon as the address may again: the place it waits for is given back on its way. */
  async function createOnceAllowed(name: string): Promise<TableClient> {
    let table = null as TableClient | null;
    await eventually(async () => {
      table = await tryCreate(name);
      return table !== null;
    }, "a create accepted again");
    return table!;
  }

  it("accepts ten from one address, refuses the eleventh with its code, and one more once an opponent sits", async () => {
    const hosts: TableClient[] = [];
    for (let i = 0; i < limit; i++) {
      const visibility = i % 2 ? "private" : "public";
      const host = await createTable(running.httpUrl, { name: `Host ${i}`, visibility });
      hosts.push(host);
      clients.push(host);
    }
    const refused = await refusedCreate();
    expect(refused).toEqual({
      status: 429,
      body: {
        error: "too-many-waiting-tables",
        message: expect.stringContaining(`already has ${limit} tables waiting for an opponent`),
        limit,
      },
    });
    // What a player's SDK sees: the server's message; and the web client, which asks for the seat over the
    // SDK's HTTP (client/src/net/game-client.ts), its code as well.
    await expect(new Client(running.httpUrl).create("habibka", { name: "Eleventh" })).rejects.toThrow(
      /tables waiting for an opponent/,
    );
    const sdkRefusal = new Client(running.httpUrl).http.post("/matchmake/create/habibka", {
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: { name: "Eleventh" },
    });
    await expect(sdkRefusal).rejects.toMatchObject({ status: 429, data: { error: "too-many-waiting-tables", limit } });
    // Another address is not affected, and a table against the computer waits for nobody: neither counts.
    expect((await createOverHttp(running.httpUrl, "127.0.0.62", { name: "Elsewhere" })).status).toBe(200);
    const solo = await createTable(running.httpUrl, { name: "Solo", opponent: "computer" });
    clients.push(solo);

    const guest = await joinTable(running.httpUrl, hosts[0]!.room.roomId, { name: "Guest" });
    clients.push(guest);
    const next = await createOnceAllowed("Next");
    expect(next.state.phase).toBe("waiting");
    expect((await refusedCreate()).status).toBe(429);
  });

  it("gives a table's place back when it closes, abandoned by its creator", async () => {
    // The address is at its limit again (the test before): one creator leaves, and his table closes.
    expect((await refusedCreate()).status).toBe(429);
    const leaving = clients.find((c) => c.state.phase === "waiting" && c.welcome().role === "player")!;
    const code = leaving.room.roomId;
    await leaving.leave();
    await eventually(() => !isOpen(code), "the abandoned table closed", WAIT_MS + SLACK_MS);
    await createOnceAllowed("After");
  });
});

describe("the count of waiting tables", () => {
  it("lets a crashed process's places lapse: they stop counting once their lease runs out", async () => {
    const presence = new LocalPresence();
    let now = 1_000_000;
    const tables = new WaitingTables(
      () => presence,
      2,
      () => now,
    );
    const first = await tables.claim("10.0.0.1");
    const second = await tables.claim("10.0.0.1");
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await tables.claim("10.0.0.1")).toBeNull();
    expect(await tables.claim("10.0.0.2")).not.toBeNull();
    // A table renews its place while it waits; a released place counts no more.
    now += WAITING_LEASE_MS - 1;
    await tables.renew(first!);
    await tables.release(second!);
    now += 2;
    expect(await tables.claim("10.0.0.1")).not.toBeNull();
    expect(await tables.claim("10.0.0.1")).toBeNull();
    // The process holding them dies: nothing renews them, and after a lease the address may create again.
    now += WAITING_LEASE_MS;
    expect(await tables.claim("10.0.0.1")).not.toBeNull();
    expect(await tables.claim("10.0.0.1")).not.toBeNull();
    expect(Object.keys(await presence.hgetall("habibka:waiting-tables:10.0.0.1"))).toHaveLength(2);
  });
});
