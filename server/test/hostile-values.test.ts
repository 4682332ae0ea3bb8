import { connect } from "node:net";
import { CLOSE_CODES } from "@habibka/shared/protocol";
import {
  EXAMPLE_CALL,
  EXAMPLE_SCENARIO,
  EXAMPLE_STROKE,
  withHostileField,
} from "@habibka/shared/testing/hostile-values";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.ts";
import { expectJsonError, post } from "./support/http-client.ts";
import { openingShot } from "./support/opening-shot.ts";
import { gameState, joinTable, leaveAll, seatedPair, type TableClient, takeOverSeat } from "./support/table-client.ts";
import {
  eventually,
  type RunningServer,
  startTestServer,
  TEST_RATE_LIMITS,
  UNLIMITED_MESSAGES,
} from "./support/test-server.ts";

/**
 * Values that a schema cannot read (`{"length": {"toString": 1}}` where text or a list belongs, objects
 * posing as arrays, strings and numbers) sent to every route and every message type: each is a refusal
 * with a 4xx or a counted `bad-message`, never a 500 or `internal`; nothing changes; a connection that
 * keeps sending them is closed; and the log hears of each connection once, without a stack. Requests
 * that declare a body they never send, or a malformed Content-Length, are answered in JSON and cut.
 */

const ODD = { length: { toString: 1 } };
const stroke = EXAMPLE_STROKE;
const call = EXAMPLE_CALL;
const scenario = EXAMPLE_SCENARIO;

/** Every message type with a well-formed example: hostile values go into its fields. */
const MESSAGES: Record<string, unknown> = {
  shot: { shotNumber: 0, stroke, call, place: { x: -1, y: 0 } },
  lag: { place: { x: -1, y: 0.2 }, angle: 0, speed: 3 },
  answer: { shotNumber: 0, accept: true },
  aim: { stroke, call },
  chat: { text: "привет" },
  seen: { shotNumber: 0 },
  resign: {},
  rematch: {},
};

interface LogLine {
  level: number;
  msg: string;
  sessionId?: string;
  err?: { stack?: string };
}

/** A logger that keeps what it writes, as the operator's log file would. */
function recordingLogger() {
  const lines: LogLine[] = [];
  let bytes = 0;
  const logger = createLogger("info", {
    write(line: string) {
      bytes += Buffer.byteLength(line);
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  return { logger, lines, bytes: () => bytes };
}

/** Sends raw bytes to the server and resolves with what it answered before closing, and how long that took. */
function rawRequest(port: number, bytes: string, holdOpen = false): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve({ answer: Buffer.concat(chunks).toString("utf8"), ms: Date.now() - started }));
    socket.write(bytes);
    if (!holdOpen) socket.end();
  });
}

function jsonBodyOf(answer: string): { error: string; message: string } {
  return JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as { error: string; message: string };
}

describe("values a schema cannot read, and requests that never arrive", () => {
  let running: RunningServer;
  const log = recordingLogger();
  const clients: TableClient[] = [];

  beforeAll(async () => {
    running = await startTestServer({
      logger: log.logger,
      // Every refusal here is for the payload, not for the pace it was sent at.
      rateLimits: { ...TEST_RATE_LIMITS, message: UNLIMITED_MESSAGES },
      httpTimeouts: { headersMs: 1_000, requestMs: 1_500, checkEveryMs: 250 },
    });
  });
  afterAll(async () => {
    await leaveAll(...clients);
    await running.stop();
  });

  it('answers {"name": {"length": {"toString": 1}}} on create and join with 400 bad-options naming the field', async () => {
    const created = await post(running.httpUrl, "/matchmake/create/habibka", { name: ODD });
    expectJsonError(created, 400, "bad-options");
    expect(JSON.parse(created.body).message).toMatch(/^name: /);
    const joined = await post(running.httpUrl, "/matchmake/joinById/123456", { name: ODD });
    expectJsonError(joined, 400, "bad-options");
  });

  it("answers every matchmaking and practice route with a 4xx in JSON for a hostile value in any field", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    const routes: { path: string; example: unknown }[] = [
      { path: "/matchmake/create/habibka", example: { name: "Анна", visibility: "private", shotClock: 30 } },
      { path: `/matchmake/joinById/${code}`, example: { name: "Борис", watch: true, seatToken: "x" } },
      { path: "/matchmake/join/lobby", example: {} },
      { path: `/matchmake/reconnect/${code}`, example: { reconnectionToken: "abc" } },
      { path: "/api/practice/shot", example: scenario },
      { path: "/api/practice/hint", example: { balls: scenario.balls, level: "novice" } },
    ];
    let sent = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(withHostileField(route.example), async (body) => {
          const answer = await post(running.httpUrl, route.path, body);
          sent++;
          // A hostile value that happens to be well-formed may be accepted; a server failure never is.
          expect(answer.status, `${route.path} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (answer.status >= 400) expectJsonError(answer, answer.status);
        }),
        { numRuns: 40, seed: 20_261_201 },
      );
    }
    expect(sent).toBe(routes.length * 40);
    expect(log.lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it("refuses a spectator's unreadable chat and call as bad-message, counts them, closes him after 20, and logs him once", async () => {
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    const before = JSON.stringify(gameState(code));
    const spectator = await joinTable(running.httpUrl, code, { name: "Зритель", watch: true });
    const session = spectator.room.sessionId;
    for (let i = 0; i < 10; i++) {
      spectator.send("chat", { text: ODD });
      spectator.send("aim", { stroke, call: ODD });
    }
    await eventually(() => spectator.leaves.length > 0, "the spectator closed for bad messages");
    expect(spectator.errors.length).toBe(20);
    expect(spectator.errors.every((e) => e.code === "bad-message")).toBe(true);
    expect(spectator.errors.find((e) => e.type === "chat")).toMatchObject({ field: "text" });
    expect(spectator.errors.find((e) => e.type === "aim")).toMatchObject({ field: "call" });
    expect(spectator.leaves[0]).toBe(CLOSE_CODES.hostile);
    expect(JSON.stringify(gameState(code))).toBe(before);
    const about = log.lines.filter((line) => line.sessionId === session);
    expect(about.map((line) => line.msg)).toEqual([
      "refused a message (further refusals from this connection are not logged)",
      "disconnecting a client that keeps sending bad messages",
    ]);
    expect(about.some((line) => line.err?.stack)).toBe(false);
  });

  it("refuses a hostile value in any field of every message type, from a seat and a spectator, and the match plays on", async () => {
    const pair = await seatedPair(running.httpUrl, { opening: "draw" });
    const { b, code } = pair;
    let { a } = pair;
    clients.push(a, b);
    const before = JSON.stringify(gameState(code));
    let sent = 0;
    for (const [type, example] of Object.entries(MESSAGES)) {
      // A seat's resignation is a real decision whatever its (empty) payload: only a spectator sends it.
      const senders = type === "resign" ? ["spectator"] : ["spectator", "seat"];
      for (const who of senders) {
        // Each batch on a fresh connection: 15 refusals stay under the 20 that close one.
        if (who === "seat") {
          a = await takeOverSeat(running.httpUrl, code, a);
          clients.push(a);
        }
        const client = who === "seat" ? a : await joinTable(running.httpUrl, code, { name: "Fuzz", watch: true });
        const payloads = fc.sample(withHostileField(example), { numRuns: 15, seed: sent });
        const errorsBefore = client.errors.length;
        for (const payload of payloads) {
          try {
            client.send(type, payload);
            sent++;
          } catch {
            // The SDK's encoder calls a `toJSON` it finds: a value it cannot encode was never sent.
          }
        }
        await eventually(() => client.errors.length >= errorsBefore + 1, `answers to ${type} from the ${who}`);
        expect(client.errors.slice(errorsBefore).filter((e) => e.code === "internal")).toEqual([]);
        if (who === "spectator") await client.leave().catch(() => undefined);
      }
    }
    expect(sent).toBeGreaterThanOrEqual(200);
    // Nothing a hostile value carried was taken for an action...
    const after = gameState(code) as { shotNumber: number };
    expect(after.shotNumber).toBe((JSON.parse(before) as { shotNumber: number }).shotNumber);
    // ...and the seat still plays.
    const shot = openingShot({ a, b });
    shot.mover.send("shot", shot.message);
    await eventually(() => b.state.shotNumber > after.shotNumber, "a real shot after the flood");
  });

  it("answers a code that names no table with 404 no-such-table, and a bad reconnection with a 4xx, in JSON", async () => {
    const missing = await post(running.httpUrl, "/matchmake/joinById/999999", { name: "Анна" });
    expectJsonError(missing, 404, "no-such-table");
    expect(JSON.parse(missing.body).message).toMatch(/999999/);
    const stale = await post(running.httpUrl, "/matchmake/reconnect/999999", { reconnectionToken: "nope" });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect(stale.status).toBeLessThan(500);
    expectJsonError(stale, stale.status);
    const { a, b, code } = await seatedPair(running.httpUrl);
    clients.push(a, b);
    const wrongToken = await post(running.httpUrl, `/matchmake/reconnect/${code}`, { reconnectionToken: "nope" });
    expect(wrongToken.status).toBeGreaterThanOrEqual(400);
    expect(wrongToken.status).toBeLessThan(500);
    expectJsonError(wrongToken, wrongToken.status);
  });

  it("answers a malformed Content-Length, or one with Transfer-Encoding, with a JSON 400", async () => {
    for (const header of [
      "Content-Length: -1",
      "Content-Length: abc",
      "Content-Length: 5\r\nTransfer-Encoding: chunked",
    ]) {
      const { answer } = await rawRequest(
        running.port,
        `POST /matchmake/create/habibka HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${header}\r\n\r\n{}`,
      );
      expect(answer, header).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/Content-Type: application\/json/);
      expect(jsonBodyOf(answer)).toMatchObject({ error: "bad-request" });
    }
  });

  it("cuts a request whose body or headers stall, with a JSON 408, and logs it as a warning without a stack", async () => {
    const warningsBefore = log.lines.length;
    const stalledBody = rawRequest(
      running.port,
      'POST /matchmake/create/habibka HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":"A',
      true,
    );
    const stalledHeaders = rawRequest(running.port, "POST /matchmake/create/habibka HTTP/1.1\r\nHost: x\r\n", true);
    const [body, headers] = await Promise.all([stalledBody, stalledHeaders]);
    for (const cut of [body, headers]) {
      expect(cut.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(jsonBodyOf(cut.answer)).toMatchObject({ error: "request-timeout" });
    }
    const written = log.lines.slice(warningsBefore);
    expect(written.filter((line) => line.level >= 50)).toEqual([]);
    expect(written.some((line) => line.err?.stack)).toBe(false);
  });
});
