import { localEngine } from "@habibka/client/offline/local-engine";
import { type LocalEvent, LocalTable } from "@habibka/client/offline/local-table";
import { MemoryStore } from "@habibka/client/testing/memory-store";
import { replayOfflineMatch } from "@habibka/server/offline-matches/replay-offline-match";
import { type RunningServer, startTestServer, TEST_RATE_LIMITS } from "@habibka/server/testing/test-server";
import { type Random, seededRandom } from "@habibka/shared";
import { decide, type Situation } from "@habibka/shared/computer";
import { type ComputerLevel, foldRecord, type MatchRecord, type MatchState } from "@habibka/shared/match";
import { offlineUploadOf } from "@habibka/shared/protocol";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, POCKET_IDS, WHITE_BALLS } from "@habibka/shared/table";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The verdicts without the network are the server's verdicts. The page's worker (src/offline/, here in Node
 * without its messaging) and the server play the same seeded shots, and everything they come to is compared
 * exactly: the practice table's answer against the server's `POST /api/practice/shot` for random positions,
 * and whole stretches of matches against the computer, played by the page's table, against the server's
 * replay of them on its own engine (the check an offline match passes to be kept in a player's history).
 */

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, low: number, high: number) => low + random() * (high - low);

/** A position of 2–16 balls where balls can stand, none overlapping, and a stroke at it. */
function practiceBody(seed: number) {
  const random = seededRandom(seed);
  const ids = [0, ...WHITE_BALLS].filter(() => random() < 0.6);
  if (!ids.some((id) => id !== 0)) ids.push(1);
  const balls: { id: number; x: number; y: number }[] = [];
  for (const id of ids) {
    for (let attempt = 0; attempt < 50; attempt++) {
      const x = between(random, -HALF_LENGTH + BALL_RADIUS * 1.5, HALF_LENGTH - BALL_RADIUS * 1.5);
      const y = between(random, -HALF_WIDTH + BALL_RADIUS * 1.5, HALF_WIDTH - BALL_RADIUS * 1.5);
      if (balls.every((b) => Math.hypot(b.x - x, b.y - y) > BALL_RADIUS * 2.05)) {
        balls.push({ id, x, y });
        break;
      }
    }
  }
  const whites = balls.filter((b) => b.id !== 0).map((b) => b.id);
  const cue = pick(random, whites);
  const others = balls.filter((b) => b.id !== cue).map((b) => b.id);
  const call =
    random() < 0.5 && others.length > 0
      ? [
          {
            ball: pick(random, others),
            pocket: pick(random, POCKET_IDS),
            way: pick(random, ["direct", "bank"] as const),
          },
        ]
      : [];
  return {
    balls,
    match: { shelf: [[], []], debt: [0, 0], opening: false },
    shot: {
      cue,
      angle: between(random, 0, 360),
      speed: between(random, 0.3, 6),
      offset: { x: between(random, -0.4, 0.4), y: between(random, -0.4, 0.4) },
    },
    call,
  };
}

/** The page's player, at random: every kind of stroke, call and answer, refused ones included. */
function randomMessage(match: MatchState, random: Random): { type: string; payload: unknown } | null {
  if (match.phase === "lag") {
    if (match.lagShots[0] !== null) return null;
    return {
      type: "lag",
      payload: {
        place: { x: between(random, -1.6, -1.0), y: between(random, 0.1, 0.7) },
        angle: between(random, -4, 4),
        speed: between(random, 1.4, 2.7),
      },
    };
  }
  if (match.player !== 0 || (match.phase !== "opening" && match.phase !== "turn" && match.phase !== "offer"))
    return null;
  if (match.phase === "offer" && !match.offerTaken && random() < 0.4) {
    return { type: "answer", payload: { shotNumber: match.shotNumber, accept: random() < 0.5 } };
  }
  const opening = match.phase === "opening";
  const whites = match.table.filter((b) => b.id !== 0).map((b) => b.id);
  const cue = opening ? match.inHand! : pick(random, whites.length > 0 ? whites : [0]);
  const targets = match.table.filter((b) => b.id !== cue).map((b) => b.id);
  const call =
    random() < 0.5 && targets.length > 0
      ? [
          {
            ball: pick(random, targets),
            pocket: pick(random, POCKET_IDS),
            way: pick(random, ["direct", "bank"] as const),
          },
        ]
      : [];
  return {
    type: "shot",
    payload: {
      shotNumber: match.shotNumber,
      stroke: {
        cue,
        angle: between(random, 0, 360),
        speed: between(random, 0.4, 6),
        offset: { x: between(random, -0.4, 0.4), y: between(random, -0.4, 0.4) },
      },
      call,
      ...(opening ? { place: { x: between(random, -1.7, -0.95), y: between(random, -0.6, 0.6) } } : {}),
    },
  };
}

/** Plays a match at the page's table in Node until `strokes` strokes are recorded or it ends. */
async function playAtPageTable(seed: number, level: ComputerLevel, strokes: number): Promise<MatchRecord> {
  const random = seededRandom(seed);
  const store = new MemoryStore();
  const events: LocalEvent[] = [];
  const table = await LocalTable.open(
    { kind: "new", name: "Проверка", level, pace: "brisk", opening: random() < 0.5 ? "lag" : "draw" },
    {
      store,
      decider: { decide: async (s: Situation, l: ComputerLevel, n: number) => decide(s, l, n) },
      emit: (event) => events.push(event),
      thinkScale: 0,
      animationScale: 0,
    },
  );
  if (!table) throw new Error("the table did not open");
  try {
    for (let step = 0; step < 3000; step++) {
      await table.settled();
      await new Promise((resolve) => setTimeout(resolve, 1));
      const record = (await store.record(table.matchId))!;
      const folded = foldRecord(record);
      if (!folded.ok) throw new Error(folded.error.message);
      const match = folded.value;
      const played = record.actions.filter((a) => a.played).length;
      if (match.phase === "finished" || played >= strokes) return record;
      const message = randomMessage(match, random);
      if (message) table.receive(message.type, message.payload);
    }
    throw new Error("the match stood still");
  } finally {
    table.close();
  }
}

describe("the page's verdicts are the server's", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({ rateLimits: TEST_RATE_LIMITS });
  });
  afterAll(() => server.stop());

  it("a practice shot at a random position: the same answer, to the last digit, or the same refusal", async () => {
    const engine = localEngine({ store: new MemoryStore() });
    let played = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), async (seed) => {
        const body = practiceBody(seed);
        const local = engine.practiceShot(body);
        const answer = await fetch(`${server.httpUrl}/api/practice/shot`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const served = (await answer.json()) as unknown;
        if (local.ok) {
          played++;
          expect(answer.status).toBe(200);
          // What the page's worker hands the page, as the server's JSON carries it.
          expect(served).toEqual(JSON.parse(JSON.stringify(local.value)));
        } else {
          expect(answer.status).toBe(400);
          expect((served as { message: string }).message).toBe(local.message);
        }
      }),
      { numRuns: 60 },
    );
    // Most positions are played, not refused: the comparison is of verdicts, not of error messages.
    expect(played).toBeGreaterThan(40);
  });

  it("a match against the computer played in the page comes out the same, stroke by stroke, on the server", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<ComputerLevel>("novice", "amateur"),
        async (seed, level) => {
          const record = await playAtPageTable(seed, level, 8);
          const upload = await offlineUploadOf(record);
          if (!upload.ok) throw new Error(upload.error.message);
          const replay = await replayOfflineMatch(upload.value, "exact", { newToken: () => "token" });
          if (!replay.ok) throw new Error(replay.message);
          // The seats' tokens are each side's own; everything else, the physics' results included, is equal.
          const actions = (r: MatchRecord) =>
            r.actions.map((a) => (a.action.type === "sit" ? { ...a.action, token: "" } : a.action));
          expect(actions(replay.record)).toEqual(actions(record));
          expect(replay.record.actions.map((a) => a.played?.duration)).toEqual(
            record.actions.map((a) => a.played?.duration),
          );
        },
      ),
      { numRuns: 6 },
    );
  });

  it("an upload whose stroke or outcome was changed is refused", async () => {
    const record = await playAtPageTable(20_251_206, "novice", 6);
    const upload = await offlineUploadOf(record);
    if (!upload.ok) throw new Error(upload.error.message);
    const shot = upload.value.actions.findIndex((a) => a.type === "shot");
    expect(shot).toBeGreaterThanOrEqual(0);
    const nudged = upload.value.actions.map((a, i) =>
      i === shot && a.type === "shot"
        ? { ...a, shot: { ...a.shot, stroke: { ...a.shot.stroke, angle: a.shot.stroke.angle + 0.5 } } }
        : a,
    );
    const moved = await replayOfflineMatch({ ...upload.value, actions: nudged }, "exact", { newToken: () => "token" });
    expect(moved).toMatchObject({ ok: false, message: expect.stringMatching(/comes out differently|action \d+/) });
    const claimed = upload.value.actions.map((a, i) =>
      i === shot && a.type === "shot" ? { ...a, outcome: "A".repeat(43) } : a,
    );
    const forged = await replayOfflineMatch({ ...upload.value, actions: claimed }, "exact", {
      newToken: () => "token",
    });
    expect(forged).toMatchObject({ ok: false, message: expect.stringMatching(/comes out differently/) });
  });
});
