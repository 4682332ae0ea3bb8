import type { MeAnswer, PasskeyListing } from "@habibka/shared/protocol";
import { describe, expect, it } from "vitest";
import { expectJsonError } from "./support/http-client.ts";
import { type CreationOptions, type RequestOptions, SoftAuthenticator } from "./support/soft-authenticator.ts";
import { serverPerSuite } from "./support/table-client.ts";
import { type Answer, Visitor } from "./support/visitor.ts";

/**
 * Passkeys carry an account to another device (docs/PROTOCOL.md, "Accounts"): registered for the signed-in
 * account, they sign in on another browser to the same account, whose id, name and rating come with it. The
 * authenticator is a software one (support/soft-authenticator.ts) answering as a browser would.
 */

const server = serverPerSuite({}, []);

function refusal(answer: Answer, status: number, code: string): void {
  expectJsonError({ ...answer, body: answer.text }, status, code);
}

/** A named account on one browser, with a passkey registered on `device`. */
async function accountWithPasskey(device: SoftAuthenticator, name = "Анна") {
  const browser = new Visitor(server.httpUrl);
  await browser.visit();
  await browser.send("PATCH", "/api/me", { name });
  const options = await browser.send<CreationOptions>("POST", "/api/passkeys/registration");
  expect(options.status).toBe(200);
  const registered = await browser.send<{ passkeys: number }>("POST", "/api/passkeys", {
    response: device.register(options.body),
  });
  expect(registered.status).toBe(201);
  return { browser, me: (await browser.visit()) as MeAnswer };
}

/** Signs in on a fresh browser with the device's passkey. */
async function signInElsewhere(device: SoftAuthenticator, credentialId?: string) {
  const browser = new Visitor(server.httpUrl);
  await browser.visit();
  const options = await browser.send<RequestOptions>("POST", "/api/passkeys/authentication");
  expect(options.status).toBe(200);
  const answer = await browser.send<MeAnswer>("POST", "/api/passkeys/sign-in", {
    response: device.authenticate(options.body, credentialId),
  });
  return { browser, answer };
}

describe("registering a passkey", () => {
  it("offers a discoverable credential for the site, with user verification preferred", async () => {
    const browser = new Visitor(server.httpUrl);
    const me = await browser.visit();
    const options = await browser.send<Record<string, unknown>>("POST", "/api/passkeys/registration");
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: "localhost", name: "Habibka Online" },
      user: { id: Buffer.from(me.id).toString("base64url") },
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
    });
    // Only key kinds whose answers fit a request body: Ed25519, P-256, RSA (never ML-DSA, whose do not).
    const kinds = (options.body.pubKeyCredParams as { alg: number }[]).map((p) => p.alg);
    expect(kinds).toEqual([-8, -7, -257]);
  });

  it("keeps the passkey: /api/me counts it and /api/passkeys lists it", async () => {
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    const { browser, me } = await accountWithPasskey(device);
    expect(me.passkeys).toBe(1);
    const list = await browser.get<PasskeyListing>("/api/passkeys");
    expect(list.body.passkeys).toEqual([
      { id: device.credentials[0]!.id.toString("base64url"), createdAt: expect.any(Number), lastUsedAt: null },
    ]);
  });

  it("refuses an answer for another origin, a challenge used twice, and one the server never gave", async () => {
    const device = new SoftAuthenticator("https://evil.example");
    const browser = new Visitor(server.httpUrl);
    await browser.visit();
    const options = await browser.send<CreationOptions>("POST", "/api/passkeys/registration");
    refusal(
      await browser.send("POST", "/api/passkeys", { response: device.register(options.body) }),
      400,
      "passkey-refused",
    );
    // The challenge was used by that (refused) answer: a right answer to it is refused too.
    device.origin = `http://localhost:${server.port}`;
    refusal(
      await browser.send("POST", "/api/passkeys", { response: device.register(options.body) }),
      400,
      "passkey-refused",
    );
    const invented = { ...options.body, challenge: Buffer.from("never given by the server").toString("base64url") };
    refusal(
      await browser.send("POST", "/api/passkeys", { response: device.register(invented) }),
      400,
      "passkey-refused",
    );
    expect((await browser.visit()).passkeys).toBe(0);
  });

  it("refuses another account's registration challenge", async () => {
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    const mine = new Visitor(server.httpUrl);
    await mine.visit();
    const theirs = new Visitor(server.httpUrl);
    await theirs.visit();
    const options = await theirs.send<CreationOptions>("POST", "/api/passkeys/registration");
    refusal(
      await mine.send("POST", "/api/passkeys", { response: device.register(options.body) }),
      400,
      "passkey-refused",
    );
  });

  it("reads only the shape of a WebAuthn answer: anything else is 400 naming the field", async () => {
    const browser = new Visitor(server.httpUrl);
    await browser.visit();
    refusal(await browser.send("POST", "/api/passkeys", {}), 400, "bad-body");
    refusal(
      await browser.send("POST", "/api/passkeys", { response: { id: "x", type: "public-key" } }),
      400,
      "bad-body",
    );
    refusal(await browser.send("POST", "/api/passkeys", "{not json"), 400, "bad-json");
  });
});

describe("signing in with a passkey on another device", () => {
  it("brings the same account, named and rated, with a new session cookie", async () => {
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    const { me } = await accountWithPasskey(device, "Борис");
    const { browser, answer } = await signInElsewhere(device);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(me);
    expect(String(answer.headers["set-cookie"])).toMatch(/^habibka_session=/);
    expect((await browser.visit()).id).toBe(me.id);
    // The passkey's last use is kept.
    const list = await browser.get<PasskeyListing>("/api/passkeys");
    expect(list.body.passkeys[0]?.lastUsedAt).toEqual(expect.any(Number));
  });

  it("leaves the anonymous account the browser had as it was", async () => {
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    await accountWithPasskey(device);
    const browser = new Visitor(server.httpUrl);
    const before = await browser.visit();
    const oldCookie = browser.session;
    const options = await browser.send<RequestOptions>("POST", "/api/passkeys/authentication");
    await browser.send("POST", "/api/passkeys/sign-in", { response: device.authenticate(options.body) });
    const old = new Visitor(server.httpUrl);
    old.session = oldCookie;
    expect((await old.visit()).id).toBe(before.id);
  });

  it("gives the second device a session of its own: signing out everywhere ends both", async () => {
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    const { browser: first } = await accountWithPasskey(device);
    const { browser: second } = await signInElsewhere(device);
    expect((await second.send("POST", "/api/me/sign-out-everywhere")).status).toBe(204);
    refusal(await first.send("PATCH", "/api/me", { name: "Кто-то" }), 401, "no-session");
  });

  it("refuses a passkey that was removed, and a sign-in challenge used twice", async () => {
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    const { browser } = await accountWithPasskey(device);
    const id = device.credentials[0]!.id.toString("base64url");
    const other = new Visitor(server.httpUrl);
    await other.visit();
    const options = await other.send<RequestOptions>("POST", "/api/passkeys/authentication");
    const first = await other.send("POST", "/api/passkeys/sign-in", { response: device.authenticate(options.body) });
    expect(first.status).toBe(200);
    refusal(
      await other.send("POST", "/api/passkeys/sign-in", { response: device.authenticate(options.body) }),
      400,
      "passkey-refused",
    );
    expect((await browser.send("DELETE", `/api/passkeys/${id}`)).status).toBe(204);
    refusal(await browser.send("DELETE", `/api/passkeys/${id}`), 404, "no-such-passkey");
    expect((await browser.visit()).passkeys).toBe(0);
    const { answer } = await signInElsewhere(device);
    refusal(answer, 400, "passkey-refused");
  });

  it("fits the largest answer in the front door's 4 KiB, with room to spare", async () => {
    const device = new SoftAuthenticator(`http://localhost:${server.port}`);
    const options = { challenge: "A".repeat(43), rp: { id: "localhost" }, user: { id: "B".repeat(48) } };
    const body = JSON.stringify({ response: device.register(options) });
    expect(Buffer.byteLength(body)).toBeLessThan(2048);
  });
});
