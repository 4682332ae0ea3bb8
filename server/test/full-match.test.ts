import { type ContractVerdict, toContractVerdict } from "@habibka/shared/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LobbyWatcher, watchLobby } from "./support/lobby-client.ts";
import { playScriptedMatch } from "./support/scripted-match.ts";
import { leaveAll, seatedPair, shelfOf, type TableClient } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/** The contract's verdict fields of a verdict as it came over the wire. */
function contract(verdict: unknown): ContractVerdict {
  return toContractVerdict(verdict as ContractVerdict);
}

interface RecordedShot {
  number: number;
  seat: number;
  kind: string;
  request: unknown;
  before: unknown[];
  verdict: Record<string, unknown>;
  events: unknown[];
  trace: string;
  at: number;
}

interface MatchRecord {
  id: string;
  code: string;
  visibility: string;
  opening: string;
  players: [string, string];
  shots: RecordedShot[];
  result: { winner: number; reason: string; shelves: [number, number]; finishedAt: number } | null;
}

describe("a whole match between two scripted clients over the network", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;
  let code: string;
  let lobby: LobbyWatcher;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 20_261_130, animationScale: 0.01 });
    lobby = await watchLobby(running.httpUrl);
    ({ a, b, code } = await seatedPair(running.httpUrl, { visibility: "public" }));
  });
  afterAll(async () => {
    await leaveAll(a, b);
    await lobby.leave();
    await running.stop();
  });

  it("plays from the lag to a win by eight balls; the record matches what both clients saw; a rematch starts a new match", async () => {
    const matchId = a.state.matchId;
    expect(a.welcome()).toMatchObject({ role: "player", seat: 0, matchId });
    expect(b.welcome()).toMatchObject({ role: "player", seat: 1, matchId });
    expect(a.state.phase).toBe("lag");

    const script = await playScriptedMatch([a, b], { maxShots: 80 });

    // The finish, as both clients see it.
    for (const client of [a, b]) {
      await eventually(() => client.state.phase === "finished", "the finished phase");
      expect(client.state.finishReason).toBe("eight");
      expect(client.state.toMove).toBe(-1);
    }
    const winner = a.state.winner as 0 | 1;
    expect([0, 1]).toContain(winner);
    expect(shelfOf(a.state, winner)).toHaveLength(8);
    expect(shelfOf(b.state, winner)).toEqual(shelfOf(a.state, winner));
    expect(shelfOf(a.state, winner === 0 ? 1 : 0).length).toBeLessThan(8);

    // Both clients received the same shot messages, one per request (plus the lag), in order.
    expect(a.shots.map((s) => s.number)).toEqual(b.shots.map((s) => s.number));
    expect(JSON.stringify(a.shots)).toBe(JSON.stringify(b.shots));
    expect(a.shots).toHaveLength(script.played.length + script.lags);
    expect(a.shots[0]).toMatchObject({ kind: "lag", seat: -1, matchId });
    for (const [i, shot] of a.shots.entries()) {
      expect(shot.number).toBe(i + 1);
      expect(shot.matchId).toBe(matchId);
      expect(shot.verdict.explanation.en.length).toBeGreaterThan(0);
      expect(shot.verdict.explanation.ru.length).toBeGreaterThan(0);
      expect(shot.trace.length).toBeGreaterThan(0);
    }
    // The server ruled every shot exactly as the client's own simulation and judge predicted.
    for (const bot of script.played) {
      const shot = a.shots.find((s) => s.number === bot.number);
      expect(shot, `shot ${bot.number}`).toBeDefined();
      expect(shot!.seat).toBe(bot.seat);
      expect(contract(shot!.verdict), `verdict of shot ${bot.number}`).toEqual(contract({ ...bot.planned.expected }));
    }
    // The bots mostly potted: this is a real match, not a string of fouls.
    expect(script.played.filter((p) => p.planned.kind === "pot").length).toBeGreaterThanOrEqual(8);
    const last = a.shots.at(-1)!;
    expect(last.verdict.winner).toBe(winner);

    // The lobby lists the public table with the final score.
    const score = [shelfOf(a.state, 0).length, shelfOf(a.state, 1).length];
    await eventually(() => lobby.listed.get(code)?.metadata.phase === "finished", "the finish in the lobby");
    expect(lobby.listed.get(code)?.metadata).toEqual({
      code,
      players: ["Anna", "Boris"],
      score,
      spectators: 0,
      phase: "finished",
      // Players without accounts, at a table that is not rated.
      rated: false,
      accounts: [null, null],
      ratings: [null, null],
    });

    // The record on the HTTP API is what the clients saw.
    const response = await fetch(`${running.httpUrl}/api/matches/${matchId}`);
    expect(response.status).toBe(200);
    const record = (await response.json()) as MatchRecord;
    expect(record).toMatchObject({ id: matchId, code, visibility: "public", opening: "lag" });
    expect(record.players).toEqual(["Anna", "Boris"]);
    expect(record.shots).toHaveLength(a.shots.length);
    for (const [i, seen] of a.shots.entries()) {
      const stored = record.shots[i]!;
      expect(stored.number, `record shot ${i}`).toBe(seen.number);
      expect(stored.seat).toBe(seen.seat);
      expect(stored.kind).toBe(seen.kind);
      expect(stored.verdict).toEqual(seen.verdict);
      expect(stored.events).toEqual(seen.events);
      expect(stored.request).toEqual(seen.request);
      expect(stored.trace).toBe(seen.trace);
      // The table at the stroke is kept too, so that any recorded shot can be replayed.
      expect(stored.before).toEqual((seen as unknown as { before: unknown[] }).before);
      expect(stored.before.length).toBeGreaterThan(0);
    }
    expect(record.result).toMatchObject({
      winner,
      reason: "eight",
      shelves: [shelfOf(a.state, 0).length, shelfOf(a.state, 1).length],
    });
    expect(record.result!.finishedAt).toBeGreaterThanOrEqual(record.shots.at(-1)!.at);

    // The finished public match is listed among the recent results.
    const recent = (await (await fetch(`${running.httpUrl}/api/matches?limit=5`)).json()) as {
      matches: { id: string }[];
    };
    expect(recent.matches.map((m) => m.id)).toContain(matchId);

    // A rematch: both ask, and a new match (new record id) starts at the same table from the lag.
    a.send("rematch", {});
    await eventually(() => b.state.rematch[0] === true, "seat 0's rematch request");
    expect(b.state.phase).toBe("finished");
    expect(b.state.matchId).toBe(matchId);
    b.send("rematch", {});
    await eventually(() => a.state.matchId !== matchId && b.state.matchId === a.state.matchId, "a new match id");
    for (const client of [a, b]) {
      await eventually(() => client.state.phase === "lag", "the new match's lag");
      expect(client.state.winner).toBe(-1);
      expect(client.state.finishReason).toBe("");
      expect(shelfOf(client.state, 0)).toEqual([]);
      expect(shelfOf(client.state, 1)).toEqual([]);
      expect([...client.state.balls].filter((ball) => ball.onTable)).toHaveLength(16);
      expect([...client.state.rematch]).toEqual([false, false]);
    }
    const next = (await (await fetch(`${running.httpUrl}/api/matches/${a.state.matchId}`)).json()) as MatchRecord;
    expect(next).toMatchObject({ id: a.state.matchId, code, result: null, shots: [] });
    const old = (await (await fetch(`${running.httpUrl}/api/matches/${matchId}`)).json()) as MatchRecord;
    expect(old.shots).toHaveLength(record.shots.length);
    expect(old.result).toEqual(record.result);
  }, 120_000);

  it("answers record lookups: 400 for a malformed id or limit, 404 for an unknown id", async () => {
    expect((await fetch(`${running.httpUrl}/api/matches/not-a-uuid`)).status).toBe(400);
    const unknown = await fetch(`${running.httpUrl}/api/matches/00000000-0000-4000-8000-000000000000`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not-found" });
    expect((await fetch(`${running.httpUrl}/api/matches?limit=0`)).status).toBe(400);
    expect((await fetch(`${running.httpUrl}/api/matches?limit=101`)).status).toBe(400);
    const list = (await (await fetch(`${running.httpUrl}/api/matches?limit=1`)).json()) as { matches: unknown[] };
    expect(list.matches).toHaveLength(1);
  });
});
