import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AimDraft, draftForTurn, freshAim, turnKey, withAimPatch } from "../src/game/aim-draft.ts";
import { REJOIN_FOR_MS } from "../src/net/connection-status.ts";
import { FakeRoom, fakeServer as server } from "./support/fake-server.ts";

vi.mock("../src/net/game-client.ts", async () => (await import("./support/fake-server.ts")).fakeGameClientModule);

const { TableSession } = await import("../src/net/table-session.ts");

/**
 * Coming back by itself: after the server's "restarting, come back" (4100) or a connection the SDK could
 * not re-establish, the session joins its table again by code (seat token, or watching), with a growing
 * pause, until the deadline; nothing the page shows or the player aimed is lost on the way.
 */

const store = new Map<string, string>();
let fetched: string[] = [];
beforeEach(() => {
  vi.useFakeTimers();
  // The pauses' spread at its middle: every pause exactly as long as its attempt's.
  vi.spyOn(Math, "random").mockReturnValue(0.5);
  server.reset();
  store.clear();
  fetched = [];
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
  });
  vi.stubGlobal("window", { location: { protocol: "http:", hostname: "localhost", origin: "http://localhost" } });
  vi.stubGlobal("fetch", async (url: string) => {
    fetched.push(url);
    return { ok: false };
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const players = () =>
  new Map([
    ["0", { name: "Анна", seat: 0, connected: true, shelf: [3], debt: 0 }],
    ["1", { name: "Борис", seat: 1, connected: true, shelf: [], debt: 1 }],
  ]);

const table = (over: Record<string, unknown> = {}) => ({
  matchId: "m1",
  phase: "play",
  toMove: 0,
  shotNumber: 7,
  balls: [
    { id: 0, x: 0, y: 0, onTable: true },
    { id: 5, x: 0.5, y: 0.1, onTable: true },
  ],
  players: players(),
  spectators: new Map(),
  ...over,
});

/** A page at table `code`, seated (with its token stored by the welcome) or watching, the match at shot 7. */
async function atTable(code: string, watch = false) {
  const room = new FakeRoom(code);
  server.room = room;
  const session = new TableSession(watch ? "Вера" : "Анна");
  await session.open({ kind: "join", code, watch });
  room.emit(
    "welcome",
    watch
      ? { role: "spectator", seat: null, matchId: "m1" }
      : { role: "player", seat: 0, seatToken: "tok", matchId: "m1" },
  );
  room.stateHandler?.(table());
  server.joins.length = 0;
  return { session, room };
}

/** The next process's room for the same table: it answers the rejoin and sends the restored state. */
function nextProcess(code: string): FakeRoom {
  const room = new FakeRoom(code);
  server.room = room;
  return room;
}

describe("coming back to the table", () => {
  it("after 4100: rejoins with the seat token, pausing longer each time, and is back where it was", async () => {
    const { session, room } = await atTable("410000");
    const shown = session.getState().snapshot;
    server.up = false;
    room.leaveHandler?.(4100);
    expect(session.getState().status).toMatchObject({ kind: "rejoining", reason: "restart", attempt: 1 });
    // While away, the table stays on screen as it was.
    expect(session.getState().snapshot).toBe(shown);

    const started = Date.now();
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000 + 4000 + 5000);
    expect(server.joins.map((j) => j.at - started)).toEqual([500, 1500, 3500, 7500, 12_500]);
    expect(session.getState().status).toMatchObject({ kind: "rejoining", attempt: 6 });

    server.up = true;
    const restored = nextProcess("410000");
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.joins.at(-1)).toMatchObject({
      method: "joinById",
      id: "410000",
      options: { name: "Анна", watch: false, seatToken: "tok" },
    });
    expect(session.getState().status).toEqual({ kind: "joined" });
    restored.emit("welcome", { role: "player", seat: 0, seatToken: "tok", matchId: "m1" });
    restored.stateHandler?.(table());
    expect(session.getState()).toMatchObject({ role: "player", seat: 0, code: "410000" });
    expect(session.getState().snapshot).toMatchObject({ matchId: "m1", shotNumber: 7, toMove: 0 });
    expect(session.getState().snapshot.players[0]?.shelf).toEqual([3]);
    // The page sends to the new room, and the old one is not used again.
    session.send("seen", { shotNumber: 7 });
    expect(restored.sent).toEqual([["seen", { shotNumber: 7 }]]);
    expect(room.sent).toEqual([]);
    session.close();
  });

  it("reads the match record again once back, so a shot recorded while away is in the log", async () => {
    const { session, room } = await atTable("410001");
    room.leaveHandler?.(4100);
    fetched = [];
    // The server stopped after recording shot 7 and before telling anyone of it.
    vi.stubGlobal("fetch", async (url: string) => {
      fetched.push(url);
      return {
        ok: true,
        json: async () => ({
          shots: [{ number: 7, seat: 0, kind: "shot", before: [], trace: "", verdict: { foul: false } }],
        }),
      };
    });
    const restored = nextProcess("410001");
    await vi.advanceTimersByTimeAsync(500);
    restored.stateHandler?.(table({ shotNumber: 8, toMove: 1 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(fetched).toHaveLength(1);
    expect(fetched[0]).toMatch(/\/api\/matches\/m1$/);
    expect(session.getState().shots.map((s) => s.message.number)).toEqual([7]);
    session.close();
  });

  it("a connection the SDK could not re-establish (1006, then its reconnection refused) rejoins the same way", async () => {
    const { session, room } = await atTable("100600");
    room.dropHandler?.();
    expect(session.getState().status).toEqual({ kind: "reconnecting" });
    nextProcess("100600");
    // The new process does not know the old session: the SDK's reconnection ends in a leave (4003).
    room.leaveHandler?.(4003);
    expect(session.getState().status).toMatchObject({ kind: "rejoining", reason: "lost" });
    await vi.advanceTimersByTimeAsync(500);
    expect(server.joins).toMatchObject([{ method: "joinById", id: "100600", options: { seatToken: "tok" } }]);
    expect(session.getState().status).toEqual({ kind: "joined" });
    session.close();
  });

  it("a seat taken over (4001) and a deliberate leave do not come back", async () => {
    const taken = await atTable("400100");
    taken.room.leaveHandler?.(4001);
    expect(taken.session.getState().status).toEqual({ kind: "taken-over" });

    const leaving = await atTable("400000");
    leaving.session.close();
    leaving.room.leaveHandler?.(4000);
    expect(leaving.room.left).toBe(true);

    await vi.advanceTimersByTimeAsync(REJOIN_FOR_MS);
    expect(server.joins).toEqual([]);
  });

  it("gives up at the deadline with a final state; trying again starts over and can bring it back", async () => {
    const { session, room } = await atTable("900000");
    server.up = false;
    room.leaveHandler?.(4100);
    await vi.advanceTimersByTimeAsync(REJOIN_FOR_MS - 1);
    expect(session.getState().status.kind).toBe("rejoining");
    await vi.advanceTimersByTimeAsync(1);
    expect(session.getState().status).toEqual({ kind: "gave-up", reason: "restart" });
    const attempts = server.joins.length;
    // 0.5 + 1 + 2 + 4 s, then every 5 s, the last at the deadline itself.
    expect(attempts).toBe(4 + Math.ceil((REJOIN_FOR_MS - 7500) / 5000));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.joins.length).toBe(attempts);

    server.up = true;
    nextProcess("900000");
    session.retry();
    expect(session.getState().status).toMatchObject({ kind: "rejoining", attempt: 1 });
    await vi.advanceTimersByTimeAsync(500);
    expect(session.getState().status).toEqual({ kind: "joined" });
    session.close();
  });

  it("a spectator comes back watching, without a seat token even if the browser holds one", async () => {
    store.set("habibka.seat.777000", "someone-elses");
    const { session, room } = await atTable("777000", true);
    room.leaveHandler?.(4100);
    nextProcess("777000");
    await vi.advanceTimersByTimeAsync(500);
    expect(server.joins).toHaveLength(1);
    expect(server.joins[0]!.options).toEqual({ name: "Вера", watch: true });
    expect(session.getState().status).toEqual({ kind: "joined" });
    session.close();
  });

  it("keeps the player's aim when the table comes back at the same match and shot; the next shot starts afresh", async () => {
    const { session, room } = await atTable("333000");
    let draft: AimDraft = { turn: "", aim: freshAim("play") };
    draft = draftForTurn(draft, session.getState().snapshot);
    draft = withAimPatch(draft, {
      cue: 5,
      angle: 33.33,
      speed: 4.2,
      offset: { x: 0.2, y: -0.1 },
      call: [{ ball: 5, pocket: "FL", way: "bank", wayFixed: true }],
      place: { x: -1, y: 0.2 },
    });
    const aimed = draft;

    room.leaveHandler?.(4100);
    expect(draftForTurn(aimed, session.getState().snapshot)).toBe(aimed);
    const restored = nextProcess("333000");
    await vi.advanceTimersByTimeAsync(500);
    restored.emit("welcome", { role: "player", seat: 0, seatToken: "tok", matchId: "m1" });
    restored.stateHandler?.(table());
    expect(draftForTurn(aimed, session.getState().snapshot)).toBe(aimed);

    // The table came back after a shot the page had not seen: that aim belonged to the turn before.
    restored.stateHandler?.(table({ shotNumber: 8 }));
    const next = draftForTurn(aimed, session.getState().snapshot);
    expect(next.turn).toBe(turnKey({ matchId: "m1", shotNumber: 8, toMove: 0, phase: "play" }));
    expect(next.aim).toEqual({ ...freshAim("play"), angle: 33.33 });
    session.close();
  });

  it("after 4100 at a finished match, shows the table closed rather than waiting for it", async () => {
    const { session, room } = await atTable("888000");
    room.stateHandler?.(table({ phase: "finished", winner: 0 }));
    room.leaveHandler?.(4100);
    expect(session.getState().status).toEqual({ kind: "closed", code: 4100 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(server.joins).toEqual([]);
    session.close();
  });
});
