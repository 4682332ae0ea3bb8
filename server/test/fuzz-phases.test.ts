import { COMPUTER_SEAT } from "@habibka/shared/match";
import { CLIENT_MESSAGE_TYPES, type ClientMessageType, readUntrusted } from "@habibka/shared/protocol";
import type { PlayerIndex } from "@habibka/shared/rules";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RateLimitSettings } from "../src/rate-limits.ts";
import { BATCH, batchOf, isClientType, SCHEMAS, type Sent, trickyType, unknownType } from "./support/fuzz-payloads.ts";
import { openingShot } from "./support/opening-shot.ts";
import { findBonusShot } from "./support/pottable-shot.ts";
import { shooterView } from "./support/scripted-match.ts";
import { type SeatMove, scriptedPerson, sendMove, situationFromState } from "./support/seat-player.ts";
import { missStroke, playOneShot } from "./support/short-match.ts";
import {
  createTable,
  gameState,
  joinTable,
  leaveAll,
  seatedPair,
  serverState,
  type TableClient,
  takeOverSeat,
} from "./support/table-client.ts";
import {
  eventually,
  type RunningServer,
  startTestServer,
  TEST_RATE_LIMITS,
  UNLIMITED_MESSAGES,
} from "./support/test-server.ts";

/**
 * The fuzz of fuzz.test.ts in the phases it does not reach: an offer waiting for its answer, a shot still
 * animating, a finished match before and after a rematch request, and a table where the computer thinks and
 * plays meanwhile. Every message type (with `seen`, and types that are no handler's) from spectators and
 * seats: each refused message gets an `error` with its specific code, the synced state does not change for
 * any of them, no connection is dropped short of the strike limit, and the phase's own next step still works.
 */

/** A third of the payloads well-formed: the phase's own refusals are what this file is about. */
const batch = batchOf(CLIENT_MESSAGE_TYPES, fc.oneof(unknownType, trickyType), { shaped: 3, wellFormed: 3, junk: 2 });

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

type Role = "spectator" | PlayerIndex;
/** A well-formed message as the room parsed it: only its shot number matters to the judges. */
type Valid = { readonly shotNumber?: number };
/** The answer to a well-formed, non-chat message from a seat, in the phase under test. */
type Judge = (seat: PlayerIndex, type: Exclude<ClientMessageType, "chat">, message: Valid) => Answer;

const refused = (...codes: string[]): Answer => ({ kind: "error", codes });
const SILENT: Answer = { kind: "silent" };
const SKIP: Answer = { kind: "skip" };

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

function probe(role: Role, message: Sent, judge: Judge): Probe {
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
class Tally {
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
async function send(client: TableClient, probes: readonly Probe[], tally: Tally): Promise<void> {
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
interface Table {
  readonly url: string;
  readonly code: string;
  readonly seats: [TableClient | undefined, TableClient | undefined];
}

function seatOf(table: Table, seat: PlayerIndex): TableClient {
  const client = table.seats[seat];
  if (!client) throw new Error(`nobody in seat ${seat}`);
  return client;
}

/**
 * A fresh connection for the role: a new spectator, or the seat taken over by its token, so that every
 * batch starts with a clean slate of rates and strikes.
 */
async function connect(table: Table, role: Role): Promise<TableClient> {
  if (role === "spectator") return joinTable(table.url, table.code, { name: "Fuzz", watch: true });
  const fresh = await takeOverSeat(table.url, table.code, seatOf(table, role));
  table.seats[role] = fresh;
  return fresh;
}

/** The synced state the fuzz compares: everything but the seconds that the clocks count down. */
function snapshot(code: string): Record<string, unknown> {
  const {
    clockLeft: _clock,
    players,
    ...rest
  } = gameState(code) as {
    clockLeft: number;
    players: Record<string, Record<string, unknown>>;
  };
  const seats = Object.entries(players).map(([seat, { holdLeft: _hold, ...player }]) => [seat, player]);
  return { ...rest, players: Object.fromEntries(seats) };
}

interface RecordedAction {
  readonly type: string;
  readonly player?: number;
}

/** The actions of the table's current match as its record holds them (the public match API). */
async function recordedActions(table: Table): Promise<RecordedAction[]> {
  const matchId = serverState(table.code).matchId as string;
  const response = await fetch(`${table.url}/api/matches/${matchId}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { record: { actions: { action: string | RecordedAction }[] } };
  return body.record.actions.map(({ action }) =>
    typeof action === "string" ? (JSON.parse(action) as RecordedAction) : action,
  );
}

interface FuzzOptions {
  readonly roles: readonly Role[];
  readonly judge: Judge;
  readonly runs: number;
  readonly seed: number;
  readonly timeLimitMs: number;
}

/**
 * Batches from the roles while nothing else moves at the table: the synced state and the match record must
 * be exactly as they were after every batch.
 */
async function fuzzStill(table: Table, options: FuzzOptions, tally: Tally): Promise<void> {
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
    { numRuns: options.runs, seed: options.seed, interruptAfterTimeLimit: options.timeLimitMs, endOnFailure: true },
  );
  expect(runs, "every run within the time limit").toBe(options.runs);
  expect((await recordedActions(table)).length, "nothing recorded").toBe(recorded);
}

/** A spectator's 19 refusals leave it connected; the 20th closes it as hostile (4400). */
async function strikeLimitHolds(table: Table): Promise<void> {
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
const numberOf = (message: Valid) => message.shotNumber ?? Number.NaN;

// ---- (a) an offer -----------------------------------------------------------------------------------

/**
 * While an offer waits: the seat it is offered to may answer it, shoot (which takes it), aim or resign, all
 * with the current shot number; anything else from it, and every action of the other seat, is refused.
 */
function offerJudge(answerer: PlayerIndex, current: number): Judge {
  return (seat, type, message) => {
    const mine = seat === answerer;
    switch (type) {
      case "shot":
      case "answer":
        // The match checks whose turn it is before the number (shared/src/match/apply-action.ts).
        if (!mine) return refused("not-your-turn");
        return numberOf(message) === current ? SKIP : refused("stale-shot");
      case "aim":
        return mine ? SILENT : refused("not-your-turn");
      case "seen":
        return SILENT;
      case "resign":
        return SKIP;
      case "lag":
      case "rematch":
        return refused("wrong-phase");
    }
  };
}

describe("fuzzing an offer waiting for its answer", () => {
  let running: RunningServer;
  let table: Table;
  const tally = new Tally();

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 11, animationScale: 0.01, rateLimits: RATES });
    // Public, so its shot clock runs (90 s, far longer than the fuzz) and the comparison must look past it.
    const pair = await seatedPair(running.httpUrl, { opening: "draw", visibility: "public", shotClock: 90 });
    table = { url: running.httpUrl, code: pair.code, seats: [pair.a, pair.b] };
    await eventually(() => pair.a.state.phase === "opening", "the opening after the draw");
  });
  afterAll(async () => {
    console.info(tally.summary("offer"));
    await leaveAll(...table.seats);
    await running.stop();
  });

  const players = () => [seatOf(table, 0), seatOf(table, 1)] as const;
  const state = () => seatOf(table, 0).state;

  it("refuses random payloads during a foul offer, and the offer can still be passed", async () => {
    // After the opening the seat to move misses: a foul, and the other seat may play on or make the
    // offender continue (clause 16).
    await playOneShot(players(), false);
    const offender = state().toMove as PlayerIndex;
    const mover = seatOf(table, offender);
    const missed = state().shotNumber;
    mover.send("shot", { shotNumber: missed, stroke: missStroke(mover.state), call: [] });
    await eventually(() => state().shotNumber > missed && !state().animating, "the miss judged and shown");
    expect(state()).toMatchObject({ phase: "play", offer: "foul", toMove: 1 - offender });
    expect(state().clockLeft).toBeGreaterThan(0);

    const answerer = state().toMove as PlayerIndex;
    const current = state().shotNumber;
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: offerJudge(answerer, current), runs: 60, seed: 1, timeLimitMs: 15_000 },
      tally,
    );
    await strikeLimitHolds(table);

    // Passed back, the offender must play on.
    const taker = seatOf(table, answerer);
    taker.send("answer", { shotNumber: current, accept: false });
    await eventually(() => state().offer === "" && state().toMove === offender, "the pass");
    expect(taker.actions.at(-1)).toEqual({ kind: "pass", seat: answerer, shotNumber: current, offer: "foul" });
    expect(state().shotNumber).toBe(current);
  }, 60_000);

  it("refuses random payloads during a bonus offer, and the offer can still be taken", async () => {
    // Two balls down in one fair shot earn the striker a bonus shot (clause 9): the seat to move looks for a
    // stroke that does it, and if this table has none, plays on and looks again.
    for (let i = 0; i < 6 && state().offer !== "bonus"; i++) {
      const seat = state().toMove as PlayerIndex;
      const striker = seatOf(table, seat);
      const planned = striker.state.offer === "" ? findBonusShot(shooterView(striker.state, seat), 8_000) : null;
      if (!planned) {
        await playOneShot(players(), false);
        continue;
      }
      const number = striker.state.shotNumber;
      striker.send("shot", { shotNumber: number, stroke: planned.stroke, call: planned.call });
      await eventually(() => state().shotNumber > number && !state().animating, "the two-ball shot judged");
    }
    expect(state()).toMatchObject({ phase: "play", offer: "bonus" });

    const answerer = state().toMove as PlayerIndex;
    const current = state().shotNumber;
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: offerJudge(answerer, current), runs: 60, seed: 2, timeLimitMs: 15_000 },
      tally,
    );

    // Taken, the offer is the striker's turn, and his shot is played.
    const striker = seatOf(table, answerer);
    striker.send("answer", { shotNumber: current, accept: true });
    await eventually(() => state().offer === "" && striker.actions.some((a) => a.kind === "take"), "the take");
    expect(striker.actions.at(-1)).toEqual({ kind: "take", seat: answerer, shotNumber: current, offer: "bonus" });
    expect(state().toMove).toBe(answerer);
    striker.send("shot", { shotNumber: current, stroke: missStroke(striker.state), call: [] });
    await eventually(() => state().shotNumber === current + 1, "the bonus shot played");
  }, 60_000);
});

// ---- (b) a shot animating ---------------------------------------------------------------------------

/**
 * While a shot animates nothing is played: shots and answers are refused as `animating`; the seat to act
 * may aim, and its `seen` of the current shot ends the animation; anybody else's `seen` changes nothing.
 */
function animatingJudge(waitedFor: PlayerIndex, current: number): Judge {
  return (seat, type, message) => {
    const mine = seat === waitedFor;
    switch (type) {
      case "shot":
      case "answer":
        return refused("animating");
      case "aim":
        return mine ? SILENT : refused("not-your-turn");
      case "seen":
        return mine && numberOf(message) === current ? SKIP : SILENT;
      case "resign":
        return SKIP;
      case "lag":
      case "rematch":
        return refused("wrong-phase");
    }
  };
}

describe("fuzzing a shot while it animates", () => {
  let running: RunningServer;
  let table: Table;
  const tally = new Tally();
  /** The animation runs a hundred times its length: minutes, ended only by a `seen`. */
  const ANIMATION_SCALE = 100;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 23, animationScale: ANIMATION_SCALE, rateLimits: RATES });
    const pair = await seatedPair(running.httpUrl, { opening: "draw" });
    table = { url: running.httpUrl, code: pair.code, seats: [pair.a, pair.b] };
    await eventually(() => pair.a.state.phase === "opening", "the opening after the draw");
  });
  afterAll(async () => {
    console.info(tally.summary("animating"));
    await leaveAll(...table.seats);
    await running.stop();
  });

  it("refuses random payloads while the opening shot animates, and the animation still ends with `seen`", async () => {
    const { mover, message } = openingShot({ a: seatOf(table, 0), b: seatOf(table, 1) });
    mover.send("shot", message);
    await eventually(
      () => serverState(table.code).animating === true && mover.shots.length > 0,
      "the opening shot animating",
    );
    const shot = mover.shots.at(-1)!;
    const timeLimitMs = 15_000;
    expect(shot.duration * ANIMATION_SCALE * 1000, "the animation outlasts the fuzz").toBeGreaterThan(3 * timeLimitMs);
    const state = () => serverState(table.code);
    const current = state().shotNumber as number;
    const waitedFor = state().toMove as PlayerIndex;

    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: animatingJudge(waitedFor, current), runs: 100, seed: 3, timeLimitMs },
      tally,
    );
    await strikeLimitHolds(table);
    expect(state().animating).toBe(true);

    // The other seat's `seen` of this very shot does not end it (a barrier shows it was handled) ...
    const other = seatOf(table, (1 - waitedFor) as PlayerIndex);
    other.send("seen", { shotNumber: current });
    await send(other, [], new Tally());
    expect(state().animating).toBe(true);
    // ... the waited-for seat's does, and the table plays on.
    const next = seatOf(table, waitedFor);
    next.send("seen", { shotNumber: current });
    await eventually(() => state().animating === false && next.state.animating === false, "the animation ended");
    if (state().offer !== "") {
      next.send("answer", { shotNumber: current, accept: true });
      await eventually(() => state().offer === "", "the offer taken after the animation");
    } else {
      next.send("shot", { shotNumber: current, stroke: missStroke(next.state), call: [] });
      await eventually(() => state().shotNumber === current + 1, "the next shot played after the animation");
    }
  }, 60_000);
});

// ---- (c) the finish ---------------------------------------------------------------------------------

/**
 * After the finish only a rematch request counts, once per seat (the second seat's starts the rematch);
 * everything else of the match is refused, and an aim has nobody to move.
 */
function finishedJudge(asked: readonly [boolean, boolean]): Judge {
  return (seat, type) => {
    switch (type) {
      case "rematch":
        return asked[seat] ? refused("rematch-already-asked") : SKIP;
      case "aim":
        return refused("not-your-turn");
      case "answer":
        return refused("no-offer");
      case "seen":
        return SILENT;
      case "shot":
      case "resign":
        return refused("match-over");
      case "lag":
        return refused("wrong-phase");
    }
  };
}

describe("fuzzing a finished match", () => {
  let running: RunningServer;
  let table: Table;
  const tally = new Tally();

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 37, animationScale: 0.01, rateLimits: RATES });
    const pair = await seatedPair(running.httpUrl, { opening: "draw" });
    table = { url: running.httpUrl, code: pair.code, seats: [pair.a, pair.b] };
    await eventually(() => pair.a.state.phase === "opening", "the opening after the draw");
    await playOneShot([pair.a, pair.b], false);
    pair.b.send("resign", {});
    await eventually(() => pair.a.state.phase === "finished", "the resignation");
  });
  afterAll(async () => {
    console.info(tally.summary("finished"));
    await leaveAll(...table.seats);
    await running.stop();
  });

  const state = () => serverState(table.code);

  it("refuses random payloads after the finish, before anyone asks for a rematch", async () => {
    expect(state()).toMatchObject({ phase: "finished", finishReason: "resignation", rematch: [false, false] });
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: finishedJudge([false, false]), runs: 60, seed: 4, timeLimitMs: 12_000 },
      tally,
    );
    await strikeLimitHolds(table);
  }, 60_000);

  it("refuses random payloads once one seat asked for a rematch, and the rematch still starts", async () => {
    const first = seatOf(table, 0);
    first.send("rematch", {});
    await eventually(() => (state().rematch as boolean[])[0] === true, "seat 0's rematch request");
    const matchId = state().matchId;
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: finishedJudge([true, false]), runs: 60, seed: 5, timeLimitMs: 12_000 },
      tally,
    );
    expect(state()).toMatchObject({ phase: "finished", rematch: [true, false], matchId });

    seatOf(table, 1).send("rematch", {});
    await eventually(() => state().matchId !== matchId && state().phase === "opening", "the rematch, drawn");
    for (const seat of [0, 1] as const) {
      await eventually(() => seatOf(table, seat).state.phase === "opening", `seat ${seat} in the new match`);
    }
  }, 60_000);
});

// ---- (d) against the computer -----------------------------------------------------------------------

/**
 * The person's messages while the computer plays: whose turn it is changes under the batch, so only what
 * is refused at any moment is counted on. A stale shot number stays stale (it only grows); an aim is
 * relayed or refused depending on the turn; a resignation, a shot or answer that may be current, and a
 * rematch request once the computer could win meanwhile are not sent. The match may end under a batch all
 * the same, which refuses the rest as `match-over`.
 */
function personJudge(current: number, endNear: boolean): Judge {
  return (_seat, type, message) => {
    switch (type) {
      case "shot":
        return numberOf(message) < current ? refused("animating", "not-your-turn", "stale-shot", "match-over") : SKIP;
      case "answer":
        return numberOf(message) < current
          ? refused("animating", "no-offer", "not-your-turn", "stale-shot", "match-over")
          : SKIP;
      case "aim":
        return { kind: "maybe", codes: ["not-your-turn"] };
      case "seen":
        return SILENT;
      case "resign":
        return SKIP;
      case "lag":
        return refused("wrong-phase", "match-over");
      case "rematch":
        return endNear ? SKIP : refused("wrong-phase");
    }
  };
}

/** Eight on a shelf win: from six, one shot may end the match. */
function nearTheEnd(state: Record<string, unknown>): boolean {
  const players = state.players as Record<string, { shelf: number[] }>;
  return state.phase === "finished" || Object.values(players).some((p) => p.shelf.length >= 6);
}

describe("fuzzing a table against the computer while it plays", () => {
  let running: RunningServer;
  let table: Table;
  const tally = new Tally();
  const PERSON = (1 - COMPUTER_SEAT) as PlayerIndex;
  /** The person's own moves, made between batches: the only actions of its seat the record may hold. */
  let personMoves = 0;

  beforeAll(async () => {
    // The computer's pauses and animations a tenth and a twentieth of real time: it moves every few hundred
    // milliseconds, so that many batches meet one of its moves under way.
    running = await startTestServer({ seed: () => 41, animationScale: 0.05, thinkScale: 0.1, rateLimits: RATES });
    const person = await createTable(running.httpUrl, {
      name: "Person",
      opponent: "computer",
      level: "novice",
      opening: "draw",
    });
    expect(person.welcome().seat).toBe(PERSON);
    table = { url: running.httpUrl, code: person.room.roomId, seats: [undefined, undefined] };
    table.seats[PERSON] = person;
    await eventually(() => person.state.phase === "opening", "the opening after the draw");
  });
  afterAll(async () => {
    console.info(tally.summary("computer"));
    await leaveAll(...table.seats);
    await running.stop();
  });

  const person = () => seatOf(table, PERSON);

  /**
   * When the person has something to do and nothing animates, it plays: the opening as the scripted person
   * of the other tests, then only misses, and it passes every offer back. The computer gets a move after
   * each (a foul to answer, or a turn), and the match, which only its pots move on, lasts out the fuzz.
   */
  async function personActs(): Promise<void> {
    const client = person();
    const situation = client.state.animating ? null : situationFromState(client.state, PERSON);
    if (!situation) return;
    const moves: readonly SeatMove[] =
      situation.phase === "opening" || situation.phase === "lag"
        ? await scriptedPerson(PERSON)(situation)
        : situation.phase === "offer"
          ? [{ type: "answer", accept: false }]
          : [
              {
                type: "shot",
                message: { shotNumber: situation.shotNumber, stroke: missStroke(client.state), call: [] },
              },
            ];
    for (const move of moves) {
      personMoves++;
      await sendMove(client, PERSON, move, 10_000);
    }
  }

  const byComputer = (actions: readonly RecordedAction[]) =>
    actions.filter((a) => a.player === COMPUTER_SEAT && ["shot", "take", "pass"].includes(a.type)).length;

  it("refuses random payloads from the person and a spectator, and only the computer's moves change the match", async () => {
    const matchId = serverState(table.code).matchId;
    const recordedBefore = await recordedActions(table);
    let runs = 0;
    let overlapped = 0;
    let unchanged = 0;
    await fc.assert(
      fc.asyncProperty(batch, fc.constantFrom<Role>("spectator", PERSON), async (messages, role) => {
        runs++;
        if (serverState(table.code).phase === "finished") return;
        await personActs();
        const client = await connect(table, role);
        try {
          // Read in this order, an action recorded between any two reads shows as recorded during the batch.
          const recorded = await recordedActions(table);
          const before = snapshot(table.code);
          const probes = messages.map((m) =>
            probe(role, m, personJudge(before.shotNumber as number, nearTheEnd(before))),
          );
          tally.skipped += probes.filter((p) => p.answer.kind === "skip").length;
          await send(
            client,
            probes.filter((p) => p.answer.kind !== "skip"),
            tally,
          );
          const after = snapshot(table.code);
          const during = (await recordedActions(table)).slice(recorded.length);
          // Only the computer (and the table's own draw or clock) may have acted meanwhile.
          expect(during.filter((a) => a.player === PERSON)).toEqual([]);
          if (byComputer(during) > 0) overlapped++;
          if (during.length === 0) {
            // Nothing recorded: the state is as it was, but for an animation that ran out (or that the
            // person's `seen` ended, which is what `seen` is for).
            unchanged++;
            expect({ ...after, animating: before.animating }).toEqual(before);
            if (!before.animating) expect(after.animating).toBe(false);
          }
        } finally {
          if (role === "spectator") await client.leave();
        }
      }),
      { numRuns: 150, seed: 6, interruptAfterTimeLimit: 25_000, endOnFailure: true },
    );
    expect(runs, "every run within the time limit").toBe(150);
    const computerMoves = byComputer(await recordedActions(table)) - byComputer(recordedBefore);
    expect(computerMoves, "the computer played on during the fuzz").toBeGreaterThanOrEqual(3);
    expect(overlapped, "batches the computer moved during").toBeGreaterThan(0);
    expect(unchanged, "batches with no move meanwhile").toBeGreaterThan(0);
    const shelves = [0, 1].map((seat) => [...(person().state.players.get(String(seat))?.shelf ?? [])].length);
    console.info(
      `computer: ${computerMoves} moves of the computer and ${personMoves} of the person during the fuzz ` +
        `(shelves ${shelves.join(":")} at shot ${person().state.shotNumber}); ${overlapped} batches overlapped ` +
        `a move of the computer, ${unchanged} had the table to themselves`,
    );
    await strikeLimitHolds(table);
    // Every action of the person's seat in the record is one the test made, besides its seating.
    expect(serverState(table.code).matchId).toBe(matchId);
    const ofPerson = (await recordedActions(table)).filter((a) => a.player === PERSON && a.type !== "sit");
    expect(ofPerson.length).toBe(personMoves);
    expect(recordedBefore.filter((a) => a.player === PERSON && a.type !== "sit")).toEqual([]);

    // The computer still plays: the person makes its move if it has one, and the computer answers it; if it
    // won meanwhile, it agrees to the rematch the person asks for.
    if (serverState(table.code).phase === "finished") {
      person().send("rematch", {});
      await eventually(() => serverState(table.code).matchId !== matchId, "the computer's rematch", 20_000);
    } else {
      const moved = byComputer(await recordedActions(table));
      await eventually(
        async () => {
          await personActs();
          return byComputer(await recordedActions(table)) > moved;
        },
        "the computer's next move",
        20_000,
      );
    }
    const health = await fetch(`${table.url}/healthz`);
    expect(health.status).toBe(200);
  }, 60_000);
});
