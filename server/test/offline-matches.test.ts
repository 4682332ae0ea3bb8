import { type LocalEvent, LocalTable } from "@habibka/client/offline/local-table";
import { MemoryStore } from "@habibka/client/testing/memory-store";
import { decide, lagMessageOf, type Situation, shotMessageOf, situationOf } from "@habibka/shared/computer";
import { foldRecord, type MatchRecord } from "@habibka/shared/match";
import { type OfflineMatchUpload, offlineUploadOf, type PlayerProfile } from "@habibka/shared/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RATE_LIMITS, OFFLINE_MATCH_BODY_BYTES } from "../src/rate-limits.ts";
import { serverPerSuite } from "./support/table-client.ts";
import { TEST_RATE_LIMITS } from "./support/test-server.ts";
import { Visitor } from "./support/visitor.ts";

/**
 * Offline matches (docs/PROTOCOL.md, "Offline matches"): a match the page played against the computer without
 * the network, sent over real HTTP when it is back, is played again on the server's engine and kept in the
 * player's history marked offline; one whose strokes come out differently, or that is not over, is refused;
 * the route's checks and limits (docs/SECURITY.md) answer as documented.
 */

const server = serverPerSuite(
  {
    rateLimits: {
      ...TEST_RATE_LIMITS,
      account: { ...DEFAULT_RATE_LIMITS.account, offlineMatches: { points: 12, seconds: 3600 } },
    },
  },
  [],
);

/**
 * A match played at the page's table (in Node, its store in memory): the player plays `strokes` strokes
 * with the computer's own search, the computer answers, then the player resigns unless told to go on.
 */
async function playedOffline(seed: number, options: { strokes: number; resign: boolean }): Promise<MatchRecord> {
  const store = new MemoryStore();
  const table = await LocalTable.open(
    { kind: "new", name: "Пассажир", level: "novice", pace: "brisk", opening: "draw" },
    {
      store,
      decider: { decide: async (s: Situation, level: "novice", n: number) => decide(s, level, n) },
      emit: (_event: LocalEvent) => {},
      thinkScale: 0,
      animationScale: 0,
    },
  );
  if (!table) throw new Error("not opened");
  let played = 0;
  try {
    for (let step = 0; step < 2000; step++) {
      await table.settled();
      await new Promise((resolve) => setTimeout(resolve, 1));
      const record = (await store.record(table.matchId))!;
      const folded = foldRecord(record);
      if (!folded.ok) throw new Error(folded.error.message);
      const match = folded.value;
      if (match.phase === "finished") return record;
      const situation = situationOf(match, 0);
      if (!situation) continue;
      if (played >= options.strokes) {
        if (!options.resign) return record;
        table.receive("resign", {});
        continue;
      }
      const decision = decide(situation, "novice", seed + step);
      if (decision.type === "lag") table.receive("lag", lagMessageOf(decision));
      else if (decision.type === "shot") table.receive("shot", shotMessageOf(decision));
      else table.receive("answer", { shotNumber: match.shotNumber, accept: decision.type === "take" });
      played++;
    }
    throw new Error("the match stood still");
  } finally {
    table.close();
  }
}

async function uploadOf(record: MatchRecord): Promise<OfflineMatchUpload> {
  const upload = await offlineUploadOf(record);
  if (!upload.ok) throw new Error(upload.error.message);
  return upload.value;
}

describe("POST /api/offline-matches", () => {
  let finished: OfflineMatchUpload;
  beforeAll(async () => {
    finished = await uploadOf(await playedOffline(7, { strokes: 14, resign: true }));
  });

  it("plays the match again, keeps it, and lists it in the player's history marked offline", async () => {
    const player = new Visitor(server.httpUrl);
    const me = await player.visit();
    // A whole match is past the front door's 4 KiB for every other body.
    expect(JSON.stringify(finished).length).toBeGreaterThan(4096);
    const kept = await player.send<{ matchId: string; offline: boolean; result: { reason: string; winner: number } }>(
      "POST",
      "/api/offline-matches",
      finished,
    );
    expect(kept.status).toBe(201);
    expect(kept.body).toMatchObject({
      matchId: finished.matchId,
      offline: true,
      result: { reason: "resignation", winner: 1 },
    });

    const profile = await player.get<PlayerProfile>(`/api/players/${me.id}`);
    expect(profile.body.matches).toContainEqual(
      expect.objectContaining({ matchId: finished.matchId, offline: true, rated: false, result: "loss" }),
    );
    // The match's page reads it as any other: its record, its shots, marked offline in its settings.
    const page = await player.get<{ record: { header: { settings: { offline?: boolean } } }; shots: unknown[] }>(
      `/api/matches/${finished.matchId}`,
    );
    expect(page.status).toBe(200);
    expect(page.body.record.header.settings.offline).toBe(true);
    expect(page.body.shots.length).toBeGreaterThanOrEqual(6);

    // Sent again (a lost answer): nothing changes. By another account: refused.
    expect((await player.send("POST", "/api/offline-matches", finished)).status).toBe(200);
    const other = new Visitor(server.httpUrl);
    await other.visit();
    const taken = await other.send<{ error: string }>("POST", "/api/offline-matches", finished);
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("already-kept");
  });

  it("refuses a match whose stroke comes out differently on the server, and one that is not over", async () => {
    const player = new Visitor(server.httpUrl);
    await player.visit();
    const upload = await uploadOf(await playedOffline(11, { strokes: 5, resign: true }));
    const shot = upload.actions.findIndex((a) => a.type === "shot");
    const forged = {
      ...upload,
      actions: upload.actions.map((a, i) => (i === shot && a.type === "shot" ? { ...a, outcome: "B".repeat(43) } : a)),
    };
    const refused = await player.send<{ error: string; message: string }>("POST", "/api/offline-matches", forged);
    expect(refused.status).toBe(422);
    expect(refused.body.error).toBe("not-verified");
    expect(refused.body.message).toMatch(/comes out differently/);

    const unfinished = await uploadOf(await playedOffline(13, { strokes: 3, resign: false }));
    const early = await player.send<{ error: string }>("POST", "/api/offline-matches", unfinished);
    expect(early.status).toBe(422);
    expect(early.body.error).toBe("not-finished");
    // Neither was kept: the id is free.
    expect((await player.get(`/api/matches/${upload.matchId}`)).status).toBe(404);
  });

  it("checks the session, the Origin, the body and the times, as every change under /api/", async () => {
    const stranger = new Visitor(server.httpUrl);
    expect((await stranger.send<{ error: string }>("POST", "/api/offline-matches", finished)).body.error).toBe(
      "no-session",
    );
    const player = new Visitor(server.httpUrl);
    await player.visit();
    player.origin = "https://evil.example";
    expect((await player.send<{ error: string }>("POST", "/api/offline-matches", finished)).status).toBe(403);
    player.origin = new URL(server.httpUrl).origin;
    const bad = await player.send<{ error: string; message: string }>("POST", "/api/offline-matches", {
      ...finished,
      level: "grandmaster",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("bad-body");
    expect(bad.body.message).toMatch(/level/);
    const future = {
      ...finished,
      matchId: "0b7f2a8e-3c1d-4e5f-9a6b-7c8d9e0f1a2b",
      createdAt: Date.now() + 7 * 86_400_000,
    };
    expect((await player.send<{ error: string }>("POST", "/api/offline-matches", future)).status).toBe(400);
    const huge = "x".repeat(OFFLINE_MATCH_BODY_BYTES + 1);
    expect((await player.send<{ error: string }>("POST", "/api/offline-matches", huge)).status).toBe(413);
    expect((await player.send<{ error: string }>("POST", "/api/offline-matches", "{not json")).body.error).toBe(
      "bad-json",
    );
  });

  it("holds each account to its allowance of offline matches", async () => {
    const player = new Visitor(server.httpUrl);
    await player.visit();
    const statuses: number[] = [];
    for (let i = 0; i < 13; i++) {
      statuses.push((await player.send("POST", "/api/offline-matches", { matchId: "not a match" })).status);
    }
    expect(statuses.slice(0, 12).every((s) => s === 400)).toBe(true);
    expect(statuses[12]).toBe(429);
  });
});
