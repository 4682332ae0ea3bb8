/** A stand-in for the SDK's room: records handlers and sends, and lets the test play the server. */
export class FakeRoom {
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

export interface Join {
  readonly method: "create" | "joinById";
  readonly id: string;
  readonly options: Record<string, unknown>;
  /** Date.now() when it was asked (the fake timers' clock in tests that use them). */
  readonly at: number;
}

/**
 * The game server as a session reaches it through the SDK's client: every create and join is recorded and
 * answered with `room`, or, while `up` is false, fails as a server that is not listening does.
 */
export const fakeServer = {
  joins: [] as Join[],
  room: new FakeRoom(""),
  up: true,
  /** What the next create or join is refused with, if anything. */
  refusal: null as Error | null,
  reset(): void {
    this.joins.length = 0;
    this.up = true;
    this.refusal = null;
  },
};

/** The module's refusal of a create, with the code the server named. */
export class FakeCreateRefused extends Error {
  readonly code: string;
  readonly limit: number | undefined;
  constructor(message: string, code: string, limit?: number) {
    super(message);
    this.code = code;
    this.limit = limit;
  }
}

/** The module `src/net/game-client.ts` stands for, to be handed to vi.mock. */
export const fakeGameClientModule = {
  CreateRefused: FakeCreateRefused,
  createTable: async (options: Record<string, unknown>) => {
    fakeServer.joins.push({ method: "create", id: "", options, at: Date.now() });
    if (fakeServer.refusal) throw fakeServer.refusal;
    return fakeServer.room;
  },
  gameClient: () => ({
    joinById: async (id: string, options: Record<string, unknown>) => {
      fakeServer.joins.push({ method: "joinById", id, options, at: Date.now() });
      if (!fakeServer.up) throw new TypeError("Failed to fetch");
      if (fakeServer.refusal) throw fakeServer.refusal;
      return fakeServer.room;
    },
  }),
};
