import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeCreateRefused, FakeRoom, fakeServer as server } from "./support/fake-server.ts";

vi.mock("../src/net/game-client.ts", async () => (await import("./support/fake-server.ts")).fakeGameClientModule);

const { TableSession } = await import("../src/net/table-session.ts");

const store = new Map<string, string>();
beforeEach(() => {
  server.reset();
  store.clear();
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => store.set(k, v),
  });
  vi.stubGlobal("fetch", async () => ({ ok: false }));
});

/** A live shot with a trace (the bytes do not matter here: the session only schedules its playback). */
const shot = (number: number) => ({
  matchId: "m1",
  number,
  kind: "shot",
  seat: 0,
  before: [],
  trace: "AQA=",
  duration: 2,
  elapsed: 0,
});

const state = (over: Record<string, unknown> = {}) => ({
  matchId: "m1",
  phase: "play",
  toMove: 0,
  shotNumber: 5,
  balls: [
    { id: 0, x: 0, y: 0, onTable: true },
    { id: 3, x: 0.5, y: 0.1, onTable: true },
    { id: 4, x: 0.9, y: 0, onTable: false },
  ],
  players: new Map(),
  spectators: new Map(),
  ...over,
});

describe("TableSession", () => {
  it("keeps the seat token per table code and sends it when joining again", async () => {
    server.room = new FakeRoom("482913");
    const session = new TableSession("Анна");
    await session.open({ kind: "create", visibility: "private", opening: "lag", shotClock: 0 });
    expect(session.getState().code).toBe("482913");
    server.room.emit("welcome", { role: "player", seat: 0, seatToken: "secret", matchId: "m1" });
    expect(session.getState()).toMatchObject({ role: "player", seat: 0 });
    expect(store.get("habibka.seat.482913")).toBe("secret");
    session.close();

    server.room = new FakeRoom("482913");
    const again = new TableSession("Анна");
    await again.open({ kind: "join", code: "482913", watch: false });
    expect(server.joins.at(-1)).toMatchObject({ method: "joinById", id: "482913", options: { seatToken: "secret" } });
  });

  it("creates a table against the computer with its level, and no other table option", async () => {
    server.room = new FakeRoom("654321");
    const session = new TableSession("Анна");
    await session.open({ kind: "computer", level: "novice" });
    expect(server.joins.at(-1)).toMatchObject({ method: "create", id: "" });
    expect(server.joins.at(-1)?.options).toEqual({ name: "Анна", opponent: "computer", level: "novice" });
    expect(session.getState().code).toBe("654321");
  });

  it("keeps the server's reason when a create is refused, for the page to say it in the player's language", async () => {
    server.refusal = new FakeCreateRefused("this address already has 10 tables waiting", "too-many-waiting-tables", 10);
    const session = new TableSession("Анна");
    await session.open({ kind: "create", visibility: "public", opening: "lag", shotClock: 60 });
    expect(session.getState().status).toEqual({
      kind: "error",
      message: "this address already has 10 tables waiting",
      code: "too-many-waiting-tables",
      limit: 10,
    });
    server.refusal = new TypeError("Failed to fetch");
    const other = new TableSession("Анна");
    await other.open({ kind: "create", visibility: "public", opening: "lag", shotClock: 60 });
    expect(other.getState().status).toEqual({ kind: "error", message: "Failed to fetch" });
  });

  it("keeps the shelves and debts at a live shot's stroke, and none for a shot that arrives after its result", async () => {
    server.room = new FakeRoom("222333");
    const session = new TableSession("Анна");
    await session.open({ kind: "join", code: "222333", watch: false });
    const seats = (shelf0: number[], debt1: number) =>
      new Map([
        ["0", { name: "Анна", seat: 0, connected: true, shelf: shelf0, debt: 0 }],
        ["1", { name: "Борис", seat: 1, connected: true, shelf: [9], debt: debt1 }],
      ]);
    server.room.stateHandler?.(state({ players: seats([3, 7], 1) }));
    server.room.emit("shot", shot(5));
    expect(session.getState().shots.at(-1)?.situation).toEqual({ shelves: [[3, 7], [9]], debts: [0, 1] });
    server.room.stateHandler?.(state({ shotNumber: 7, players: seats([3, 7, 2], 0) }));
    server.room.emit("shot", shot(6));
    expect(session.getState().shots.at(-1)?.situation).toBeNull();
  });

  it("plays a received shot over the table at its stroke, as the server sent it; a lag over its two balls", async () => {
    server.room = new FakeRoom("111111");
    const session = new TableSession("Борис");
    await session.open({ kind: "join", code: "111111", watch: true });
    server.room.stateHandler?.(state());
    server.room.emit("shot", {
      matchId: "m1",
      number: 5,
      kind: "shot",
      seat: 0,
      before: [
        { id: 0, x: 0, y: 0 },
        { id: 3, x: 1, y: 0.2 },
      ],
      trace: "AQA=",
      duration: 1,
      elapsed: 300,
    });
    const playback = session.getState().playback!;
    expect(playback.elapsed).toBe(300);
    expect(playback.record.before?.map((b) => b.id)).toEqual([0, 3]);
    expect(session.getState().shots).toHaveLength(1);
    session.endPlayback();
    expect(session.getState().playback).toBeNull();

    const lagBalls = [
      { id: 1, x: -1.2, y: 0.3 },
      { id: 2, x: -1.2, y: -0.3 },
    ];
    server.room.emit("shot", {
      matchId: "m1",
      number: 6,
      kind: "lag",
      seat: -1,
      before: lagBalls,
      trace: "AQA=",
      duration: 1,
      elapsed: 0,
    });
    expect(session.getState().playback?.record.before?.map((b) => b.id)).toEqual([1, 2]);
    session.replay(session.getState().shots[0]!);
    expect(session.getState().playback).toMatchObject({ replay: true, elapsed: 0 });
  });

  it("a new match at the table (rematch) empties the log; a new turn clears the relayed aim", async () => {
    server.room = new FakeRoom("222222");
    const session = new TableSession("Вера");
    await session.open({ kind: "join", code: "222222", watch: false });
    server.room.stateHandler?.(state());
    server.room.emit("shot", { matchId: "m1", number: 5, kind: "clock", seat: 0, before: [] });
    server.room.emit("aim", { seat: 1, stroke: { cue: 3, angle: 10, speed: 2, offset: { x: 0, y: 0 } }, call: [] });
    expect(session.getState().aim).not.toBeNull();
    server.room.stateHandler?.(state({ shotNumber: 6, toMove: 1 }));
    expect(session.getState().aim).toBeNull();
    expect(session.getState().shots).toHaveLength(1);
    server.room.stateHandler?.(state({ matchId: "m2", shotNumber: 1 }));
    expect(session.getState().shots).toHaveLength(0);
  });

  it("shows a drop and its recovery, and a takeover as final", async () => {
    server.room = new FakeRoom("333333");
    const session = new TableSession("Глеб");
    await session.open({ kind: "join", code: "333333", watch: false });
    server.room.dropHandler?.();
    expect(session.getState().status.kind).toBe("reconnecting");
    server.room.reconnectHandler?.();
    expect(session.getState().status.kind).toBe("joined");
    server.room.leaveHandler?.(4001);
    expect(session.getState().status.kind).toBe("taken-over");
  });

  it("holds the match as it was before the shot until its playback ends here, then shows it all at once", async () => {
    server.room = new FakeRoom("666666");
    const session = new TableSession("Анна");
    await session.open({ kind: "join", code: "666666", watch: false });
    server.room.emit("welcome", { role: "player", seat: 0, matchId: "m1" });
    const players = (shelf: number[], debt: number) =>
      new Map([
        ["0", { name: "Анна", seat: 0, connected: true, shelf, debt }],
        ["1", { name: "Борис", seat: 1, connected: true, shelf: [], debt }],
      ]);
    server.room.stateHandler?.(state({ players: players([], 0) }));
    server.room.emit("shot", {
      matchId: "m1",
      number: 5,
      kind: "shot",
      seat: 0,
      before: [{ id: 3, x: 0.5, y: 0.1 }],
      trace: "AQA=",
      duration: 2,
      elapsed: 0,
      verdict: { foul: false },
    });
    // The shot's result arrives while the balls still roll: nothing of it shows yet.
    server.room.stateHandler?.(
      state({ shotNumber: 6, toMove: 0, offer: "", animating: true, players: players([3], 1) }),
    );
    let shown = session.getState();
    expect(shown.snapshot.shotNumber).toBe(5);
    expect(shown.snapshot.players[0]?.shelf).toEqual([]);
    expect(shown.snapshot.players[1]?.debt).toBe(0);
    expect(shown.shotsShown).toHaveLength(0);
    expect(shown.live.shotNumber).toBe(6);
    // Skipped (or ended): everything at once, and the server is told so that the next shot need not wait.
    session.endPlayback();
    shown = session.getState();
    expect(shown.snapshot.shotNumber).toBe(6);
    expect(shown.snapshot.players[0]?.shelf).toEqual([3]);
    expect(shown.shotsShown).toHaveLength(1);
    expect(server.room.sent).toContainEqual(["seen", { shotNumber: 6 }]);
  });

  it("a playback ended before the state shows the shot's result sends `seen` once that state arrives", async () => {
    server.room = new FakeRoom("777777");
    const session = new TableSession("Борис");
    await session.open({ kind: "join", code: "777777", watch: false });
    server.room.emit("welcome", { role: "player", seat: 1, matchId: "m1" });
    server.room.stateHandler?.(state());
    server.room.emit("shot", shot(5));
    session.endPlayback();
    expect(server.room.sent.filter(([type]) => type === "seen")).toEqual([]);
    server.room.stateHandler?.(state({ shotNumber: 6, toMove: 1 }));
    expect(server.room.sent.filter(([type]) => type === "seen")).toEqual([["seen", { shotNumber: 6 }]]);
  });

  it("`seen` goes only from the seat the table waits for: the one to move, or the person facing the computer", async () => {
    server.room = new FakeRoom("454545");
    const session = new TableSession("Борис");
    await session.open({ kind: "join", code: "454545", watch: false });
    server.room.emit("welcome", { role: "player", seat: 1, matchId: "m1" });
    const seats = (computer: boolean) =>
      new Map([
        ["0", { name: "Анна", seat: 0, connected: true, shelf: [], debt: 0, computer }],
        ["1", { name: "Борис", seat: 1, connected: true, shelf: [], debt: 0 }],
      ]);
    server.room.stateHandler?.(state({ players: seats(false) }));
    server.room.emit("shot", shot(5));
    // Seat 0 is to move after the shot: its `seen` is the one the table waits for, not this one.
    server.room.stateHandler?.(state({ shotNumber: 6, toMove: 0, players: seats(false) }));
    session.endPlayback();
    expect(server.room.sent.filter(([type]) => type === "seen")).toEqual([]);
    // Against the computer the person's eyes are the ones waited for, whoever is to move.
    server.room.emit("shot", shot(6));
    server.room.stateHandler?.(state({ shotNumber: 7, toMove: 0, players: seats(true) }));
    session.endPlayback();
    expect(server.room.sent.filter(([type]) => type === "seen")).toEqual([["seen", { shotNumber: 7 }]]);
  });

  it("a server that does not know `seen` is not sent it again, and its refusal is not shown", async () => {
    server.room = new FakeRoom("131313");
    const session = new TableSession("Ева");
    await session.open({ kind: "join", code: "131313", watch: false });
    server.room.emit("welcome", { role: "player", seat: 0, matchId: "m1" });
    server.room.stateHandler?.(state());
    server.room.emit("shot", shot(5));
    server.room.stateHandler?.(state({ shotNumber: 6 }));
    session.endPlayback();
    server.room.emit("error", { type: "seen", code: "unknown-message", message: "unknown message type" });
    expect(session.getState().error).toBeNull();
    server.room.emit("shot", shot(6));
    server.room.stateHandler?.(state({ shotNumber: 7 }));
    session.endPlayback();
    expect(server.room.sent.filter(([type]) => type === "seen")).toEqual([["seen", { shotNumber: 6 }]]);
  });

  it("a spectator never sends `seen`; a new shot replaces a playback still running", async () => {
    server.room = new FakeRoom("888888");
    const session = new TableSession("Вера");
    await session.open({ kind: "join", code: "888888", watch: true });
    server.room.emit("welcome", { role: "spectator", seat: null, matchId: "m1" });
    server.room.stateHandler?.(state());
    server.room.emit("shot", shot(5));
    server.room.stateHandler?.(state({ shotNumber: 6 }));
    server.room.emit("shot", shot(6));
    expect(session.getState().playback?.record.message.number).toBe(6);
    // The table held for shot 6 is the one shot 5 left.
    expect(session.getState().snapshot.shotNumber).toBe(6);
    session.endPlayback();
    server.room.stateHandler?.(state({ shotNumber: 7 }));
    expect(server.room.sent.filter(([type]) => type === "seen")).toEqual([]);
  });

  it("the chat history comes with every welcome, and decisions that are not shots are kept for the log", async () => {
    server.room = new FakeRoom("999999");
    const session = new TableSession("Глеб");
    await session.open({ kind: "join", code: "999999", watch: false });
    const line = (text: string) => ({ name: "Анна", role: "player", seat: 0, text, at: 1 });
    server.room.emit("chat", line("старое"));
    server.room.emit("welcome", { role: "player", seat: 1, matchId: "m1", chat: [line("раз"), line("два")] });
    expect(session.getState().chat.map((c) => c.text)).toEqual(["раз", "два"]);
    server.room.emit("action", { kind: "take", seat: 0, shotNumber: 8, offer: "bonus" });
    expect(session.getState().actions).toEqual([{ kind: "take", seat: 0, shotNumber: 8, offer: "bonus" }]);
  });

  it("asks for the match record only once it can hold shots", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return { ok: false };
    });
    vi.stubGlobal("window", { location: { protocol: "http:", hostname: "localhost", origin: "http://localhost" } });
    server.room = new FakeRoom("121212");
    const session = new TableSession("Дина");
    await session.open({ kind: "join", code: "121212", watch: false });
    server.room.stateHandler?.(state({ phase: "waiting", shotNumber: 1 }));
    server.room.stateHandler?.(state({ phase: "lag", shotNumber: 1 }));
    expect(asked).toEqual([]);
    server.room.stateHandler?.(state({ phase: "play", shotNumber: 4 }));
    server.room.stateHandler?.(state({ phase: "play", shotNumber: 5 }));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/\/api\/matches\/m1$/);
  });

  it("an error message is kept until cleared, with a fresh id each time", async () => {
    server.room = new FakeRoom("555555");
    const session = new TableSession("Ева");
    await session.open({ kind: "join", code: "555555", watch: false });
    server.room.emit("error", { type: "shot", code: "not-your-turn", message: "no" });
    const first = session.getState().error!.id;
    server.room.emit("error", { type: "shot", code: "not-your-turn", message: "no" });
    expect(session.getState().error!.id).toBeGreaterThan(first);
    session.clearError();
    expect(session.getState().error).toBeNull();
  });
});
