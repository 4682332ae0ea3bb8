import { matchMaker } from "@colyseus/core";
import type { LeaderboardAnswer, LobbyTable, MeAnswer, PlayerProfile } from "@habibka/shared/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { expectJsonError, post } from "./support/http-client.ts";
import { playOneShot } from "./support/short-match.ts";
import { cutConnection, leaveAll, serverPerSuite, type TableClient } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";
import { Visitor } from "./support/visitor.ts";

/**
 * Rated tables (docs/PROTOCOL.md, "Rated tables and ratings"): public, with a shot clock, both seats
 * accounts; a rated match that finishes by a resignation or a seat lost by absence moves both ratings once,
 * and the profiles, the leaderboard and the table show it. A match with accounts that is not rated counts in
 * their stats but not in their ratings.
 */

const clients: TableClient[] = [];
const server = serverPerSuite({ seed: () => 3, animationScale: 0.01 }, clients);

afterEach(async () => {
  await leaveAll(...clients.splice(0));
});

async function player(name: string) {
  const visitor = new Visitor(server.httpUrl);
  const me = await visitor.visit();
  await visitor.send("PATCH", "/api/me", { name });
  return { visitor, id: me.id };
}

/** Two accounts seated at a new table `a` created (seat 0), in its opening, the opener drawn. */
async function seated(options: Record<string, unknown>) {
  const anna = await player("Анна");
  const boris = await player("Борис");
  const a = await anna.visitor.createTable({ name: "Typed name", opening: "draw", ...options });
  clients.push(a);
  const code = a.room.roomId;
  const b = await boris.visitor.joinTable(code, { name: "Boris" });
  clients.push(b);
  await eventually(() => a.state.phase === "opening" && b.state.phase === "opening", "the opening", 10_000);
  return { anna, boris, a, b, code };
}

const meOf = async (visitor: Visitor) => (await visitor.get<MeAnswer>("/api/me")).body;
const profileOf = async (visitor: Visitor, id: string) => (await visitor.get<PlayerProfile>(`/api/players/${id}`)).body;

describe("creating and joining a rated table", () => {
  it("is refused against the computer and on a private table (400 naming `rated`), and without an account (401)", async () => {
    const anna = await player("Анна");
    const againstComputer = await anna.visitor.send("POST", "/matchmake/create/habibka", {
      name: "Анна",
      rated: true,
      opponent: "computer",
    });
    expectJsonError({ ...againstComputer, body: againstComputer.text }, 400, "bad-options");
    expect((againstComputer.body as { message: string }).message).toMatch(/^rated: /);
    const privately = await anna.visitor.send("POST", "/matchmake/create/habibka", {
      name: "Анна",
      rated: true,
      visibility: "private",
    });
    expect((privately.body as { message: string }).message).toMatch(/^rated: /);
    const anonymous = await post(server.httpUrl, "/matchmake/create/habibka", { name: "Гость", rated: true });
    expectJsonError(anonymous, 401, "account-required");
  });

  it("seats only accounts, shows their accounts and ratings, and lets anyone watch", async () => {
    const anna = await player("Анна");
    const a = await anna.visitor.createTable({ name: "Анна", rated: true });
    clients.push(a);
    const code = a.room.roomId;
    expect(a.state.rated).toBe(true);
    expect(a.state.shotClock).toBe(60);
    expect(a.state.players.get("0")).toMatchObject({ account: anna.id, rating: 1500, provisional: true });
    const refused = await post(server.httpUrl, `/matchmake/joinById/${code}`, { name: "Гость" });
    expectJsonError(refused, 401, "account-required");
    const watcher = await new Visitor(server.httpUrl).joinTable(code, { name: "Гость", watch: true });
    clients.push(watcher);
    expect(watcher.welcome().role).toBe("spectator");
    const [listed] = await matchMaker.query({ roomId: code });
    expect(listed?.metadata as LobbyTable).toMatchObject({
      rated: true,
      accounts: [anna.id, null],
      ratings: [{ value: 1500, provisional: true }, null],
    });
  });

  it("seats the account under its own name, returns it to its seat from anywhere, and refuses its token to another account", async () => {
    const { anna, boris, a, code } = await seated({ visibility: "private" });
    expect(a.state.players.get("0")?.name).toBe("Анна");
    expect(a.state.players.get("1")).toMatchObject({ name: "Борис", account: boris.id });
    // Another account with Анна's seat token: refused, the seat stays hers.
    const vera = await player("Вера");
    const stolen = vera.visitor.joinTable(code, { name: "Вера", seatToken: a.welcome().seatToken });
    await expect(stolen).rejects.toThrow(/another account/);
    // Анна on another device (the same cookie, no token) is back in her seat.
    const elsewhere = new Visitor(server.httpUrl);
    elsewhere.session = anna.visitor.session;
    const again = await elsewhere.joinTable(code, { name: "Анна" });
    clients.push(again);
    expect(again.welcome()).toMatchObject({ role: "player", seat: 0 });
  });
});

describe("a rated match that finishes", () => {
  it("moves both ratings once when it ends by a resignation, and the profiles, leaderboard and table show it", async () => {
    const { anna, boris, a, b } = await seated({ rated: true });
    const matchId = a.welcome().matchId;
    await playOneShot([a, b], false);
    await playOneShot([a, b], true);
    b.send("resign", {});
    await eventually(async () => (await meOf(anna.visitor)).rating.games === 1, "Анна's rating settled", 10_000);
    const [winner, loser] = [await meOf(anna.visitor), await meOf(boris.visitor)];
    expect(winner.rating.value).toBeGreaterThan(1500);
    expect(loser.rating.value).toBeLessThan(1500);
    expect(loser.rating.games).toBe(1);
    // Two newcomers at 1500: Glicko-2 moves them by the same amount, each way.
    expect(winner.rating.value - 1500).toBeCloseTo(1500 - loser.rating.value, 0);
    expect(winner.rating.deviation).toBeLessThan(350);

    // Asking again (the sweep, a second process) changes nothing.
    expect((await server.accounts.settle(matchId)).size).toBe(0);
    expect(await server.accounts.settlement.sweep()).toBe(0);
    expect(await meOf(anna.visitor)).toEqual(winner);

    const annasProfile = await profileOf(boris.visitor, anna.id);
    expect(annasProfile.matches[0]).toMatchObject({
      matchId,
      rated: true,
      result: "win",
      opponent: { id: boris.id, name: "Борис" },
      ratingChange: expect.any(Number),
    });
    expect(annasProfile.matches[0]!.ratingChange).toBeGreaterThan(0);
    expect(annasProfile.stats).toMatchObject({ wins: 1, losses: 0 });
    const borisProfile = await profileOf(boris.visitor, boris.id);
    expect(borisProfile.matches[0]).toMatchObject({ result: "loss", opponent: { id: anna.id } });
    expect(borisProfile.stats).toMatchObject({ wins: 0, losses: 1 });
    // Two strokes, the second a deliberate miss (clause 17), by whoever was to play it.
    expect(annasProfile.stats.strokes + borisProfile.stats.strokes).toBe(2);
    expect((annasProfile.stats.fouls["17"] ?? 0) + (borisProfile.stats.fouls["17"] ?? 0)).toBe(1);

    const board = await anna.visitor.get<LeaderboardAnswer>("/api/leaderboard?limit=100");
    const ids = board.body.players.map((p) => p.id);
    expect(ids.indexOf(anna.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(anna.id)).toBeLessThan(ids.indexOf(boris.id));
    // The table shows the ratings the match left beside the names.
    await eventually(
      () => a.state.players.get("0")?.rating === Math.round(winner.rating.value),
      "the new rating shown",
    );
    expect(a.state.players.get("1")?.rating).toBe(Math.round(loser.rating.value));
  }, 60_000);

  it("moves both ratings once when a seat is lost by absence", async () => {
    const { anna, boris, a, b, code } = await seated({ rated: true, seatHoldSeconds: 10 });
    cutConnection(code, a, { discard: true });
    await eventually(() => b.state.phase === "finished", "the seat lost by absence", 20_000);
    expect(b.state.finishReason).toBe("absence");
    await eventually(async () => (await meOf(boris.visitor)).rating.games === 1, "the ratings settled", 10_000);
    expect((await meOf(boris.visitor)).rating.value).toBeGreaterThan(1500);
    expect((await meOf(anna.visitor)).rating).toMatchObject({ games: 1 });
    expect((await meOf(anna.visitor)).rating.value).toBeLessThan(1500);
  }, 40_000);

  it("counts a match that is not rated in the accounts' stats, not in their ratings", async () => {
    const { anna, boris, a, b } = await seated({ visibility: "private" });
    await playOneShot([a, b], false);
    a.send("resign", {});
    await eventually(async () => (await profileOf(boris.visitor, boris.id)).stats.wins === 1, "the stats settled");
    expect((await meOf(boris.visitor)).rating).toMatchObject({ value: 1500, games: 0 });
    const board = await anna.visitor.get<LeaderboardAnswer>("/api/leaderboard");
    expect(board.body.players.map((p) => p.id)).not.toContain(boris.id);
    // A private match is listed to its players only.
    expect((await profileOf(anna.visitor, boris.id)).matches).toHaveLength(1);
    const stranger = new Visitor(server.httpUrl);
    expect((await profileOf(stranger, boris.id)).matches).toHaveLength(0);
    expect((await profileOf(stranger, boris.id)).stats.wins).toBe(1);
  }, 40_000);
});

describe("profiles and the leaderboard", () => {
  it("answers 404 for an unknown id and 400 for a query it cannot read", async () => {
    const visitor = new Visitor(server.httpUrl);
    for (const id of ["00000000-0000-4000-8000-000000000000", "nobody", "%00"]) {
      const answer = await visitor.get(`/api/players/${id}`);
      expectJsonError({ ...answer, body: answer.text }, 404, "no-such-player");
    }
    for (const query of ["limit=0", "limit=101", "offset=-1", "limit=abc", "sort=value"]) {
      const answer = await visitor.get(`/api/leaderboard?${query}`);
      expectJsonError({ ...answer, body: answer.text }, 400, "bad-query");
    }
  });
});
