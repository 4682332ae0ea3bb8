import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openingShot } from "./support/opening-shot.ts";
import { gameState, joinTable, leaveAll, seatedPair, type TableClient, takeOverSeat } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/**
 * What a stranger can send a table over its WebSocket, at volume: message types that are not strings, that
 * are "*", that name prototype keys; payloads with hostile `toString`/`valueOf`/`toJSON`, huge and deeply
 * nested ones; and frames that are not Colyseus messages at all. The process, every other table and the
 * fuzzed table itself must come through unchanged.
 */

const HOSTILE_KEYS = ["toString", "valueOf", "toJSON", "__proto__", "constructor", "prototype", "hasOwnProperty"];

/** An object whose every dangerous key holds a non-function (msgpack carries no functions). */
const hostileObject = fc.subarray(HOSTILE_KEYS, { minLength: 1 }).chain((keys) =>
  fc.tuple(...keys.map(() => fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.constant({})))).map((values) => {
    const object: Record<string, unknown> = {};
    // defineProperty: a plain assignment to "__proto__" would set the prototype instead of a key.
    for (const [i, key] of keys.entries()) Object.defineProperty(object, key, { value: values[i], enumerable: true });
    return object;
  }),
);
const deepPayload = fc.integer({ min: 50, max: 400 }).map((depth) => {
  let value: unknown = { toString: 1 };
  for (let i = 0; i < depth; i++) value = i % 2 ? { stroke: value } : [value];
  return value;
});
const hugePayload = fc
  .integer({ min: 2_000, max: 4_000 })
  .map((n) => ({ text: "ж".repeat(n), items: Array(200).fill(7) }));
const payload: fc.Arbitrary<unknown> = fc.oneof(
  hostileObject,
  deepPayload,
  hugePayload,
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, undefined, 0, -1, Number.NaN, Number.POSITIVE_INFINITY, "", [], {}),
  fc.record({ stroke: hostileObject, call: fc.array(hostileObject, { maxLength: 3 }), shotNumber: hostileObject }),
);
const messageType: fc.Arbitrary<string | number> = fc.oneof(
  fc.constantFrom("*", "", "__proto__", "constructor", "toString", "hasOwnProperty", "shot ", "SHOT", "chat\u0000"),
  fc.constantFrom("shot", "lag", "answer", "aim", "chat", "seen", "resign", "rematch"),
  fc.integer({ min: -5, max: 1_000_000 }),
  fc.string({ maxLength: 30 }),
);
/** Raw frames: unknown protocol codes, truncated messages, corrupt msgpack, random bytes. */
const garbageFrame = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 64 }),
  fc.uint8Array({ minLength: 1, maxLength: 32 }).map((tail) => Uint8Array.from([13, ...tail])),
  fc.constantFrom(
    Uint8Array.from([13]),
    Uint8Array.from([13, 0xd9]),
    Uint8Array.from([13, 0xa1, 0x2a, 0xc1]),
    Uint8Array.from([13, 5, 0xdc, 0xff, 0xff]),
    Uint8Array.from([21, 1, 0xa1, 0x2a]),
    Uint8Array.from([17, 0xa1, 0x2a, 1, 2]),
    Uint8Array.from([19, 1, 2, 3]),
  ),
);

/** Messages one connection sends: below the 20 refusals and 30 per second that close it. */
const PER_CONNECTION = 18;

describe("hostile messages", () => {
  let running: RunningServer;
  let fuzzed: { a: TableClient; b: TableClient; code: string };
  let other: { a: TableClient; b: TableClient; code: string };
  let sent = 0;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 5, animationScale: 0.01 });
    fuzzed = await seatedPair(running.httpUrl, { opening: "draw" });
    other = await seatedPair(running.httpUrl, { opening: "draw" });
    for (const table of [fuzzed, other]) {
      await eventually(() => table.a.state.phase === "opening", "the opening after the draw");
    }
  });
  afterAll(async () => {
    await leaveAll(fuzzed.a, fuzzed.b, other.a, other.b);
    await running.stop();
  });

  it("survives the message that used to stop the server: type '*' with the payload { toString: 1 }", async () => {
    const before = JSON.stringify(gameState(fuzzed.code));
    const stranger = await joinTable(running.httpUrl, fuzzed.code, { name: "Stranger", watch: true });
    stranger.send("*", { toString: 1 });
    const error = await stranger.nextError(0);
    expect(error).toMatchObject({ code: "unknown-message" });
    expect((await fetch(`${running.httpUrl}/healthz`)).status).toBe(200);
    expect(stranger.leaves).toEqual([]);
    expect(JSON.stringify(gameState(fuzzed.code))).toBe(before);
    await stranger.leave();
  });

  it("takes over 10,000 hostile messages and garbage frames from spectators and both seats, and nothing changes", async () => {
    const fuzzedBefore = JSON.stringify(gameState(fuzzed.code));
    const otherBefore = JSON.stringify(gameState(other.code));
    const seats: TableClient[] = [fuzzed.a, fuzzed.b];
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ type: messageType, payload }), { minLength: PER_CONNECTION, maxLength: PER_CONNECTION }),
        fc.array(garbageFrame, { maxLength: 4 }),
        fc.constantFrom("spectator", "spectator", "seat 0", "seat 1"),
        async (messages, frames, who) => {
          let client: TableClient;
          if (who === "spectator") {
            client = await joinTable(running.httpUrl, fuzzed.code, { name: "Fuzz", watch: true });
          } else {
            const seat = who === "seat 0" ? 0 : 1;
            seats[seat] = await takeOverSeat(running.httpUrl, fuzzed.code, seats[seat]!);
            client = seats[seat]!;
          }
          const connection = (client.room as unknown as { connection: { send(data: Uint8Array): void } }).connection;
          // A seat's resignation is a real decision, whatever its payload (it has no fields): not fuzzed.
          const fuzzable = who === "spectator" ? messages : messages.filter((m) => m.type !== "resign");
          const mixed: (() => void)[] = fuzzable.map((m) => () => client.send(m.type, m.payload));
          for (const frame of frames) mixed.splice(Math.floor(mixed.length / 2), 0, () => connection.send(frame));
          // A frame over the 16 KiB cap closes the connection before the rest is read: keep the batch under it.
          for (const send of mixed.slice(0, PER_CONNECTION)) {
            try {
              send();
            } catch {
              // The SDK refuses to encode some values (e.g. a frame too deep for msgpack): nothing was sent.
            }
          }
          sent += Math.min(mixed.length, PER_CONNECTION);
          // Every message gets an answer or the connection is closed for cause; never a crash.
          await eventually(
            () => client.errors.length + client.chats.length > 0 || client.leaves.length > 0,
            "an answer or a close",
          );
          // Refused, rate-limited or closed for cause: but never a failure of the server's own.
          expect(client.errors.filter((e) => e.code === "internal")).toEqual([]);
          if (who === "spectator") await client.leave().catch(() => undefined);
        },
      ),
      { numRuns: 600, seed: 20_261_201, interruptAfterTimeLimit: 90_000 },
    );
    expect(sent).toBeGreaterThanOrEqual(10_000);

    // The process answers, the fuzzed table is as it was, and so is the other one, which still plays.
    expect((await fetch(`${running.httpUrl}/healthz`)).status).toBe(200);
    expect(JSON.stringify(gameState(fuzzed.code))).toBe(fuzzedBefore);
    expect(JSON.stringify(gameState(other.code))).toBe(otherBefore);
    const { mover, message } = openingShot(other);
    const number = message.shotNumber;
    mover.send("shot", message);
    await eventually(() => other.a.shots.some((s) => s.number === number), "the other table's shot");
    await eventually(() => mover.state.shotNumber === number + 1, "the other table's next shot number");
  }, 150_000);
});
