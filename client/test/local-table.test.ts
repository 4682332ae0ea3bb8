import { decide, lagMessageOf, type Situation, shotMessageOf, situationOf } from "@habibka/shared/computer";
import { foldRecord, type MatchState } from "@habibka/shared/match";
import type { ShotBroadcast } from "@habibka/shared/protocol";
import { describe, expect, it, vi } from "vitest";
import { snapshotOf, type TableSnapshot } from "../src/net/table-snapshot.ts";
import { type LocalEvent, LocalTable } from "../src/offline/local-table.ts";
import { MemoryStore } from "./support/memory-store.ts";

/**
 * A table against the computer played in the page without the server (src/offline/local-table.ts), here in
 * Node with its store in memory: the page's player is driven by the computer's own search from the record,
 * the computer by its seat. What the page is told, and what the record keeps, are checked as a server's
 * table is.
 */

const instant = {
  decide: async (s: Situation, level: "novice" | "amateur" | "master", seed: number) => decide(s, level, seed),
};

function host(store: MemoryStore, events: LocalEvent[]) {
  return { store, decider: instant, emit: (e: LocalEvent) => events.push(e), thinkScale: 0, animationScale: 0 };
}

const states = (events: readonly LocalEvent[]): TableSnapshot[] =>
  events.flatMap((e) => (e.kind === "state" ? [snapshotOf(e.state)] : []));

async function folded(store: MemoryStore, matchId: string): Promise<MatchState> {
  const record = await store.record(matchId);
  const match = record && foldRecord(record);
  if (!match?.ok) throw new Error("the record does not fold");
  return match.value;
}

/** Plays the page's seat with the search, as a person would through the page, until `until` holds. */
async function playSeat0(
  table: LocalTable,
  store: MemoryStore,
  until: (m: MatchState) => boolean,
): Promise<MatchState> {
  for (let step = 0; step < 2000; step++) {
    await table.settled();
    // A shot's animation ends on a timer (scaled to nothing here), and only then does the computer play on.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const match = await folded(store, table.matchId);
    if (until(match)) return match;
    const situation = situationOf(match, 0);
    if (!situation) continue;
    const decision = decide(situation, "novice", 1000 + step);
    if (decision.type === "lag") table.receive("lag", lagMessageOf(decision));
    else if (decision.type === "shot") table.receive("shot", shotMessageOf(decision));
    else table.receive("answer", { shotNumber: match.shotNumber, accept: decision.type === "take" });
  }
  throw new Error("the match did not get there");
}

describe("a table against the computer in the page", () => {
  it("seats both, plays the lag and shots through the pipeline, and keeps every action before telling", async () => {
    const store = new MemoryStore();
    const events: LocalEvent[] = [];
    const table = await LocalTable.open(
      { kind: "new", name: "Анна", level: "novice", pace: "brisk", opening: "lag" },
      host(store, events),
    );
    if (!table) throw new Error("not opened");
    const welcome = events.find((e) => e.kind === "message" && e.type === "welcome");
    expect(welcome).toMatchObject({ message: { role: "player", seat: 0, matchId: table.matchId } });
    const first = states(events)[0]!;
    expect(first.players.map((p) => p?.name)).toEqual(["Анна", "Компьютер · новичок"]);
    expect(first.players[1]?.computer).toBe(true);
    expect(first.phase).toBe("lag");

    const match = await playSeat0(table, store, (m) => m.shotNumber >= 6 || m.phase === "finished");
    table.close();
    // Every stroke was announced before the state that shows its result, and after the record kept it.
    const shots = events.flatMap((e, i) =>
      e.kind === "message" && e.type === "shot" ? [{ i, shot: e.message as ShotBroadcast }] : [],
    );
    expect(shots.length).toBeGreaterThanOrEqual(4);
    for (const { i, shot } of shots) {
      const before = states(events.slice(0, i)).at(-1)!;
      expect(before.shotNumber).toBeLessThanOrEqual(shot.number);
      expect(shot.matchId).toBe(table.matchId);
    }
    // The last state shown is the record's fold.
    const last = states(events).at(-1)!;
    expect(last.shotNumber).toBe(match.shotNumber);
    expect(last.players[0]?.shelf).toEqual(match.shelves[0]);
    expect(
      last.balls
        .filter((b) => b.onTable)
        .map((b) => b.id)
        .sort((a, b) => a - b),
    ).toEqual(match.table.map((b) => b.id).sort((a, b) => a - b));
    // The log read back from the record is what was announced.
    expect((await table.shots(table.matchId)).map((s) => s.number)).toEqual(shots.map((s) => s.shot.number));
  });

  it("goes on after a reload exactly where the record left it", async () => {
    const store = new MemoryStore();
    const events: LocalEvent[] = [];
    const table = await LocalTable.open(
      { kind: "new", name: "Анна", level: "novice", pace: "brisk", opening: "draw" },
      host(store, events),
    );
    if (!table) throw new Error("not opened");
    // Stopped where the player is to act: the computer is waiting, so nothing is under way when it closes.
    await playSeat0(table, store, (m) => (m.shotNumber >= 3 && situationOf(m, 0) !== null) || m.phase === "finished");
    await table.settled();
    table.close();
    const before = states(events).at(-1)!;
    const again: LocalEvent[] = [];
    const resumed = await LocalTable.open({ kind: "resume", matchId: table.matchId }, host(store, again));
    if (!resumed) throw new Error("not resumed");
    const after = states(again)[0]!;
    expect({ ...after, animating: false }).toEqual({ ...before, animating: false });
    resumed.close();
    expect(await LocalTable.open({ kind: "resume", matchId: "no-such-match" }, host(store, []))).toBeNull();
  });

  it("a write that fails changes nothing and says so; the same shot then plays", async () => {
    const store = new MemoryStore();
    const events: LocalEvent[] = [];
    const table = await LocalTable.open(
      { kind: "new", name: "Анна", level: "novice", pace: "brisk", opening: "draw" },
      host(store, events),
    );
    if (!table) throw new Error("not opened");
    const match = await playSeat0(table, store, (m) => m.player === 0 && (m.phase === "opening" || m.phase === "turn"));
    const situation = situationOf(match, 0)!;
    const decision = decide(situation, "novice", 7);
    if (decision.type !== "shot") throw new Error("expected a shot");
    const told = events.length;
    store.failNext = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    table.receive("shot", shotMessageOf(decision));
    await table.settled();
    expect(events.slice(told)).toEqual([
      { kind: "message", type: "error", message: expect.objectContaining({ type: "shot", code: "not-recorded" }) },
    ]);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    expect((await folded(store, table.matchId)).shotNumber).toBe(match.shotNumber);
    table.receive("shot", shotMessageOf(decision));
    await table.settled();
    expect((await folded(store, table.matchId)).shotNumber).toBeGreaterThan(match.shotNumber);
    table.close();
  });

  it("refuses what a server's table refuses, in the protocol's words", async () => {
    const store = new MemoryStore();
    const events: LocalEvent[] = [];
    const table = await LocalTable.open(
      { kind: "new", name: "Анна", level: "novice", pace: "brisk", opening: "lag" },
      host(store, events),
    );
    if (!table) throw new Error("not opened");
    table.receive("shot", { shotNumber: 1, stroke: { cue: 99 } });
    table.receive("warp", {});
    table.receive("answer", { shotNumber: 0, accept: true });
    await table.settled();
    const errors = events.flatMap((e) => (e.kind === "message" && e.type === "error" ? [e.message] : []));
    expect(errors).toEqual([
      expect.objectContaining({ type: "warp", code: "unknown-message" }),
      expect.objectContaining({ type: "shot", code: "bad-message" }),
      expect.objectContaining({ type: "answer", code: "no-offer" }),
    ]);
    table.close();
  });
});
