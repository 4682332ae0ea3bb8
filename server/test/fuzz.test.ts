import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchOf, SCHEMAS, type Sent } from "./support/fuzz-payloads.ts";
import { openingShot } from "./support/opening-shot.ts";
import {
  gameState,
  joinTable,
  leaveAll,
  seatedPair,
  serverRoom,
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
 * Thousands of random payloads on every message type, from spectators and from both seats: the room must
 * answer each (an `error`, or the chat it relays), never change the synced state for them, never crash,
 * and still serve a valid request afterwards.
 */

/** The types this file fuzzes (`seen` is fuzzed in fuzz-animating.test.ts, with the animations it ends). */
const KNOWN = ["lag", "shot", "answer", "aim", "chat", "resign", "rematch"] as const;
type Known = (typeof KNOWN)[number];
const batch = batchOf(KNOWN);

type Role = "spectator" | "waiting-player" | "player-to-move";

/**
 * What the room must answer: `error`, the relayed `chat`, or `skip` for a well-formed request that would
 * legitimately change the match (the fuzzer only sends what must change nothing).
 */
function expectation(role: Role, message: Sent): "error" | "chat" | "skip" {
  if (typeof message.type !== "string" || !(KNOWN as readonly string[]).includes(message.type)) return "error";
  const type = message.type as Known;
  const valid = SCHEMAS[type].safeParse(message.payload ?? {}).success;
  if (!valid) return "error";
  if (type === "chat") return "chat";
  if (role === "spectator") return "error";
  // A seated player's well-formed resignation would end the match; the player to move may shoot or aim.
  if (type === "resign") return "skip";
  if (role === "player-to-move" && (type === "shot" || type === "aim")) return "skip";
  return "error";
}

describe("fuzzing every message type", () => {
  let running: RunningServer;
  let seats: [TableClient, TableClient];
  let code: string;
  let sentTotal = 0;

  beforeAll(async () => {
    // Each payload must get its own specific answer: no rate limit may stand in for it.
    running = await startTestServer({
      seed: () => 11,
      animationScale: 0.01,
      rateLimits: { ...TEST_RATE_LIMITS, message: UNLIMITED_MESSAGES },
    });
    // Private: no shot clock ticking in the state the fuzz compares.
    const pair = await seatedPair(running.httpUrl, { opening: "draw", visibility: "private" });
    seats = [pair.a, pair.b];
    code = pair.code;
    await eventually(() => pair.a.state.phase === "opening", "the opening after the draw");
  });
  afterAll(async () => {
    await leaveAll(...seats);
    await running.stop();
  });

  /** Sends one batch from `client` and waits until every message got its answer. */
  async function fire(client: TableClient, role: Role, messages: Sent[]): Promise<void> {
    const plan = messages.map((m) => ({ ...m, expect: expectation(role, m) })).filter((m) => m.expect !== "skip");
    const errorsBefore = client.errors.length;
    const chatsBefore = client.chats.length;
    const before = JSON.stringify(gameState(code));
    for (const m of plan) client.send(m.type, m.payload);
    sentTotal += plan.length;
    const errors = plan.filter((m) => m.expect === "error").length;
    const chats = plan.length - errors;
    await eventually(
      () => client.errors.length - errorsBefore >= errors && client.chats.length - chatsBefore >= chats,
      `answers to ${plan.length} messages (${errors} errors, ${chats} chats)`,
    );
    expect(client.leaves, "the connection stays open").toEqual([]);
    expect(client.errors.length - errorsBefore).toBe(errors);
    expect(client.chats.length - chatsBefore).toBe(chats);
    for (const error of client.errors.slice(errorsBefore)) {
      expect(error.code).not.toBe("internal");
      expect(error.code).not.toBe("rate-limited");
    }
    expect(JSON.stringify(gameState(code))).toBe(before);
  }

  it("answers random payloads from spectators with errors and changes nothing", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(batch, async (messages) => {
        runs++;
        const spectator = await joinTable(running.httpUrl, code, { name: "Fuzz", watch: true });
        try {
          await fire(spectator, "spectator", messages);
        } finally {
          await spectator.leave();
        }
      }),
      { numRuns: 100, seed: 20_261_130, interruptAfterTimeLimit: 40_000, endOnFailure: true },
    );
    expect(runs).toBe(100);
  });

  it("answers random payloads from both seats with errors and changes nothing", async () => {
    const toMove = seats[0].state.toMove as 0 | 1;
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(batch, fc.boolean(), async (messages, mover) => {
        runs++;
        const seat = mover ? toMove : ((1 - toMove) as 0 | 1);
        // A fresh connection for the seat (its token): a clean slate of rates and strikes.
        seats[seat] = await takeOverSeat(running.httpUrl, code, seats[seat]);
        await fire(seats[seat], mover ? "player-to-move" : "waiting-player", messages);
      }),
      { numRuns: 60, seed: 7, interruptAfterTimeLimit: 30_000, endOnFailure: true },
    );
    expect(runs).toBe(60);
    expect(sentTotal).toBeGreaterThanOrEqual(2_000);
  });

  it("is still healthy afterwards: /healthz answers and a valid opening shot is played", async () => {
    // Fresh connections for both seats: the fuzz spent their rates.
    for (const seat of [0, 1] as const) seats[seat] = await takeOverSeat(running.httpUrl, code, seats[seat]);
    const health = await fetch(`${running.httpUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(serverRoom(code).roomId).toBe(code);
    for (const client of seats) await eventually(() => client.state.phase === "opening", "the synced state");
    const { mover, message } = openingShot({ a: seats[0], b: seats[1] });
    const number = message.shotNumber;
    mover.send("shot", message);
    await eventually(() => seats.every((c) => c.shots.some((s) => s.number === number)), "the shot at both seats");
    await eventually(() => mover.state.shotNumber === number + 1, "the next shot number");
  });

  it("disconnects a client after 20 refused messages (4400) and one over 30 messages a second", async () => {
    const hostile = await joinTable(running.httpUrl, code, { name: "Hostile", watch: true });
    for (let i = 0; i < 25; i++) hostile.send("nonsense", { i });
    await eventually(() => hostile.leaves.length > 0, "the hostile client closed");
    expect(hostile.leaves).toEqual([4400]);
    expect(hostile.errors.length).toBe(20);
    expect(hostile.errors.every((e) => e.code === "unknown-message")).toBe(true);

    // Within every per-type rate and with only four strikes, but 32 messages in one second.
    const flooder = await joinTable(running.httpUrl, code, { name: "Flooder", watch: true });
    const shot = { shotNumber: 1, stroke: { cue: 1, angle: 0, speed: 1 }, call: [] };
    const flood: Sent[] = [
      ...Array.from({ length: 3 }, () => ({ type: "shot", payload: shot })),
      ...Array.from({ length: 3 }, () => ({
        type: "lag",
        payload: { place: { x: -1.2, y: 0.3 }, angle: 0, speed: 2 },
      })),
      ...Array.from({ length: 3 }, () => ({ type: "answer", payload: { shotNumber: 1, accept: true } })),
      ...Array.from({ length: 10 }, () => ({ type: "aim", payload: { stroke: shot.stroke } })),
      ...Array.from({ length: 5 }, (_, i) => ({ type: "chat", payload: { text: `flood ${i}` } })),
      ...Array.from({ length: 2 }, () => ({ type: "resign", payload: {} })),
      ...Array.from({ length: 2 }, () => ({ type: "rematch", payload: {} })),
      ...Array.from({ length: 4 }, () => ({ type: "unknown", payload: {} })),
    ];
    for (const m of flood) flooder.send(m.type, m.payload);
    await eventually(() => flooder.leaves.length > 0, "the flooding client closed");
    expect(flooder.leaves).toEqual([4002]);

    // A frame over 16 KiB closes the connection (1009, message too big).
    const big = await joinTable(running.httpUrl, code, { name: "Big", watch: true });
    big.send("chat", { text: "z".repeat(20_000) });
    await eventually(() => big.leaves.length > 0, "the oversized frame's connection closed");
    expect(big.leaves).toEqual([1009]);

    // None of it reached the table.
    expect(seats[0].chats.some((c) => c.text.startsWith("flood"))).toBe(true);
    // The clients the server threw out are not kept for a reconnection (the oversized frame's socket is
    // torn down by the WebSocket layer, which Colyseus sees as an abnormal close: that one is kept 5 s).
    const watchers = () => [...seats[0].state.spectators.values()].map((w) => w.name);
    await eventually(() => !watchers().includes("Hostile") && !watchers().includes("Flooder"), "the kicked gone");
    expect(seats[0].state.phase).not.toBe("finished");
  });
});
