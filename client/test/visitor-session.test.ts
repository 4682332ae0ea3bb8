import { MatchMakeError, ServerError } from "@colyseus/sdk";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { joinRefusalCode } from "../src/net/join-refusal.ts";
import { matchPlayedAt, rememberTableMatch } from "../src/net/my-matches.ts";
import { FakeRoom, fakeServer as server } from "./support/fake-server.ts";

vi.mock("../src/net/game-client.ts", async () => (await import("./support/fake-server.ts")).fakeGameClientModule);

const { TableSession } = await import("../src/net/table-session.ts");

/**
 * A visitor's way to a table by its link: a code that names no table is told apart from other failures,
 * a «Сесть» the server answered with watching is noticed, and the table a browser played at leads back to
 * its match.
 */

const store = new Map<string, string>();
const storage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => store.set(k, v),
} as unknown as Storage;
beforeEach(() => {
  server.reset();
  store.clear();
  vi.stubGlobal("localStorage", storage);
  vi.stubGlobal("fetch", async () => ({ ok: false }));
});

const noTable = () =>
  new ServerError(404, "no table has the code 000000", {
    status: 404,
    data: { error: "no-such-table", message: "no table has the code 000000" },
  });

describe("joining by a table's link", () => {
  it("names a code that names no table as the server does, and Colyseus's own «not found» the same", () => {
    expect(joinRefusalCode(noTable())).toBe("no-such-table");
    expect(joinRefusalCode(new ServerError(522, 'room "000000" not found'))).toBe("no-such-table");
    // What the SDK's joinById throws: the status and the message, without the body.
    expect(joinRefusalCode(new MatchMakeError("no table has the code 000000", 404))).toBe("no-such-table");
    expect(joinRefusalCode(new MatchMakeError("spectators are full", 409))).toBeUndefined();
    expect(joinRefusalCode(new ServerError(409, "spectators are full", { data: { error: "refused" } }))).toBe(
      "refused",
    );
    expect(joinRefusalCode(new ServerError(409, "spectators are full"))).toBeUndefined();
    expect(joinRefusalCode(new TypeError("Failed to fetch"))).toBeUndefined();
  });

  it("keeps that reason in the session's status, for the page to say there is no such table", async () => {
    server.refusal = new MatchMakeError("no table has the code 000000", 404);
    const session = new TableSession("Зритель");
    await session.open({ kind: "join", code: "000000", watch: true });
    expect(session.getState().status).toMatchObject({ kind: "error", code: "no-such-table" });
  });

  it("tells a player who asked to sit that the seats were taken when the server lets him watch", async () => {
    server.room = new FakeRoom("482913");
    const session = new TableSession("Вера");
    await session.open({ kind: "join", code: "482913", watch: false });
    server.room.emit("welcome", { role: "spectator", seat: null, matchId: "m1", chat: [] });
    expect(session.getState().seatsTaken).toBe(true);
    session.watchInstead();
    expect(session.getState().seatsTaken).toBe(false);
    expect(session.getState().role).toBe("spectator");
  });

  it("says nothing of the kind to one who asked to watch, or who was seated", async () => {
    server.room = new FakeRoom("482913");
    const watcher = new TableSession("Вера");
    await watcher.open({ kind: "join", code: "482913", watch: true });
    server.room.emit("welcome", { role: "spectator", seat: null, matchId: "m1", chat: [] });
    expect(watcher.getState().seatsTaken).toBe(false);
    server.room = new FakeRoom("482914");
    const player = new TableSession("Борис");
    await player.open({ kind: "join", code: "482914", watch: false });
    server.room.emit("welcome", { role: "player", seat: 1, seatToken: "t", matchId: "m1", chat: [] });
    expect(player.getState().seatsTaken).toBe(false);
  });

  it("remembers the last match this browser played at each table code", () => {
    const a = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d00";
    const b = "6f1f0d1e-3c55-4c1e-9d43-0a8b3f2c1d01";
    rememberTableMatch("123456", a, storage);
    rememberTableMatch("123456", b, storage);
    rememberTableMatch("bad", a, storage);
    expect(matchPlayedAt("123456", storage)).toBe(b);
    expect(matchPlayedAt("654321", storage)).toBeNull();
  });
});
