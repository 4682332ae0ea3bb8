import { CLIENT_MESSAGE_TYPES, type ClientMessageType, readUntrusted } from "@habibka/shared/protocol";
import type { PlayerIndex } from "@habibka/shared/rules";
import fc from "fast-check";
import { afterAll, beforeAll, expect } from "vitest";
import type { GameServerOptions } from "../../src/game-server.ts";
import type { RateLimitSettings } from "../../src/rate-limits.ts";
import { BATCH, batchOf, isClientType, SCHEMAS, type Sent, trickyType, unknownType } from "./fuzz-payloads.ts";
import {
  gameState,
  joinTable,
  leaveAll,
  seatedPair,
  serverState,
  type TableClient,
  takeOverSeat,
} from "./table-client.ts";
import {
  eventually,
  type RunningServer,
  startTestServer,
  TEST_RATE_LIMITS,
  UNLIMITED_MESSAGES,
} from "./test-server.ts";

/**
 * The harness of the phase fuzz (fuzz-offer, fuzz-animating, fuzz-finished and fuzz-computer.test.ts): the
 * fuzz of fuzz.test.ts in the phases it does not reach. Every message type (with `seen`, and types that are
 * no handler's) from spectators and seats: each refused message gets an `error` with its specific code, the
 * synced state does not change for any of them, no connection is dropped short of the strike limit, and the
 * phase's own next step still works.
 */

/** A third of the payloads well-formed: the phase's own refusals are what this file is about. */
export const batch = batchOf(CLIENT_MESSAGE_TYPES, fc.oneof(unknownType, trickyType), {
  shaped: 3,
  wellFormed: 3,
  junk: 2,
});

/**
 * Every payload must get its own answer, with no rate limit standing in for it. Each batch ends with a chat
 * line (see `send`), so one address chats far more than a person would.
 */
const RATES: RateLimitSettings = {
  ...TEST_RATE_LIMITS,
  address: { ...TEST_RATE_LIMITS.address, chat: { points: 1_000_000, seconds: 10 } },
  message: UNLIMITED_MESSAGES,
};

/** What the room must answer one message with. */
type Answer =
  /** One `error`, with one of these codes. */
  | { readonly kind: "error"; readonly codes: readonly string[] }
  /** The line relayed back to its sender. */
  | { readonly kind: "chat" }
  /** Nothing: accepted, and it changes no synced state (an aim relayed to the others, a `seen`). */
  | { readonly kind: "silent" }
  /** Nothing or one `error` with one of these codes: which depends on a moment the test does not control. */
  | { readonly kind: "maybe"; readonly codes: readonly string[] }
  /** Not sent: a well-formed request that may legitimately change the match. */
  | { readonly kind: "skip" };

export type Role = "spectator" | PlayerIndex;
/** A well-formed message as the room parsed it: only its shot number matters to the judges. */
type Valid = { readonly shotNumber?: number };
/** The answer to a well-formed, non-chat message from a seat, in the phase under test. */
export type Judge = (seat: PlayerIndex, type: Exclude<ClientMessageType, "chat">, message: Valid) => Answer;

export const refused = (...codes: string[]): Answer => ({ kind: "error", codes });
export const SILENT: Answer = { kind: "silent" };
export const SKIP: Answer = { kind: "skip" };

interface Probe extends Sent {
  readonly answer: Answer;
  /** Which errors answer it: those with its type, or for an unknown type every `unknown-message`. */
  readonly group: string;
}

/**
 * The group of every unknown type's answer. The `type` such an error names is not always the one sent: the
 * wildcard handler is given the payload in the type's place, and an empty type arrives as none at all.
 */
const UNKNOWN = "unknown-message";
const groupOf = (error: { type: string; code: string }) => (error.code === UNKNOWN ? UNKNOWN : error.type);

export function probe(role: Role, message: Sent, judge: Judge): Probe {
  const known = isClientType(message.type);
  const make = (answer: Answer): Probe => ({ ...message, answer, group: known ? String(message.type) : UNKNOWN });
  if (!known) return make(refused(UNKNOWN));
  const payload = message.payload ?? {};
  const parsed = readUntrusted(SCHEMAS[message.type], payload);
  if (!parsed.ok) return make(refused("bad-message"));
  if (message.type === "chat") return make({ kind: "chat" });
  if (role === "spectator") return make(refused("not-seated"));
  return make(judge(role, message.type, (parsed.value ?? {}) as Valid));
}

/** What one phase sent and how it was answered, for its summary line. */
export class Tally {
  batches = 0;
  sent = 0;
  skipped = 0;
  chats = 0;
  silent = 0;
  readonly codes = new Map<string, number>();

  summary(name: string): string {
    const codes = [...this.codes].sort((x, y) => y[1] - x[1]).map(([code, n]) => `${code} ${n}`);
    return (
      `${name}: ${this.sent} messages in ${this.batches} batches (${this.skipped} well-formed actions not sent); ` +
      `${this.chats} chats relayed, ${this.silent} answered by nothing; errors: ${codes.join(", ")}`
    );
  }
}

let barriers = 0;

/**
 * Sends the probes from `client`, then a chat line of its own, and checks the answers once that line comes
 * back. The room handles a connection's messages in order and relays the line only after everything sent
 * before it was answered, so what arrived by then is every answer there will be, silence included.
 */
export async function send(client: TableClient, probes: readonly Probe[], tally: Tally): Promise<void> {
  const errorsBefore = client.errors.length;
  const chatsBefore = client.chats.length;
  const barrier = `fuzz barrier ${++barriers}`;
  for (const p of probes) client.send(p.type, p.payload);
  client.send("chat", { text: barrier });
  await eventually(
    () => client.leaves.length > 0 || client.chats.some((c) => c.text === barrier),
    () => `the barrier after ${probes.length} messages (${client.errors.length - errorsBefore} errors so far)`,
  );
  const refusals = probes.filter((p) => p.answer.kind === "error").length;
  expect(client.leaves, `the connection stays open after ${refusals} refusals`).toEqual([]);

  const chats = client.chats.slice(chatsBefore).filter((c) => c.text !== barrier);
  expect(chats.length, "every valid chat relayed").toBe(probes.filter((p) => p.answer.kind === "chat").length);

  const errors = client.errors.slice(errorsBefore);
  const groups = new Map<string, { must: number; maybe: number; answers: Answer[] }>();
  for (const p of probes) {
    const group = groups.get(p.group) ?? { must: 0, maybe: 0, answers: [] };
    if (p.answer.kind === "error") group.must++;
    if (p.answer.kind === "maybe") group.maybe++;
    group.answers.push(p.answer);
    groups.set(p.group, group);
  }
  const sentAs = (group: string) =>
    JSON.stringify(
      probes.filter((p) => p.group === group).map(({ type, payload, answer }) => ({ type, payload, answer })),
    );
  for (const error of errors) {
    const group = groups.get(groupOf(error));
    expect(group, `an error for a type nobody sent: ${JSON.stringify(error)}`).toBeDefined();
    const allowed = group!.answers.some(
      (answer) => (answer.kind === "error" || answer.kind === "maybe") && answer.codes.includes(error.code),
    );
    expect(allowed, `${JSON.stringify(error)} answered ${sentAs(groupOf(error))}`).toBe(true);
    expect(error.message.length, "the error says what is wrong").toBeGreaterThan(0);
    tally.codes.set(error.code, (tally.codes.get(error.code) ?? 0) + 1);
  }
  for (const [type, group] of groups) {
    const got = errors.filter((e) => groupOf(e) === type).length;
    expect(got, `errors for ${sentAs(type)}`).toBeGreaterThanOrEqual(group.must);
    expect(got, `errors for ${sentAs(type)}`).toBeLessThanOrEqual(group.must + group.maybe);
  }
  tally.batches++;
  tally.sent += probes.length;
  tally.chats += chats.length;
  tally.silent += probes.filter((p) => p.answer.kind === "silent").length;
}

// ---- tables ---------------------------------------------------------------------------------------

/** A table under fuzz: its code and its seats' current connections (a fresh one replaces each per batch). */
export interface Table {
  readonly url: string;
  readonly code: string;
  readonly seats: [TableClient | undefined, TableClient | undefined];
}

export function seatOf(table: Table, seat: PlayerIndex): TableClient {
  const client = table.seats[seat];
  if (!client) throw new Error(`nobody in seat ${seat}`);
  return client;
}

/**
 * A fresh connection for the role: a new spectator, or the seat taken over by its token, so that every
 * batch starts with a clean slate of rates and strikes.
 */
export async function connect(table: Table, role: Role): Promise<TableClient> {
  if (role === "spectator") return joinTable(table.url, table.code, { name: "Fuzz", watch: true });
  const fresh = await takeOverSeat(table.url, table.code, seatOf(table, role));
  table.seats[role] = fresh;
  return fresh;
}

/** The synced state the fuzz compares: everything but the seat holds' seconds, which count down. */
export function snapshot(code: string): Record<string, unknown> {
  const { players, ...rest } = gameState(code) as {
    players: Record<string, Record<string, unknown>>;
  };
  const seats = Object.entries(players).map(([seat, { holdLeft: _hold, ...player }]) => [seat, player]);
  return { ...rest, players: Object.fromEntries(seats) };
}

export interface RecordedAction {
  readonly type: string;
  readonly player?: number;
}

/** The actions of the table's current match as its record holds them (the public match API). */
export async function recordedActions(table: Table): Promise<RecordedAction[]> {
  const matchId = serverState(table.code).matchId as string;
  const response = await fetch(`${table.url}/api/matches/${matchId}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { record: { actions: { action: string | RecordedAction }[] } };
  return body.record.actions.map(({ action }) =>
    typeof action === "string" ? (JSON.parse(action) as RecordedAction) : action,
  );
}

/**
 * A phase fuzz test's guard against a hang, not a deadline: its batches take about ten seconds on an idle
 * machine and several times that on a busy one, and every batch is always sent.
 */
export const FUZZ_TEST_TIMEOUT_MS = 240_000;

interface FuzzOptions {
  readonly roles: readonly Role[];
  readonly judge: Judge;
  readonly runs: number;
  readonly seed: number;
}

/**
 * Batches from the roles while nothing else moves at the table: the synced state and the match record must
 * be exactly as they were after every batch.
 */
export async function fuzzStill(table: Table, options: FuzzOptions, tally: Tally): Promise<void> {
  const recorded = (await recordedActions(table)).length;
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(batch, fc.constantFrom(...options.roles), async (messages, role) => {
      runs++;
      const client = await connect(table, role);
      try {
        const before = snapshot(table.code);
        const probes = messages.map((m) => probe(role, m, options.judge));
        tally.skipped += probes.filter((p) => p.answer.kind === "skip").length;
        await send(
          client,
          probes.filter((p) => p.answer.kind !== "skip"),
          tally,
        );
        expect(snapshot(table.code)).toEqual(before);
      } finally {
        if (role === "spectator") await client.leave();
      }
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  expect(runs, "every batch was sent").toBe(options.runs);
  expect((await recordedActions(table)).length, "nothing recorded").toBe(recorded);
}

/** A spectator's 19 refusals leave it connected; the 20th closes it as hostile (4400). */
export async function strikeLimitHolds(table: Table): Promise<void> {
  const spectator = await joinTable(table.url, table.code, { name: "Strikes", watch: true });
  const probes = Array.from({ length: BATCH }, (_, i) =>
    probe("spectator", { type: i % 2 ? "shot" : "no-such-type", payload: { i } }, () => SKIP),
  );
  await send(spectator, probes, new Tally());
  spectator.send("lag", { i: BATCH });
  await eventually(() => spectator.leaves.length > 0, "the 20th refusal's close");
  expect(spectator.leaves).toEqual([4400]);
}

/** The number a well-formed message carries; NaN for types without one. */
export const numberOf = (message: Valid) => message.shotNumber ?? Number.NaN;

// ---- a phase fuzz file's server -------------------------------------------------------------------

interface FuzzServerOptions {
  /** The phase's name in the tally's summary line, printed when the file ends. */
  readonly name: string;
  /** The server's seed and time scales; its rates are always RATES. */
  readonly server: Pick<GameServerOptions, "seed" | "animationScale" | "thinkScale">;
  /**
   * Who sits at the table: by default two people at a private table (`pair` adds to its options), the
   * lag drawn, until its opening; or a file's own seating.
   */
  readonly pair?: Record<string, unknown>;
  readonly seat?: (url: string) => Promise<Table>;
}

/** What a phase fuzz file works with, once its `beforeAll` has run. */
export interface FuzzServer {
  readonly table: Table;
  readonly tally: Tally;
}

/**
 * Starts the server and seats the table before a phase fuzz file's tests, and after them prints the tally,
 * sends everyone away and stops the server. Call it at the top of the file's `describe`; a file's own
 * `beforeAll` after it plays the table on to the phase it fuzzes.
 */
export function withFuzzServer(options: FuzzServerOptions): FuzzServer {
  let running: RunningServer | undefined;
  let table: Table | undefined;
  const tally = new Tally();
  beforeAll(async () => {
    running = await startTestServer({ ...options.server, rateLimits: RATES });
    table = options.seat ? await options.seat(running.httpUrl) : await drawnPair(running.httpUrl, options.pair);
  });
  afterAll(async () => {
    console.info(tally.summary(options.name));
    if (table) await leaveAll(...table.seats);
    await running?.stop();
  });
  return {
    get table() {
      if (!table) throw new Error("the fuzz table is seated in beforeAll");
      return table;
    },
    tally,
  };
}

/** Two people at a table whose lag is drawn, once its opening has come. */
async function drawnPair(url: string, options: Record<string, unknown> = {}): Promise<Table> {
  const pair = await seatedPair(url, { opening: "draw", ...options });
  await eventually(() => pair.a.state.phase === "opening", "the opening after the draw");
  return { url, code: pair.code, seats: [pair.a, pair.b] };
}
