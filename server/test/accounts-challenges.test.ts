import { LocalPresence } from "@colyseus/core";
import type { Challenge } from "@habibka/shared/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { Challenges } from "../src/accounts/challenges.ts";
import type { LiveEvent, LiveEvents } from "../src/accounts/live-events.ts";
import { createLogger } from "../src/logger.ts";
import { expectJsonError } from "./support/http-client.ts";
import { leaveAll, serverPerSuite, type TableClient } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";
import { type Answer, type EventStream, Visitor } from "./support/visitor.ts";

/**
 * Challenges (docs/PROTOCOL.md, "Friends and challenges"): sent to a player, told to him at once on his live
 * event stream, accepted into a table with both seated (seat 0 the challenger; a third person only watches),
 * declined, withdrawn, or run out; one pending between two players at a time.
 */

const clients: TableClient[] = [];
const streams: EventStream[] = [];
const server = serverPerSuite({}, clients);

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.close();
  await leaveAll(...clients.splice(0));
});

function refusal(answer: Answer, status: number, code: string): void {
  expectJsonError({ ...answer, body: answer.text }, status, code);
}

async function player(name: string) {
  const visitor = new Visitor(server.httpUrl);
  const me = await visitor.visit();
  await visitor.send("PATCH", "/api/me", { name });
  const events = await visitor.openEvents();
  streams.push(events);
  return { visitor, id: me.id, events };
}

describe("a challenge accepted", () => {
  it("tells the challenged at once, and seats both accounts at a new table, the challenger in seat 0", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    const sent = await anna.visitor.send<Challenge>("POST", "/api/challenges", { to: boris.id, opening: "draw" });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      from: { id: anna.id, name: "Анна" },
      to: { id: boris.id, name: "Борис" },
      status: "pending",
      opening: "draw",
      shotClock: 0,
      rated: false,
    });
    expect(sent.body.expiresAt - sent.body.createdAt).toBe(120_000);
    await eventually(() => boris.events.events.some((e) => e.type === "challenge"), "the challenge event");
    expect(boris.events.events.find((e) => e.type === "challenge")?.data).toEqual(sent.body);
    const listed = await boris.visitor.get<{ incoming: Challenge[]; outgoing: Challenge[] }>("/api/challenges");
    expect(listed.body.incoming.map((c) => c.id)).toEqual([sent.body.id]);
    expect((await anna.visitor.get<{ outgoing: Challenge[] }>("/api/challenges")).body.outgoing).toHaveLength(1);

    const accepted = await boris.visitor.send<{ code: string }>("POST", `/api/challenges/${sent.body.id}/accept`);
    expect(accepted.status).toBe(200);
    const { code } = accepted.body;
    expect(code).toMatch(/^[0-9]{6}$/);
    for (const side of [anna, boris]) {
      await eventually(
        () => side.events.events.some((e) => e.type === "challenge-update"),
        "both told of the acceptance",
      );
      expect(side.events.events.find((e) => e.type === "challenge-update")?.data).toEqual({
        id: sent.body.id,
        status: "accepted",
        code,
      });
    }
    // The challenged comes first, yet takes his own seat; a third person asking for a seat only watches.
    const b = await boris.visitor.joinTable(code, { name: "Boris" });
    clients.push(b);
    expect(b.welcome()).toMatchObject({ role: "player", seat: 1 });
    const vera = await player("Вера");
    const watcher = await vera.visitor.joinTable(code, { name: "Вера" });
    clients.push(watcher);
    expect(watcher.welcome().role).toBe("spectator");
    const a = await anna.visitor.joinTable(code, { name: "Anna" });
    clients.push(a);
    expect(a.welcome()).toMatchObject({ role: "player", seat: 0 });
    await eventually(() => a.state.phase !== "waiting", "the match to begin");
    expect(a.state.visibility).toBe("private");
    expect(a.state.players.get("0")).toMatchObject({ name: "Анна", account: anna.id });
    expect(a.state.players.get("1")).toMatchObject({ name: "Борис", account: boris.id });
    // Answered: it is no longer pending, and a second answer is refused.
    expect((await boris.visitor.get<{ incoming: Challenge[] }>("/api/challenges")).body.incoming).toEqual([]);
    refusal(await boris.visitor.send("POST", `/api/challenges/${sent.body.id}/accept`), 409, "challenge-closed");
  });

  it("makes a rated challenge's table public and rated, with a shot clock", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    const sent = await anna.visitor.send<Challenge>("POST", "/api/challenges", { to: boris.id, rated: true });
    expect(sent.body).toMatchObject({ rated: true, shotClock: 60 });
    const { code } = (await boris.visitor.send<{ code: string }>("POST", `/api/challenges/${sent.body.id}/accept`))
      .body;
    const a = await anna.visitor.joinTable(code, { name: "Анна" });
    clients.push(a);
    expect(a.state).toMatchObject({ rated: true, visibility: "public", shotClock: 60 });
  });
});

describe("a challenge refused, declined or withdrawn", () => {
  it("refuses an unknown player (404), oneself (400), a second one between the same two (409), a bad body (400)", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    refusal(
      await anna.visitor.send("POST", "/api/challenges", { to: "00000000-0000-4000-8000-000000000000" }),
      404,
      "no-such-player",
    );
    refusal(await anna.visitor.send("POST", "/api/challenges", { to: anna.id }), 400, "oneself");
    refusal(
      await anna.visitor.send("POST", "/api/challenges", { to: boris.id, rated: true, shotClock: 0 }),
      400,
      "bad-body",
    );
    refusal(await anna.visitor.send("POST", "/api/challenges", { to: boris.id, shotClock: 45 }), 400, "bad-body");
    expect((await anna.visitor.send("POST", "/api/challenges", { to: boris.id })).status).toBe(201);
    refusal(await anna.visitor.send("POST", "/api/challenges", { to: boris.id }), 409, "challenge-pending");
    // Either way round.
    refusal(await boris.visitor.send("POST", "/api/challenges", { to: anna.id }), 409, "challenge-pending");
  });

  it("declines: both are told, and the pair may challenge again", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    const sent = await anna.visitor.send<Challenge>("POST", "/api/challenges", { to: boris.id });
    // Only the challenged may answer it; only the challenger may withdraw it.
    refusal(await anna.visitor.send("POST", `/api/challenges/${sent.body.id}/accept`), 404, "no-such-challenge");
    refusal(await boris.visitor.send("DELETE", `/api/challenges/${sent.body.id}`), 404, "no-such-challenge");
    expect((await boris.visitor.send("POST", `/api/challenges/${sent.body.id}/decline`)).status).toBe(204);
    await eventually(
      () => anna.events.events.some((e) => e.type === "challenge-update"),
      "the challenger told of the refusal",
    );
    expect(anna.events.events.at(-1)?.data).toEqual({ id: sent.body.id, status: "declined" });
    expect((await anna.visitor.send("POST", "/api/challenges", { to: boris.id })).status).toBe(201);
  });

  it("withdraws: the challenged is told, and can no longer accept it", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    const sent = await anna.visitor.send<Challenge>("POST", "/api/challenges", { to: boris.id });
    expect((await anna.visitor.send("DELETE", `/api/challenges/${sent.body.id}`)).status).toBe(204);
    await eventually(
      () => boris.events.events.some((e) => e.type === "challenge-update"),
      "the challenged told of the withdrawal",
    );
    refusal(await boris.visitor.send("POST", `/api/challenges/${sent.body.id}/accept`), 409, "challenge-closed");
  });

  it("keeps at most 3 of one account's challenges pending", async () => {
    const anna = await player("Анна");
    const others = await Promise.all(["Борис", "Вера", "Глеб", "Дина"].map((name) => player(name)));
    for (const other of others.slice(0, 3)) {
      expect((await anna.visitor.send("POST", "/api/challenges", { to: other.id })).status).toBe(201);
    }
    refusal(await anna.visitor.send("POST", "/api/challenges", { to: others[3]!.id }), 429, "too-many-challenges");
  });
});

describe("a challenge that runs out", () => {
  it("is ended as expired once its two minutes are up, and can no longer be accepted", async () => {
    let now = 1_000_000;
    const presence = new LocalPresence();
    const told: { account: string; event: LiveEvent }[] = [];
    const events = { publish: (account: string, event: LiveEvent) => told.push({ account, event }) };
    const challenges = new Challenges(
      () => presence,
      events as unknown as LiveEvents,
      () => Promise.resolve("123456"),
      createLogger("silent"),
      () => now,
    );
    const sent = await challenges.send({ id: "a", name: "Анна" }, { id: "b", name: "Борис" }, { to: "b" });
    if ("refused" in sent) throw new Error("refused");
    challenges.stop();
    now += 119_000;
    expect((await challenges.pending("b")).incoming).toHaveLength(1);
    now += 1_000;
    expect((await challenges.pending("b")).incoming).toEqual([]);
    expect(told.filter((t) => t.event.type === "challenge-update").map((t) => [t.account, t.event])).toEqual([
      ["a", { type: "challenge-update", data: { id: sent.id, status: "expired" } }],
      ["b", { type: "challenge-update", data: { id: sent.id, status: "expired" } }],
    ]);
    expect(await challenges.accept("b", sent.id)).toEqual({ refused: "challenge-closed", status: "expired" });
    // The pair is free again.
    expect("id" in (await challenges.send({ id: "a", name: null }, { id: "b", name: null }, { to: "b" }))).toBe(true);
    challenges.stop();
  });

  it("is accepted once however many answers arrive together", async () => {
    const presence = new LocalPresence();
    let tables = 0;
    const challenges = new Challenges(
      () => presence,
      { publish: () => undefined } as unknown as LiveEvents,
      async () => String(100000 + ++tables),
      createLogger("silent"),
    );
    const sent = await challenges.send({ id: "a", name: null }, { id: "b", name: null }, { to: "b" });
    if ("refused" in sent) throw new Error("refused");
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => challenges.accept("b", sent.id)));
    expect(answers.filter((a) => "code" in a)).toHaveLength(1);
    expect(tables).toBe(1);
    challenges.stop();
  });
});
