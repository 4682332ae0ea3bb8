import type { MeAnswer } from "@habibka/shared/protocol";
import { describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS } from "../src/rate-limits.ts";
import { expectJsonError } from "./support/http-client.ts";
import { serverPerSuite } from "./support/table-client.ts";
import { Visitor } from "./support/visitor.ts";

/**
 * Identity (docs/PROTOCOL.md, "Accounts"): an anonymous account on the first visit, its cookie, its name,
 * signing out, and the checks every change under /api/ passes (the session, the site's Origin).
 */

const server = serverPerSuite({}, []);

describe("GET /api/me", () => {
  it("makes an account on the first visit and sets an HttpOnly, SameSite=Lax session cookie for 180 days", async () => {
    const visitor = new Visitor(server.httpUrl);
    const answer = await visitor.get<MeAnswer>("/api/me");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: null,
      rating: { value: 1500, deviation: 350, games: 0, provisional: true },
      passkeys: 0,
    });
    const cookie = String(answer.headers["set-cookie"]);
    expect(cookie).toMatch(/^habibka_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=15552000/);
    // Over plain HTTP, not behind a proxy that says otherwise, the cookie is not Secure.
    expect(cookie).not.toMatch(/Secure/);
  });

  it("answers the same id to the same cookie, and another to another browser", async () => {
    const first = new Visitor(server.httpUrl);
    const me = await first.visit();
    const again = await first.get<MeAnswer>("/api/me");
    expect(again.body.id).toBe(me.id);
    // A cookie in use within its day is not sent again.
    expect(again.headers["set-cookie"]).toBeUndefined();
    const other = await new Visitor(server.httpUrl).visit();
    expect(other.id).not.toBe(me.id);
  });

  it("treats an unknown or malformed cookie as none: a new account and a new cookie", async () => {
    const visitor = new Visitor(server.httpUrl);
    visitor.session = "A".repeat(43);
    const me = await visitor.visit();
    expect(visitor.session).not.toBe("A".repeat(43));
    visitor.session = "not a token; at all";
    const other = await visitor.visit();
    expect(other.id).not.toBe(me.id);
  });
});

describe("PATCH /api/me", () => {
  it("sets the name by the table-name rule and answers the /api/me body", async () => {
    const visitor = new Visitor(server.httpUrl);
    const me = await visitor.visit();
    const renamed = await visitor.send<MeAnswer>("PATCH", "/api/me", { name: "  Анна Каренина " });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ ...me, name: "Анна Каренина" });
    expect((await visitor.visit()).name).toBe("Анна Каренина");
  });

  it("refuses a bad name with 400 naming `name`, and changes nothing", async () => {
    const visitor = new Visitor(server.httpUrl);
    await visitor.visit();
    await visitor.send("PATCH", "/api/me", { name: "Борис" });
    for (const name of ["", "a\u202Eb", "x".repeat(25), "<script>", 42]) {
      const answer = await visitor.send("PATCH", "/api/me", { name });
      expectJsonError({ ...answer, body: answer.text }, 400, "bad-name");
      expect((answer.body as { message: string }).message).toMatch(/^name: /);
    }
    expect((await visitor.visit()).name).toBe("Борис");
  });
});

describe("every change under /api/", () => {
  it("needs the session cookie (401) and the site's Origin (403)", async () => {
    const visitor = new Visitor(server.httpUrl);
    const noCookie = await visitor.send("PATCH", "/api/me", { name: "Вера" });
    expectJsonError({ ...noCookie, body: noCookie.text }, 401, "no-session");
    await visitor.visit();
    for (const origin of ["https://evil.example", "null", ""]) {
      const answer = await visitor.send("PATCH", "/api/me", { name: "Вера" }, { Origin: origin });
      expectJsonError({ ...answer, body: answer.text }, 403, "bad-origin");
    }
    visitor.origin = "";
    const noOrigin = await visitor.send("POST", "/api/me/sign-out");
    expectJsonError({ ...noOrigin, body: noOrigin.text }, 403, "bad-origin");
    expect((await visitor.visit()).name).toBeNull();
  });

  it("takes the loopback's other names as the default site (localhost, 127.0.0.1)", async () => {
    const visitor = new Visitor(server.httpUrl);
    await visitor.visit();
    visitor.origin = `http://localhost:${server.port}`;
    expect((await visitor.send("PATCH", "/api/me", { name: "Ира" })).status).toBe(200);
  });
});

describe("signing out", () => {
  it("ends this browser's session: the cookie is cleared and the next visit is a new account", async () => {
    const visitor = new Visitor(server.httpUrl);
    const me = await visitor.visit();
    const token = visitor.session;
    const out = await visitor.send("POST", "/api/me/sign-out");
    expect(out.status).toBe(204);
    expect(String(out.headers["set-cookie"])).toMatch(/habibka_session=;/);
    expect(visitor.session).toBeUndefined();
    // The old token no longer signs anyone in.
    visitor.session = token;
    const after = await visitor.send("PATCH", "/api/me", { name: "Гость" });
    expect(after.status).toBe(401);
    visitor.session = undefined;
    expect((await visitor.visit()).id).not.toBe(me.id);
  });

  it("everywhere: this browser's session ends too, and the cookie is cleared", async () => {
    // A second device's session ending with it is accounts-passkeys.test.ts's (a passkey makes one).
    const here = new Visitor(server.httpUrl);
    const me = await here.visit();
    const out = await here.send("POST", "/api/me/sign-out-everywhere");
    expect(out.status).toBe(204);
    expect(here.session).toBeUndefined();
    expect((await here.visit()).id).not.toBe(me.id);
  });
});

describe("the cookie behind a proxy", () => {
  const proxied = serverPerSuite({ trustProxy: true }, []);

  it("is Secure when the trusted proxy says the request came over TLS, and only then", async () => {
    const overTls = await new Visitor(proxied.httpUrl).get("/api/me", { "X-Forwarded-Proto": "https" });
    expect(String(overTls.headers["set-cookie"])).toMatch(/; Secure/);
    const plain = await new Visitor(proxied.httpUrl).get("/api/me", { "X-Forwarded-Proto": "http" });
    expect(String(plain.headers["set-cookie"])).not.toMatch(/Secure/);
    // Without TRUST_PROXY, a client's own X-Forwarded-Proto is not believed.
    const claimed = await new Visitor(server.httpUrl).get("/api/me", { "X-Forwarded-Proto": "https" });
    expect(String(claimed.headers["set-cookie"])).not.toMatch(/Secure/);
  });
});

describe("new accounts from one address", () => {
  const limited = serverPerSuite({ rateLimits: DEFAULT_RATE_LIMITS }, []);

  it("are at most 30 an hour: the next visit without a cookie is 429 with Retry-After", async () => {
    const from = "127.0.0.41";
    for (let i = 0; i < DEFAULT_RATE_LIMITS.account.newAccounts.points; i++) {
      expect((await new Visitor(limited.httpUrl, { from }).get("/api/me")).status).toBe(200);
    }
    const refused = await new Visitor(limited.httpUrl, { from }).get("/api/me");
    expectJsonError({ ...refused, body: refused.text }, 429, "rate-limited");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another address, or a browser that has its cookie, is not held back.
    expect((await new Visitor(limited.httpUrl, { from: "127.0.0.42" }).get("/api/me")).status).toBe(200);
  });
});
