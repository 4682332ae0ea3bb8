import { matchMaker, type Room as ServerRoom } from "@colyseus/core";
import { Client, type Room } from "@colyseus/sdk";
import type { BallPosition } from "@habibka/shared";
import { afterAll, beforeAll } from "vitest";
import { eventually, type RunningServer, startTestServer } from "./test-server.ts";

/**
 * A test's view of one SDK connection to a table: the room plus every message the server sent it, in order,
 * so that tests can wait for "the next error" or "shot number 7" and assert on what a real client received.
 */

export interface Welcome {
  role: "player" | "spectator";
  seat: 0 | 1 | null;
  seatToken?: string;
  matchId: string;
  chat: ChatMessage[];
}

export interface ErrorMessage {
  type: string;
  code: string;
  message: string;
  messageRu?: string;
  field?: string;
}

export interface ShotMessage {
  matchId: string;
  number: number;
  kind: "shot" | "lag" | "clock";
  seat: number;
  request: unknown;
  /** The balls on the table at the stroke. */
  before: { id: number; x: number; y: number }[];
  events: unknown[];
  trace: string;
  duration: number;
  elapsed: number;
  verdict: Record<string, unknown> & { explanation: { ru: string; en: string } };
}

export interface ChatMessage {
  name: string;
  role: "player" | "spectator";
  seat: number | null;
  text: string;
  at: number;
}

export interface ActionMessage {
  kind: "take" | "pass" | "resign" | "absence";
  seat: 0 | 1;
  shotNumber: number;
  offer?: "bonus" | "foul";
}

export interface AimMessage {
  seat: number;
  stroke: unknown;
  call: unknown;
  place?: unknown;
}

/** The synced state's shape as the tests read it (the SDK decodes it by reflection). */
export interface SyncedState {
  code: string;
  visibility: string;
  opening: string;
  shotClock: number;
  seatHoldSeconds: number;
  opponent: string;
  level: string;
  rated: boolean;
  matchId: string;
  phase: string;
  toMove: number;
  offer: string;
  shotNumber: number;
  lastBall: boolean;
  animating: boolean;
  clockLeftMs: number;
  clockSetting: number;
  winner: number;
  finishReason: string;
  lagSent: boolean[] & { length: number };
  rematch: boolean[] & { length: number };
  balls: Iterable<{ id: number; x: number; y: number; onTable: boolean }>;
  players: Map<
    string,
    {
      name: string;
      seat: number;
      connected: boolean;
      shelf: Iterable<number>;
      debt: number;
      holdLeft: number;
      computer: boolean;
      account: string;
      rating: number;
      provisional: boolean;
    }
  >;
  spectators: Map<string, { name: string }>;
  toJSON(): Record<string, unknown>;
}

export interface TableClient {
  readonly room: Room;
  readonly sdk: Client;
  readonly welcomes: Welcome[];
  readonly errors: ErrorMessage[];
  readonly shots: ShotMessage[];
  readonly chats: ChatMessage[];
  readonly aims: AimMessage[];
  readonly actions: ActionMessage[];
  /** The `aim`, `shot` and `action` messages together, in the order they arrived. */
  readonly sequence: (
    | { type: "aim"; message: AimMessage }
    | { type: "shot"; message: ShotMessage }
    | { type: "action"; message: ActionMessage }
  )[];
  /** Close codes seen by `onLeave` and `onDrop`. */
  readonly leaves: number[];
  readonly drops: number[];
  readonly reconnects: { count: number };
  readonly state: SyncedState;
  /** The latest welcome (a reconnection does not send a new one; a rejoin does). */
  welcome(): Welcome;
  send(type: string | number, payload?: unknown): void;
  /** Resolves with the first error after `index` (default: the next one). */
  nextError(after?: number, timeoutMs?: number): Promise<ErrorMessage>;
  leave(): Promise<void>;
}

export function attachTableClient(sdk: Client, room: Room): TableClient {
  const client: TableClient = {
    room,
    sdk,
    welcomes: [],
    errors: [],
    shots: [],
    chats: [],
    aims: [],
    actions: [],
    sequence: [],
    leaves: [],
    drops: [],
    reconnects: { count: 0 },
    get state() {
      return room.state as SyncedState;
    },
    welcome() {
      const last = client.welcomes.at(-1);
      if (!last) throw new Error("no welcome received");
      return last;
    },
    send(type, payload) {
      room.send(type as never, payload as never);
    },
    async nextError(after = client.errors.length, timeoutMs = 5_000) {
      await eventually(() => client.errors.length > after, "an error message", timeoutMs);
      return client.errors[after]!;
    },
    async leave() {
      if (client.leaves.length > 0) return;
      await room.leave(true);
    },
  };
  room.onMessage("welcome", (m: Welcome) => client.welcomes.push(m));
  room.onMessage("error", (m: ErrorMessage) => client.errors.push(m));
  room.onMessage("shot", (m: ShotMessage) => {
    client.shots.push(m);
    client.sequence.push({ type: "shot", message: m });
  });
  room.onMessage("chat", (m: ChatMessage) => client.chats.push(m));
  room.onMessage("aim", (m: AimMessage) => {
    client.aims.push(m);
    client.sequence.push({ type: "aim", message: m });
  });
  room.onMessage("action", (m: ActionMessage) => {
    client.actions.push(m);
    client.sequence.push({ type: "action", message: m });
  });
  room.onLeave((code: number) => client.leaves.push(code));
  room.onDrop((code: number) => client.drops.push(code));
  room.onReconnect(() => client.reconnects.count++);
  // Tests drop connections within seconds of joining; let the SDK reconnect at once.
  room.reconnection.minUptime = 0;
  room.reconnection.minDelay = 20;
  room.reconnection.delay = 20;
  return client;
}

export async function createTable(url: string, options: Record<string, unknown>): Promise<TableClient> {
  const sdk = new Client(url);
  const client = attachTableClient(sdk, await sdk.create("habibka", options));
  await eventually(() => client.welcomes.length > 0 && client.state?.phase !== undefined, "welcome and state");
  return client;
}

export async function joinTable(url: string, code: string, options: Record<string, unknown>): Promise<TableClient> {
  const sdk = new Client(url);
  const client = attachTableClient(sdk, await sdk.joinById(code, options));
  await eventually(() => client.welcomes.length > 0 && client.state?.phase !== undefined, "welcome and state");
  return client;
}

/**
 * Two seated players at a new table: `a` created it (seat 0), `b` joined by its code (seat 1). Private unless
 * asked otherwise: a public table runs a shot clock, whose turns would show in every state a test compares.
 */
export async function seatedPair(
  url: string,
  options: Record<string, unknown> = {},
): Promise<{ a: TableClient; b: TableClient; code: string }> {
  const a = await createTable(url, { name: "Anna", visibility: "private", ...options });
  const code = a.room.roomId;
  const b = await joinTable(url, code, { name: "Boris" });
  await eventually(() => a.state.phase !== "waiting" && b.state.phase !== "waiting", "the match to start");
  return { a, b, code };
}

/**
 * A new connection for a seated player, by its seat token (the old connection is closed with 4001). Its
 * rate limits and strikes start afresh, which lets a test send more refused requests than one connection may.
 */
export async function takeOverSeat(url: string, code: string, old: TableClient): Promise<TableClient> {
  const { seat, seatToken } = old.welcome();
  if (seat === null || !seatToken) throw new Error("only a seated player can take over the seat");
  const name = old.state.players.get(String(seat))?.name ?? "Player";
  const fresh = await joinTable(url, code, { name, seatToken });
  if (fresh.welcome().seat !== seat) throw new Error(`took seat ${fresh.welcome().seat}, not ${seat}`);
  await eventually(() => old.leaves.length > 0, "the replaced connection to close");
  return fresh;
}

/** The room instance in this process, to read its authoritative state and reach its clients' sockets. */
export function serverRoom(code: string): ServerRoom {
  const room = matchMaker.getLocalRoomById(code);
  if (!room) throw new Error(`no local room ${code}`);
  return room as ServerRoom;
}

/**
 * Cuts a client's socket from the server side with no close frame: an abnormal close (1006) for the SDK,
 * which reconnects by itself unless `discard` turns its reconnection off first (the client is gone for good).
 */
export function cutConnection(code: string, client: TableClient, options: { discard?: boolean } = {}): void {
  if (options.discard) client.room.reconnection.enabled = false;
  const serverClient = serverRoom(code).clients.getById(client.room.sessionId);
  if (!serverClient) throw new Error(`no client ${client.room.sessionId} in room ${code}`);
  (serverClient.ref as unknown as { terminate(): void }).terminate();
}

/** The authoritative synced state as JSON (what every client converges to). */
export function serverState(code: string): Record<string, unknown> {
  return (serverRoom(code).state as { toJSON(): Record<string, unknown> }).toJSON();
}

/**
 * The server state without what joining and leaving watchers change: the spectators, and the shot clock's
 * setting, told afresh to every joiner.
 */
export function gameState(code: string): Record<string, unknown> {
  const { spectators: _spectators, clockLeftMs: _left, clockSetting: _setting, ...rest } = serverState(code);
  return rest;
}

export function ballsOnTable(state: SyncedState): BallPosition[] {
  return [...state.balls].filter((b) => b.onTable).map((b) => ({ id: b.id, x: b.x, y: b.y }));
}

export function shelfOf(state: SyncedState, seat: 0 | 1): number[] {
  return [...(state.players.get(String(seat))?.shelf ?? [])];
}

/** Resolves when the client's copy of the state has caught up with the server's (ignoring watchers). */
export async function synced(client: TableClient, code: string, timeoutMs = 5_000): Promise<void> {
  const strip = (s: Record<string, unknown>) => JSON.stringify({ ...s, spectators: undefined });
  await eventually(() => strip(client.state.toJSON()) === strip(serverState(code)), "client state in sync", timeoutMs);
}

let markers = 0;

/**
 * Resolves once the table has handled everything `client` sent before it: what a test asserts did not happen
 * has then had its chance to. A chat line takes its place in the table's one action queue behind every
 * message sent ahead of it on the connection, and is relayed to everyone, its sender too, only when its turn
 * comes; the state patches the earlier messages caused went out at once, ahead of it on the same socket.
 */
export async function handledSoFar(client: TableClient, timeoutMs = 5_000): Promise<void> {
  const text = `marker ${++markers}`;
  const [chats, errors] = [client.chats.length, client.errors.length];
  const refused = () => client.errors.slice(errors).find((e) => e.type === "chat");
  client.send("chat", { text });
  await eventually(
    () => client.chats.slice(chats).some((line) => line.text === text) || refused() !== undefined,
    `the table to relay "${text}"`,
    timeoutMs,
  );
  const refusal = refused();
  if (refusal) throw new Error(`the marker line was refused: ${JSON.stringify(refusal)}`);
}

export async function leaveAll(...clients: (TableClient | undefined)[]): Promise<void> {
  await Promise.all(clients.map((c) => c?.leave().catch(() => undefined)));
}

/**
 * Comes back to a table the way a page does after a restart: joins it again by its code (with the seat
 * token, or to watch), retrying with a growing pause until the server answers, for at most `timeoutMs`.
 */
export async function rejoinTable(
  url: string,
  code: string,
  options: Record<string, unknown>,
  timeoutMs = 60_000,
): Promise<TableClient> {
  const deadline = Date.now() + timeoutMs;
  let pause = 50;
  for (;;) {
    try {
      return await joinTable(url, code, options);
    } catch (cause) {
      if (Date.now() + pause > deadline) throw cause;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 1_000);
    }
  }
}

/**
 * One game server for a whole `describe` block, started before its first test; after its last, the clients
 * its tests put in `clients` leave and the server stops. Read through the returned object once tests run.
 */
export function serverPerSuite(options: Parameters<typeof startTestServer>[0], clients: TableClient[]): RunningServer {
  let started: RunningServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(async () => {
    await leaveAll(...clients.splice(0));
    await started?.stop();
  });
  const current = (): RunningServer => {
    if (!started) throw new Error("the suite's server is read before its tests run");
    return started;
  };
  return {
    get port() {
      return current().port;
    },
    get httpUrl() {
      return current().httpUrl;
    },
    get server() {
      return current().server;
    },
    get accounts() {
      return current().accounts;
    },
    stop: () => current().stop(),
  };
}
