import type { Friend, PlayerProfile } from "@habibka/shared/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { expectJsonError } from "./support/http-client.ts";
import { leaveAll, serverPerSuite, type TableClient } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";
import { type Answer, type EventStream, Visitor } from "./support/visitor.ts";

/**
 * Friends (docs/PROTOCOL.md, "Friends and challenges"): a one-way list, who is online (a live event stream
 * open, or a seat held), and at which table (a public one, or one he shares with the asker).
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
  return { visitor, id: me.id };
}

async function friendsOf(visitor: Visitor): Promise<Friend[]> {
  const answer = await visitor.get<{ friends: Friend[] }>("/api/friends");
  expect(answer.status).toBe(200);
  return answer.body.friends;
}

/** The list read as a page would poll it: a tenth of a second apart, well inside the address's allowance. */
async function friendsAtPace(visitor: Visitor): Promise<Friend[]> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return friendsOf(visitor);
}

describe("the friends' list", () => {
  it("adds and removes a friend, one way: he need not add you back", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    const added = await anna.visitor.send<Friend>("PUT", `/api/friends/${boris.id}`);
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ id: boris.id, name: "Борис", online: false, table: null });
    // Twice is once.
    expect((await anna.visitor.send("PUT", `/api/friends/${boris.id}`)).status).toBe(200);
    expect(await friendsOf(anna.visitor)).toEqual([{ id: boris.id, name: "Борис", online: false, table: null }]);
    expect(await friendsOf(boris.visitor)).toEqual([]);
    const profile = await anna.visitor.get<PlayerProfile>(`/api/players/${boris.id}`);
    expect(profile.body.friend).toBe(true);
    expect((await anna.visitor.send("DELETE", `/api/friends/${boris.id}`)).status).toBe(204);
    expect(await friendsOf(anna.visitor)).toEqual([]);
    expect((await anna.visitor.get<PlayerProfile>(`/api/players/${boris.id}`)).body.friend).toBe(false);
  });

  it("refuses an unknown id with 404 and oneself with 400, and changes nothing", async () => {
    const anna = await player("Анна");
    for (const method of ["PUT", "DELETE"]) {
      refusal(
        await anna.visitor.send(method, "/api/friends/00000000-0000-4000-8000-000000000000"),
        404,
        "no-such-player",
      );
      refusal(await anna.visitor.send(method, "/api/friends/not-an-id"), 404, "no-such-player");
      refusal(await anna.visitor.send(method, `/api/friends/${anna.id}`), 400, "oneself");
    }
    expect(await friendsOf(anna.visitor)).toEqual([]);
  });

  it("needs the session for its list (401) and for changes (401, then the Origin: 403)", async () => {
    const stranger = new Visitor(server.httpUrl);
    refusal(await stranger.get("/api/friends"), 401, "no-session");
    const boris = await player("Борис");
    refusal(await stranger.send("PUT", `/api/friends/${boris.id}`), 401, "no-session");
    const anna = await player("Анна");
    refusal(
      await anna.visitor.send("PUT", `/api/friends/${boris.id}`, undefined, { Origin: "https://evil.example" }),
      403,
      "bad-origin",
    );
    expect(await friendsOf(anna.visitor)).toEqual([]);
  });
});

describe("a friend online, and at which table", () => {
  it("is online while he has the site open (a live event stream), and not once he closes it", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    await anna.visitor.send("PUT", `/api/friends/${boris.id}`);
    const events = await boris.visitor.openEvents();
    streams.push(events);
    expect(events.status).toBe(200);
    await eventually(async () => (await friendsOf(anna.visitor))[0]?.online === true, "Борис online");
    expect((await anna.visitor.get<PlayerProfile>(`/api/players/${boris.id}`)).body.online).toBe(true);
    events.close();
    await eventually(async () => (await friendsOf(anna.visitor))[0]?.online === false, "Борис offline");
  });

  it("names a public table he sits at, and a private one only to who sits there with him", async () => {
    const anna = await player("Анна");
    const boris = await player("Борис");
    const vera = await player("Вера");
    await anna.visitor.send("PUT", `/api/friends/${boris.id}`);
    await vera.visitor.send("PUT", `/api/friends/${boris.id}`);
    const open = await boris.visitor.createTable({ name: "Борис" });
    clients.push(open);
    await eventually(
      async () => (await friendsAtPace(anna.visitor))[0]?.table === open.room.roomId,
      "Анна sees Борис's public table",
      15_000,
    );
    expect((await friendsOf(anna.visitor))[0]).toMatchObject({ online: true, table: open.room.roomId });
    await open.leave();
    clients.splice(clients.indexOf(open), 1);

    // A private table: Анна sits there with him and is told its code; Вера is only told he is online.
    const hidden = await boris.visitor.createTable({ name: "Борис", visibility: "private" });
    clients.push(hidden);
    const annaSeat = await anna.visitor.joinTable(hidden.room.roomId, { name: "Анна" });
    clients.push(annaSeat);
    await eventually(
      async () => (await friendsAtPace(anna.visitor))[0]?.table === hidden.room.roomId,
      "Анна sees the private table she shares",
      15_000,
    );
    const veraSees = (await friendsOf(vera.visitor))[0];
    expect(veraSees?.online).toBe(true);
    expect(veraSees?.table).not.toBe(hidden.room.roomId);
  }, 40_000);
});

describe("the live event stream", () => {
  it("needs the session (401), sends a comment first, and closes when the session is signed out", async () => {
    refusal(await new Visitor(server.httpUrl).get("/api/me/events"), 401, "no-session");
    const anna = await player("Анна");
    const events = await anna.visitor.openEvents();
    streams.push(events);
    await eventually(() => events.comments > 0, "the opening comment");
    expect((await anna.visitor.send("POST", "/api/me/sign-out")).status).toBe(204);
    await eventually(() => events.ended, "the stream to close with its session");
  });

  it("keeps at most 4 streams of one account open in a process", async () => {
    const anna = await player("Анна");
    const open = await Promise.all([1, 2, 3, 4].map(() => anna.visitor.openEvents()));
    streams.push(...open);
    expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200]);
    const fifth = await anna.visitor.get("/api/me/events");
    refusal(fifth, 429, "too-many-streams");
  });
});
