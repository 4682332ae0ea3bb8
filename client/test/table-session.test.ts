import { beforeEach, describe, expect, it, vi } from "vitest";

/** A stand-in for the SDK's room: records handlers and sends, and lets the test play the server. */
class FakeRoom {
  roomId: string;
  sessionId = "s1";
  sent: [string, unknown][] = [];
  handlers = new Map<string, (payload: unknown) => void>();
  stateHandler: ((state: unknown) => void) | null = null;
  dropHandler: (() => void) | null = null;
  reconnectHandler: (() => void) | null = null;
  leaveHandler: ((code: number) => void) | null = null;
  left = false;
  constructor(roomId: string) {
    this.roomId = roomId;
  }
  onMessage(type: string, cb: (payload: unknown) => void) {
    this.handlers.set(type, cb);
  }
  onStateChange(cb: (state: unknown) => void) {
    this.stateHandler = cb;
  }
  onDrop(cb: () => void) {
    this.dropHandler = cb;
  }
  onReconnect(cb: () => void) {
    this.reconnectHandler = cb;
  }
  onLeave(cb: (code: number) => void) {
    this.leaveHandler = cb;
  }
  send(type: string, payload: unknown) {
    this.sent.push([type, payload]);
  }
  async leave() {
    this.left = true;
    return 1000;
  }
  emit(type: string, payload: unknown) {
    this.handlers.get(type)?.(payload);
  }
}

const joins: { method: string; id: string; options: Record<string, unknown> }[] = [];
let nextRoom: FakeRoom;
vi.mock("../src/net/game-client.ts", () => ({
  gameClient: () => ({
    create: async (_name: string, options: Record<string, unknown>) => {
      joins.push({ method: "create", id: "", options });
      return nextRoom;
    },
    joinById: async (id: string, options: Record<string, unknown>) => {
      joins.push({ method: "joinById", id, options });
      return nextRoom;
    },
  }),
}));

const { TableSession } = await import("../src/net/table-session.ts");

const store = new Map<string, string>();
beforeEach(() => {
  joins.length = 0;
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
    nextRoom = new FakeRoom("482913");
    const session = new TableSession("Анна");
    await session.open({ kind: "create", visibility: "private", opening: "lag", shotClock: 0 });
    expect(session.getState().code).toBe("482913");
    nextRoom.emit("welcome", { role: "player", seat: 0, seatToken: "secret", matchId: "m1" });
    expect(session.getState()).toMatchObject({ role: "player", seat: 0 });
    expect(store.get("habibka.seat.482913")).toBe("secret");
    session.close();

    nextRoom = new FakeRoom("482913");
    const again = new TableSession("Анна");
    await again.open({ kind: "join", code: "482913", watch: false });
    expect(joins.at(-1)).toMatchObject({ method: "joinById", id: "482913", options: { seatToken: "secret" } });
  });

  it("creates a table against the computer with its level, and no other table option", async () => {
    nextRoom = new FakeRoom("654321");
    const session = new TableSession("Анна");
    await session.open({ kind: "computer", level: "novice" });
    expect(joins.at(-1)).toEqual({
      method: "create",
      id: "",
      options: { name: "Анна", opponent: "computer", level: "novice" },
    });
    expect(session.getState().code).toBe("654321");
  });

  it("keeps the shelves and debts at a live shot's stroke, and none for a shot that arrives after its result", async () => {
    nextRoom = new FakeRoom("222333");
    const session = new TableSession("Анна");
    await session.open({ kind: "join", code: "222333", watch: false });
    const seats = (shelf0: number[], debt1: number) =>
      new Map([
        ["0", { name: "Анна", seat: 0, connected: true, shelf: shelf0, debt: 0 }],
        ["1", { name: "Борис", seat: 1, connected: true, shelf: [9], debt: debt1 }],
      ]);
    nextRoom.stateHandler?.(state({ players: seats([3, 7], 1) }));
    nextRoom.emit("shot", shot(5));
    expect(session.getState().shots.at(-1)?.situation).toEqual({ shelves: [[3, 7], [9]], debts: [0, 1] });
    nextRoom.stateHandler?.(state({ shotNumber: 7, players: seats([3, 7, 2], 0) }));
    nextRoom.emit("shot", shot(6));
    expect(session.getState().shots.at(-1)?.situation).toBeNull();
  });

  it("plays a received shot over the table at its stroke, as the server sent it; a lag over its two balls", async () => {
    nextRoom = new FakeRoom("111111");
    const session = new TableSession("Борис");
    await session.open({ kind: "join", code: "111111", watch: true });
    nextRoom.stateHandler?.(state());
    nextRoom.emit("shot", {
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
    nextRoom.emit("shot", {
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
    nextRoom = new FakeRoom("222222");
    const session = new TableSession("Вера");
    await session.open({ kind: "join", code: "222222", watch: false });
    nextRoom.stateHandler?.(state());
    nextRoom.emit("shot", { matchId: "m1", number: 5, kind: "clock", seat: 0, before: [] });
    nextRoom.emit("aim", { seat: 1, stroke: { cue: 3, angle: 10, speed: 2, offset: { x: 0, y: 0 } }, call: [] });
    expect(session.getState().aim).not.toBeNull();
    nextRoom.stateHandler?.(state({ shotNumber: 6, toMove: 1 }));
    expect(session.getState().aim).toBeNull();
    expect(session.getState().shots).toHaveLength(1);
    nextRoom.stateHandler?.(state({ matchId: "m2", shotNumber: 1 }));
    expect(session.getState().shots).toHaveLength(0);
  });

  it("shows a drop and its recovery, and a takeover as final", async () => {
    nextRoom = new FakeRoom("333333");
    const session = new TableSession("Глеб");
    await session.open({ kind: "join", code: "333333", watch: false });
    nextRoom.dropHandler?.();
    expect(session.getState().status.kind).toBe("reconnecting");
    nextRoom.reconnectHandler?.();
    expect(session.getState().status.kind).toBe("joined");
    nextRoom.leaveHandler?.(4001);
    expect(session.getState().status.kind).toBe("taken-over");
  });

  it("rejoins with the seat token after the SDK's reconnection gave up", async () => {
    vi.useFakeTimers();
    store.set("habibka.seat.444444", "tok");
    nextRoom = new FakeRoom("444444");
    const session = new TableSession("Дина");
    await session.open({ kind: "join", code: "444444", watch: false });
    const first = nextRoom;
    nextRoom = new FakeRoom("444444");
    first.leaveHandler?.(1006);
    expect(session.getState().status.kind).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(2000);
    expect(joins.at(-1)).toMatchObject({ method: "joinById", id: "444444", options: { seatToken: "tok" } });
    expect(session.getState().status.kind).toBe("joined");
    vi.useRealTimers();
    session.close();
  });

  it("holds the match as it was before the shot until its playback ends here, then shows it all at once", async () => {
    nextRoom = new FakeRoom("666666");
    const session = new TableSession("Анна");
    await session.open({ kind: "join", code: "666666", watch: false });
    nextRoom.emit("welcome", { role: "player", seat: 0, matchId: "m1" });
    const players = (shelf: number[], debt: number) =>
      new Map([
        ["0", { name: "Анна", seat: 0, connected: true, shelf, debt }],
        ["1", { name: "Борис", seat: 1, connected: true, shelf: [], debt }],
      ]);
    nextRoom.stateHandler?.(state({ players: players([], 0) }));
    nextRoom.emit("shot", {
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
    nextRoom.stateHandler?.(state({ shotNumber: 6, toMove: 1, offer: "", animating: true, players: players([3], 1) }));
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
    expect(nextRoom.sent).toContainEqual(["seen", { shotNumber: 6 }]);
  });

  it("a playback ended before the state shows the shot's result sends `seen` once that state arrives", async () => {
    nextRoom = new FakeRoom("777777");
    const session = new TableSession("Борис");
    await session.open({ kind: "join", code: "777777", watch: false });
    nextRoom.emit("welcome", { role: "player", seat: 1, matchId: "m1" });
    nextRoom.stateHandler?.(state());
    nextRoom.emit("shot", shot(5));
    session.endPlayback();
    expect(nextRoom.sent.filter(([type]) => type === "seen")).toEqual([]);
    nextRoom.stateHandler?.(state({ shotNumber: 6, toMove: 1 }));
    expect(nextRoom.sent.filter(([type]) => type === "seen")).toEqual([["seen", { shotNumber: 6 }]]);
  });

  it("a server that does not know `seen` is not sent it again, and its refusal is not shown", async () => {
    nextRoom = new FakeRoom("131313");
    const session = new TableSession("Ева");
    await session.open({ kind: "join", code: "131313", watch: false });
    nextRoom.emit("welcome", { role: "player", seat: 0, matchId: "m1" });
    nextRoom.stateHandler?.(state());
    nextRoom.emit("shot", shot(5));
    nextRoom.stateHandler?.(state({ shotNumber: 6 }));
    session.endPlayback();
    nextRoom.emit("error", { type: "seen", code: "unknown-message", message: "unknown message type" });
    expect(session.getState().error).toBeNull();
    nextRoom.emit("shot", shot(6));
    nextRoom.stateHandler?.(state({ shotNumber: 7 }));
    session.endPlayback();
    expect(nextRoom.sent.filter(([type]) => type === "seen")).toEqual([["seen", { shotNumber: 6 }]]);
  });

  it("a spectator never sends `seen`; a new shot replaces a playback still running", async () => {
    nextRoom = new FakeRoom("888888");
    const session = new TableSession("Вера");
    await session.open({ kind: "join", code: "888888", watch: true });
    nextRoom.emit("welcome", { role: "spectator", seat: null, matchId: "m1" });
    nextRoom.stateHandler?.(state());
    nextRoom.emit("shot", shot(5));
    nextRoom.stateHandler?.(state({ shotNumber: 6 }));
    nextRoom.emit("shot", shot(6));
    expect(session.getState().playback?.record.message.number).toBe(6);
    // The table held for shot 6 is the one shot 5 left.
    expect(session.getState().snapshot.shotNumber).toBe(6);
    session.endPlayback();
    nextRoom.stateHandler?.(state({ shotNumber: 7 }));
    expect(nextRoom.sent.filter(([type]) => type === "seen")).toEqual([]);
  });

  it("the chat history comes with every welcome, and decisions that are not shots are kept for the log", async () => {
    nextRoom = new FakeRoom("999999");
    const session = new TableSession("Глеб");
    await session.open({ kind: "join", code: "999999", watch: false });
    const line = (text: string) => ({ name: "Анна", role: "player", seat: 0, text, at: 1 });
    nextRoom.emit("chat", line("старое"));
    nextRoom.emit("welcome", { role: "player", seat: 1, matchId: "m1", chat: [line("раз"), line("два")] });
    expect(session.getState().chat.map((c) => c.text)).toEqual(["раз", "два"]);
    nextRoom.emit("action", { kind: "take", seat: 0, shotNumber: 8, offer: "bonus" });
    expect(session.getState().actions).toEqual([{ kind: "take", seat: 0, shotNumber: 8, offer: "bonus" }]);
  });

  it("asks for the match record only once it can hold shots", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return { ok: false };
    });
    vi.stubGlobal("window", { location: { protocol: "http:", hostname: "localhost", origin: "http://localhost" } });
    nextRoom = new FakeRoom("121212");
    const session = new TableSession("Дина");
    await session.open({ kind: "join", code: "121212", watch: false });
    nextRoom.stateHandler?.(state({ phase: "waiting", shotNumber: 1 }));
    nextRoom.stateHandler?.(state({ phase: "lag", shotNumber: 1 }));
    expect(asked).toEqual([]);
    nextRoom.stateHandler?.(state({ phase: "play", shotNumber: 4 }));
    nextRoom.stateHandler?.(state({ phase: "play", shotNumber: 5 }));
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/\/api\/matches\/m1$/);
  });

  it("an error message is kept until cleared, with a fresh id each time", async () => {
    nextRoom = new FakeRoom("555555");
    const session = new TableSession("Ева");
    await session.open({ kind: "join", code: "555555", watch: false });
    nextRoom.emit("error", { type: "shot", code: "not-your-turn", message: "no" });
    const first = session.getState().error!.id;
    nextRoom.emit("error", { type: "shot", code: "not-your-turn", message: "no" });
    expect(session.getState().error!.id).toBeGreaterThan(first);
    session.clearError();
    expect(session.getState().error).toBeNull();
  });
});
