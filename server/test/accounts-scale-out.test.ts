import type { Challenge, Friend, MeAnswer } from "@habibka/shared/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { freshDatabase, type RunningService, startPostgres, startRedis } from "./support/services.ts";
import { playOneShot } from "./support/short-match.ts";
import { type CreationOptions, type RequestOptions, SoftAuthenticator } from "./support/soft-authenticator.ts";
import { leaveAll, type TableClient } from "./support/table-client.ts";
import { type EventStream, Visitor } from "./support/visitor.ts";

/**
 * Accounts over two game processes sharing one Redis (presence) and one PostgreSQL (the records and the
 * accounts), all real and on loopback: a session, a passkey's ceremony, who is online, a challenge and a
 * rated match's settlement hold whichever process each request reaches.
 */

let redis: RunningService;
let postgres: RunningService;
const processes: ServerProcess[] = [];
const clients: TableClient[] = [];
const streams: EventStream[] = [];

/** Both processes are one site: the same PUBLIC_ORIGIN, which a passkey belongs to. */
let site: string;

async function gameProcess(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const started = await startServerProcess(
    {
      REDIS_URL: redis.url,
      DATABASE_URL: databaseUrl,
      PUBLIC_ADDRESS: `127.0.0.1:${port}`,
      PUBLIC_ORIGIN: site,
      LOG_LEVEL: "error",
    },
    port,
  );
  processes.push(started);
  return started;
}

/** A browser of the site whose requests reach the given process (as a load balancer would send them). */
function browserAt(server: ServerProcess, session?: string): Visitor {
  const visitor = new Visitor(server.url);
  visitor.origin = site;
  visitor.session = session;
  return visitor;
}

/** Asks a few times a second: the processes run with the production limits (60 API requests in 10 s). */
async function slowly(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let asked = 0; !(await condition()); asked++) {
    if (asked > 60) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  site = `http://localhost:${await freePort()}`;
}, 60_000);

afterAll(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await leaveAll(...clients.splice(0));
  await Promise.all(processes.splice(0).map((p) => p.stop("SIGKILL")));
  await Promise.all([redis?.stop(), postgres?.stop()]);
});

describe("accounts over two processes, Redis and PostgreSQL", () => {
  it("hold sessions, passkeys, presence, challenges and a rated match's settlement across processes", async () => {
    const database = await freshDatabase(postgres, "accounts_scale");
    const [one, two] = [await gameProcess(database), await gameProcess(database)];

    // A session made by one process is known to the other; signed out on one, it is gone on both.
    const annaOnOne = browserAt(one);
    const anna = await annaOnOne.visit();
    await annaOnOne.send("PATCH", "/api/me", { name: "Анна" });
    const annaOnTwo = browserAt(two, annaOnOne.session);
    expect((await annaOnTwo.get<MeAnswer>("/api/me")).body).toMatchObject({ id: anna.id, name: "Анна" });

    // A passkey's registration asked of one process is answered to the other; its sign-in the same.
    const device = new SoftAuthenticator(site);
    const creation = await annaOnOne.send<CreationOptions>("POST", "/api/passkeys/registration");
    const registered = await annaOnTwo.send("POST", "/api/passkeys", { response: device.register(creation.body) });
    expect(registered.status).toBe(201);
    const phone = browserAt(two);
    await phone.visit();
    const request = await phone.send<RequestOptions>("POST", "/api/passkeys/authentication");
    const signedIn = await browserAt(one, phone.session).send<MeAnswer>("POST", "/api/passkeys/sign-in", {
      response: device.authenticate(request.body),
    });
    expect(signedIn.body.id).toBe(anna.id);

    // Борис's live stream is held by process two: Анна, asking process one, sees him online, and her
    // challenge sent through process one reaches his stream.
    const borisOnTwo = browserAt(two);
    const boris = await borisOnTwo.visit();
    await borisOnTwo.send("PATCH", "/api/me", { name: "Борис" });
    const borisEvents = await borisOnTwo.openEvents();
    const annaEvents = await annaOnOne.openEvents();
    streams.push(borisEvents, annaEvents);
    await annaOnOne.send("PUT", `/api/friends/${boris.id}`);
    await slowly(
      async () => (await annaOnOne.get<{ friends: Friend[] }>("/api/friends")).body.friends[0]?.online === true,
      "Борис online, seen from the other process",
    );
    const sent = await annaOnOne.send<Challenge>("POST", "/api/challenges", {
      to: boris.id,
      rated: true,
      opening: "draw",
    });
    expect(sent.status).toBe(201);
    await slowly(async () => borisEvents.events.some((e) => e.type === "challenge"), "the challenge on his stream");
    // Two answers at once, one to each process: one table.
    const [first, second] = await Promise.all([
      borisOnTwo.send<{ code: string }>("POST", `/api/challenges/${sent.body.id}/accept`),
      browserAt(one, borisOnTwo.session).send("POST", `/api/challenges/${sent.body.id}/accept`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const code = (first.status === 200 ? first.body : (second.body as { code: string })).code;
    await slowly(async () => annaEvents.events.some((e) => e.type === "challenge-update"), "Анна told on process one");

    // The rated table, reached through either process, seats both; the finished match is settled once.
    const a = await annaOnOne.joinTable(code, { name: "Анна" });
    const b = await borisOnTwo.joinTable(code, { name: "Борис" });
    clients.push(a, b);
    expect(a.welcome().seat).toBe(0);
    expect(b.welcome().seat).toBe(1);
    await slowly(async () => a.state.phase === "opening", "the opening");
    expect(a.state.rated).toBe(true);
    await playOneShot([a, b], false);
    b.send("resign", {});
    await slowly(async () => (await annaOnTwo.get<MeAnswer>("/api/me")).body.rating.games === 1, "the settlement");
    const [annaAfter, borisAfter] = [
      (await annaOnOne.get<MeAnswer>("/api/me")).body.rating,
      (await borisOnTwo.get<MeAnswer>("/api/me")).body.rating,
    ];
    expect(annaAfter.value).toBeGreaterThan(1500);
    expect(borisAfter).toMatchObject({ games: 1 });

    // Signing out everywhere on process two ends Анна's sessions on process one too, and her stream.
    expect((await annaOnTwo.send("POST", "/api/me/sign-out-everywhere")).status).toBe(204);
    await slowly(async () => annaEvents.ended, "her stream to close");
    await slowly(async () => (await annaOnOne.send("PATCH", "/api/me", { name: "X" })).status === 401, "revocation");
  }, 180_000);
});
