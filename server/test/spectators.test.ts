import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openingShot } from "./support/opening-shot.ts";
import { lagShot } from "./support/pottable-shot.ts";
import {
  ballsOnTable,
  gameState,
  joinTable,
  leaveAll,
  seatedPair,
  synced,
  type TableClient,
} from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/** Waits for one error and checks that the authoritative game state did not move. */
async function refused(
  client: TableClient,
  code: string,
  send: () => void,
): Promise<{ code: string; type: string; field?: string }> {
  const before = JSON.stringify(gameState(code));
  const error = await (async () => {
    const index = client.errors.length;
    send();
    return client.nextError(index);
  })();
  expect(JSON.stringify(gameState(code))).toBe(before);
  return error;
}

describe("spectators, chat and the live aim", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;
  let watcher: TableClient;
  let code: string;

  beforeAll(async () => {
    running = await startTestServer({ seed: () => 77, animationScale: 0.01 });
    ({ a, b, code } = await seatedPair(running.httpUrl));
    watcher = await joinTable(running.httpUrl, code, { name: "Зритель" });
  });
  afterAll(async () => {
    await leaveAll(a, b, watcher);
    await running.stop();
  });

  it("seats a third joiner as a spectator with the whole state and no seat token", async () => {
    expect(watcher.welcome()).toEqual({ role: "spectator", seat: null, matchId: a.state.matchId, chat: [] });
    await eventually(() => watcher.state.spectators?.size === 1, "the spectator in the state");
    expect(watcher.state.spectators.get(watcher.room.sessionId)?.name).toBe("Зритель");
    await synced(watcher, code);
    expect(watcher.state.players.get("0")?.name).toBe("Anna");
    expect(watcher.state.players.get("1")?.name).toBe("Boris");
    expect(ballsOnTable(watcher.state)).toHaveLength(16);

    // Asking for a seat while both are held, or presenting a made-up seat token, still only watches.
    const hopeful = await joinTable(running.httpUrl, code, { name: "Hopeful", watch: false });
    const forger = await joinTable(running.httpUrl, code, { name: "Forger", seatToken: "x".repeat(24) });
    try {
      expect(hopeful.welcome()).toMatchObject({ role: "spectator", seat: null });
      expect(forger.welcome()).toMatchObject({ role: "spectator", seat: null });
      expect(forger.welcome().seatToken).toBeUndefined();
      await eventually(() => a.state.spectators.size === 3, "three spectators");
      expect(a.state.players.get("0")?.connected).toBe(true);
      expect(a.state.players.get("1")?.connected).toBe(true);
    } finally {
      await leaveAll(hopeful, forger);
    }
    await eventually(() => a.state.spectators.size === 1, "the two extra spectators gone");
  });

  it("refuses every player's action from a spectator with not-seated and changes nothing", async () => {
    const shotNumber = watcher.state.shotNumber;
    const shot = {
      shotNumber,
      stroke: { cue: 3, angle: 0, speed: 2, offset: { x: 0, y: 0 } },
      call: [],
      place: { x: -1.2, y: 0.2 },
    };
    const attempts: [string, unknown][] = [
      ["lag", lagShot(0, 0.2)],
      ["shot", shot],
      ["answer", { shotNumber, accept: true }],
      ["answer", { shotNumber, accept: false }],
      ["resign", {}],
      ["rematch", {}],
      ["aim", { stroke: shot.stroke, call: [] }],
    ];
    for (const [type, payload] of attempts) {
      const error = await refused(watcher, code, () => watcher.send(type, payload));
      expect(error, type).toMatchObject({ type, code: "not-seated" });
    }
    expect(a.state.lagSent[0]).toBe(false);
    expect(a.aims).toHaveLength(0);
    expect(b.aims).toHaveLength(0);
    expect(a.shots).toHaveLength(0);
  });

  it("relays chat to everyone with the sender's name and role, within the length limit", async () => {
    a.send("chat", { text: "  Привет!  " });
    await eventually(() => [a, b, watcher].every((c) => c.chats.length === 1), "the player's chat everywhere");
    for (const c of [a, b, watcher]) {
      expect(c.chats[0]).toMatchObject({ name: "Anna", role: "player", seat: 0, text: "Привет!" });
      expect(c.chats[0]!.at).toEqual(expect.any(Number));
    }
    watcher.send("chat", { text: "x".repeat(200) });
    await eventually(() => [a, b, watcher].every((c) => c.chats.length === 2), "the spectator's chat everywhere");
    expect(b.chats[1]).toMatchObject({ name: "Зритель", role: "spectator", seat: null, text: "x".repeat(200) });

    const long = await refused(watcher, code, () => watcher.send("chat", { text: "y".repeat(201) }));
    expect(long).toMatchObject({ type: "chat", code: "bad-message", field: "text" });
    const blank = await refused(b, code, () => b.send("chat", { text: "   " }));
    expect(blank).toMatchObject({ type: "chat", code: "bad-message", field: "text" });
    const missing = await refused(b, code, () => b.send("chat", {}));
    expect(missing).toMatchObject({ type: "chat", code: "bad-message", field: "text" });
    expect(a.chats).toHaveLength(2);
  });

  it("sends the lag and the opening shot to the spectator too", async () => {
    a.send("lag", lagShot(0, 0.15));
    await eventually(() => watcher.state.lagSent[0] === true, "seat 0's lag flag");
    // The lag shots stay secret until both are in.
    expect(watcher.shots).toHaveLength(0);
    b.send("lag", lagShot(1, 0.4));
    await eventually(() => watcher.shots.length === 1 && watcher.state.phase === "opening", "the lag");
    expect(watcher.shots[0]).toEqual(a.shots[0]);
    expect(watcher.shots[0]).toMatchObject({ kind: "lag", seat: -1, number: 1 });
    await eventually(() => !watcher.state.animating, "the lag to finish animating");
  });

  it("relays the live aim of the player to move to the others, never stores it, and refuses it from the other", async () => {
    const mover = a.state.toMove === 0 ? a : b;
    const other = mover === a ? b : a;
    const aim = {
      stroke: { cue: 1, angle: 12.5, speed: 3 },
      call: [{ ball: 4, pocket: "FL", way: "direct" }],
      place: { x: -1.2, y: 0.1 },
    };
    const before = JSON.stringify(gameState(code));
    mover.send("aim", aim);
    await eventually(() => other.aims.length === 1 && watcher.aims.length === 1, "the aim at the others");
    const relayed = {
      seat: mover.state.toMove,
      stroke: { ...aim.stroke, offset: { x: 0, y: 0 } },
      call: aim.call,
      place: aim.place,
    };
    expect(other.aims[0]).toEqual(relayed);
    expect(watcher.aims[0]).toEqual(relayed);
    expect(JSON.stringify(gameState(code))).toBe(before);
    expect(Object.keys(gameState(code))).not.toContain("aim");

    const error = await refused(other, code, () => other.send("aim", aim));
    expect(error).toMatchObject({ type: "aim", code: "not-your-turn" });
    const bad = await refused(mover, code, () => mover.send("aim", { stroke: { cue: 1, angle: "left", speed: 3 } }));
    expect(bad).toMatchObject({ type: "aim", code: "bad-message", field: "stroke.angle" });
    expect(mover.aims).toHaveLength(0);
    expect(other.aims).toHaveLength(1);
    expect(watcher.aims).toHaveLength(1);

    // Ten a second at most: of a burst of twelve some are cut, each with its error, the rest relayed.
    const errorsBefore = mover.errors.length;
    for (let i = 0; i < 12; i++) mover.send("aim", { ...aim, stroke: { ...aim.stroke, angle: i } });
    const limited = () => mover.errors.slice(errorsBefore).filter((e) => e.code === "rate-limited").length;
    await eventually(() => watcher.aims.length - 1 + limited() === 12, "every aim relayed or refused");
    expect(limited()).toBeGreaterThanOrEqual(1);
    expect(watcher.aims.length - 1).toBeLessThanOrEqual(10);
    expect(other.aims).toHaveLength(watcher.aims.length);
  });

  it("lets the spectator watch the opening shot", async () => {
    const { seat, mover, message } = openingShot({ a, b });
    mover.send("shot", message);
    await eventually(() => watcher.shots.length === 2, "the opening shot at the spectator");
    expect(watcher.shots[1]).toEqual(mover.shots[1]);
    expect(watcher.shots[1]).toMatchObject({ kind: "shot", seat, number: 2 });
    await eventually(() => !watcher.state.animating, "the opening shot to end");
    await synced(watcher, code);
    expect(watcher.state.phase).toBe("play");
  });
});
