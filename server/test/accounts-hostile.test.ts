import { withHostileField } from "@habibka/shared/testing/hostile-values";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createLogger } from "../src/logger.ts";
import { expectJsonError } from "./support/http-client.ts";
import { serverPerSuite } from "./support/table-client.ts";
import { Visitor } from "./support/visitor.ts";

/**
 * Hostile values in every field of every body the accounts' routes read (docs/SECURITY.md, "Values no
 * schema can read"): each is answered with a 4xx in JSON, or taken when it happens to be well-formed, and
 * never fails the server. The bodies are read through the protocol's schemas by readUntrusted.
 */

const lines: { level: number }[] = [];
const logger = createLogger("warn", { write: (line: string) => void lines.push(JSON.parse(line)) });
const server = serverPerSuite({ logger }, []);

const SOME_ID = "00000000-0000-4000-8000-000000000000";
const PASSKEY_ANSWER = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "e30", attestationObject: "oA", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
};

describe("hostile values on the accounts' routes", () => {
  it("answers every body the accounts read with a 4xx in JSON or takes it, and never fails", async () => {
    const visitor = new Visitor(server.httpUrl);
    await visitor.visit();
    const other = await new Visitor(server.httpUrl).visit();
    const routes: { method: string; path: string; example: unknown }[] = [
      { method: "PATCH", path: "/api/me", example: { name: "Анна" } },
      {
        method: "POST",
        path: "/api/challenges",
        example: { to: other.id, opening: "draw", shotClock: 30, rated: false },
      },
      { method: "POST", path: "/api/passkeys", example: { response: PASSKEY_ANSWER } },
      { method: "POST", path: "/api/passkeys/sign-in", example: { response: PASSKEY_ANSWER } },
    ];
    let sent = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(withHostileField(route.example), async (body) => {
          const answer = await visitor.send(route.method, route.path, JSON.stringify(body));
          sent++;
          expect(answer.status, `${route.path} ${JSON.stringify(body)}`).toBeLessThan(500);
          if (answer.status >= 400) expectJsonError({ ...answer, body: answer.text }, answer.status);
          // A challenge that went through is withdrawn, so that the next one is not refused as pending.
          const sentChallenge = answer.body as { id?: string };
          if (route.path === "/api/challenges" && answer.status === 201 && sentChallenge.id) {
            await visitor.send("DELETE", `/api/challenges/${sentChallenge.id}`);
          }
        }),
        { numRuns: 30, seed: 20_261_206 },
      );
    }
    expect(sent).toBe(routes.length * 30);
    for (const path of [
      `/api/friends/${SOME_ID}`,
      "/api/friends/%E0%A4%A",
      `/api/challenges/${"x".repeat(300)}/accept`,
    ]) {
      const answer = await visitor.send(path.includes("accept") ? "POST" : "PUT", path);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});
