import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import { Client } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../src/rate-limits.ts";
import { type Answer, expectJsonError, post, send } from "./support/http-client.ts";
import { type RunningServer, startTestServer } from "./support/test-server.ts";

/**
 * The server's HTTP surface, as a stranger meets it: only the matchmaking the game uses, bodies capped
 * without being read, per-address limits that no header can dodge, and JSON errors that never show a
 * stack trace.
 */

describe("the HTTP surface", () => {
  let running: RunningServer;

  beforeAll(async () => {
    running = await startTestServer({ rateLimits: DEFAULT_RATE_LIMITS });
  });
  afterAll(async () => {
    await running.stop();
  });

  it("lets the kernel hold thousands of connections for it to accept, not Node's 511", () => {
    // For a listening socket, ss's Send-Q column is its backlog as the kernel applies it.
    const line = execFileSync("ss", ["-Hltn", `sport = :${running.port}`], { encoding: "utf8" }).trim();
    const backlog = Number(line.split(/\s+/)[2]);
    const somaxconn = Number(readFileSync("/proc/sys/net/core/somaxconn", "utf8"));
    expect(backlog).toBe(Math.min(4096, somaxconn));
    expect(backlog).toBeGreaterThan(511);
  });

  it("refuses to create a lobby, and every matchmaking call the game does not make", async () => {
    for (const path of [
      "/matchmake/create/lobby",
      "/matchmake/joinOrCreate/lobby",
      "/matchmake/joinOrCreate/habibka",
      "/matchmake/join/habibka",
      "/matchmake/create/unknown",
      "/matchmake/joinById/lobby",
      "/matchmake/joinById/12345",
      "/matchmake/create/habibka/extra",
    ]) {
      expectJsonError(await post(running.httpUrl, path, { name: "Eve" }, "127.0.0.11"), 404, "not-found");
    }
    expectJsonError(await send(running.httpUrl, { path: "/matchmake/create/habibka", from: "127.0.0.11" }), 404);
    // The server's own lobby is there and can be joined.
    const lobby = await new Client(running.httpUrl).join("lobby");
    await lobby.leave();
  });

  it("takes only the documented table options", async () => {
    const from = "127.0.0.12";
    const unknown = await post(running.httpUrl, "/matchmake/create/habibka", { name: "Eve", maxClients: 5 }, from);
    expectJsonError(unknown, 400, "bad-options");
    expect(unknown.body).toMatch(/maxClients/);
    expectJsonError(
      await post(running.httpUrl, "/matchmake/create/habibka", { name: "<b>" }, from),
      400,
      "bad-options",
    );
    expectJsonError(
      await send(running.httpUrl, { method: "POST", path: "/matchmake/create/habibka", body: "{nope", from }),
      400,
      "bad-json",
    );
    expectJsonError(
      await post(running.httpUrl, "/matchmake/joinById/123456", { name: "Eve", visibility: "private" }, from),
      400,
    );
  });

  it("answers a 1 MB body with 413 before it has been sent, and caps bodies without a length too", async () => {
    const answer = await new Promise<{ status: number; sentBytes: number }>((resolve, reject) => {
      let sentBytes = 0;
      const req = request(new URL("/matchmake/create/habibka", running.httpUrl), {
        method: "POST",
        localAddress: "127.0.0.13",
        headers: { "Content-Type": "application/json", "Content-Length": String(1024 * 1024) },
      });
      req.on("response", (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sentBytes });
      });
      req.on("error", reject);
      // Only the first kilobyte is ever written: the answer must come without the rest.
      const start = `{"name":"${"x".repeat(1000)}`;
      sentBytes = Buffer.byteLength(start);
      req.write(start);
    });
    expect(answer.status).toBe(413);
    expect(answer.sentBytes).toBeLessThan(2048);

    const chunked = await send(running.httpUrl, {
      method: "POST",
      path: "/matchmake/create/habibka",
      headers: { "Transfer-Encoding": "chunked" },
      body: JSON.stringify({ name: "x".repeat(10_000) }),
      from: "127.0.0.13",
    });
    expectJsonError(chunked, 413, "body-too-large");
  });

  it("limits matchmaking per address with 429 and Retry-After, whatever X-Forwarded-For says", async () => {
    const limit = DEFAULT_RATE_LIMITS.address.matchmaking.points;
    const answers: Answer[] = [];
    for (let i = 0; i < limit + 3; i++) {
      // A client cannot pose as another address: the header is ignored unless a trusted proxy sets it.
      answers.push(
        await send(running.httpUrl, {
          method: "POST",
          path: "/matchmake/joinById/000000",
          body: JSON.stringify({ name: "Eve" }),
          headers: { "X-Forwarded-For": `10.0.0.${i}`, "X-Real-IP": `10.1.0.${i}` },
          from: "127.0.0.14",
        }),
      );
    }
    const limited = answers.filter((a) => a.status === 429);
    expect(limited).toHaveLength(3);
    for (const answer of limited) {
      expectJsonError(answer, 429, "rate-limited");
      expect(Number(answer.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    }
    // Another address is not affected.
    expect((await post(running.httpUrl, "/matchmake/joinById/000000", { name: "Eve" }, "127.0.0.15")).status).not.toBe(
      429,
    );
  });

  it("limits the records API per address too", async () => {
    const limit = DEFAULT_RATE_LIMITS.address.api.points;
    let limited: Answer | undefined;
    for (let i = 0; i <= limit && !limited; i++) {
      const answer = await send(running.httpUrl, { path: "/api/matches?limit=1", from: "127.0.0.16" });
      if (answer.status === 429) limited = answer;
    }
    expect(limited).toBeDefined();
    expectJsonError(limited!, 429, "rate-limited");
  });

  it("answers malformed and unknown requests with short JSON, never a stack trace or an HTML page", async () => {
    const from = "127.0.0.17";
    for (const path of ["/api/matches/%E0%A4%A", "/t/%", "/assets/%c0%ae%c0%ae", "/nowhere", "/api/nowhere"]) {
      const answer = await send(running.httpUrl, { path, from });
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expectJsonError(answer, answer.status);
    }
    expectJsonError(await send(running.httpUrl, { path: "/api/matches/not-a-uuid", from }), 400, "bad-id");
    // Every change under /api/ needs a session first (docs/PROTOCOL.md, "Accounts"), whatever the route.
    expectJsonError(await send(running.httpUrl, { method: "DELETE", path: "/api/matches", from }), 401, "no-session");
  });
});
