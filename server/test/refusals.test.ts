import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findShot, lagShot } from "./support/pottable-shot.ts";
import {
  ballsOnTable,
  type ErrorMessage,
  gameState,
  leaveAll,
  seatedPair,
  shelfOf,
  type TableClient,
  takeOverSeat,
} from "./support/table-client.ts";
import {
  eventually,
  type RunningServer,
  startTestServer,
  TEST_RATE_LIMITS,
  UNLIMITED_MESSAGES,
} from "./support/test-server.ts";

/**
 * Requests the protocol refuses: each gets its specific error code, and nothing changes — neither the
 * authoritative synced state, nor the match record, nor what the other players receive.
 */
describe("refused requests", () => {
  let running: RunningServer;
  let a: TableClient;
  let b: TableClient;
  let code: string;

  beforeAll(async () => {
    // Rates are not what this file tests: one seat sends dozens of refused requests in a row.
    running = await startTestServer({
      seed: () => 4242,
      animationScale: 0.01,
      rateLimits: { ...TEST_RATE_LIMITS, message: UNLIMITED_MESSAGES },
    });
    ({ a, b, code } = await seatedPair(running.httpUrl));
  });
  afterAll(async () => {
    await leaveAll(a, b);
    await running.stop();
  });

  async function recordedShots(): Promise<number> {
    const record = (await (await fetch(`${running.httpUrl}/api/matches/${a.state.matchId}`)).json()) as {
      shots: unknown[];
    };
    return record.shots.length;
  }

  /** Refusals each connection has had: before it nears the 20 that close it, the seat moves to a new one. */
  const refusals = new Map<TableClient, number>();

  async function connectionFor(client: TableClient): Promise<TableClient> {
    const count = refusals.get(client) ?? 0;
    if (count < 15) {
      refusals.set(client, count + 1);
      return client;
    }
    const fresh = await takeOverSeat(running.httpUrl, code, client);
    expect(client.leaves).toEqual([4001]);
    if (client === a) a = fresh;
    else b = fresh;
    refusals.set(fresh, 1);
    return fresh;
  }

  async function send(seated: TableClient, type: string, payload: unknown): Promise<void> {
    seated.send(type, payload);
  }

  const player = (seat: number): TableClient => (seat === 0 ? a : b);

  async function refused(seated: TableClient, type: string, payload: unknown): Promise<ErrorMessage> {
    const client = await connectionFor(seated);
    const state = JSON.stringify(gameState(code));
    const shots = await recordedShots();
    const seen = [a.shots.length, b.shots.length];
    const index = client.errors.length;
    client.send(type, payload);
    const error = await client.nextError(index);
    expect(error.type).toBe(type);
    expect(error.message.length).toBeGreaterThan(0);
    expect(JSON.stringify(gameState(code)), `${type} ${error.code} changed the state`).toBe(state);
    expect(await recordedShots()).toBe(shots);
    expect([a.shots.length, b.shots.length]).toEqual(seen);
    return error;
  }

  const stroke = (cue: number, more: Record<string, unknown> = {}) => ({
    cue,
    angle: 0,
    speed: 3,
    offset: { x: 0, y: 0 },
    ...more,
  });

  it("refuses actions that do not exist in the lag, and bad lag shots", async () => {
    expect(a.state.phase).toBe("lag");
    const n = a.state.shotNumber;
    expect(await refused(a, "shot", { shotNumber: n, stroke: stroke(1), call: [] })).toMatchObject({
      code: "wrong-phase",
    });
    expect(await refused(b, "answer", { shotNumber: n, accept: true })).toMatchObject({ code: "no-offer" });
    expect(await refused(a, "rematch", {})).toMatchObject({ code: "wrong-phase" });
    expect(await refused(a, "aim", { stroke: stroke(1), call: [] })).toMatchObject({ code: "not-your-turn" });
    const wrongSide = { ...lagShot(0, 0.2), place: { x: -1.2, y: -0.3 } };
    expect(await refused(a, "lag", wrongSide)).toMatchObject({ code: "lag-wrong-side", field: "place" });
    const outOfHouse = { ...lagShot(1, 0.2), place: { x: 0.5, y: -0.3 } };
    expect(await refused(b, "lag", outOfHouse)).toMatchObject({ code: "lag-not-in-house", field: "place" });
    expect(await refused(a, "lag", { ...lagShot(0, 0.2), speed: 0 })).toMatchObject({
      code: "bad-message",
      field: "speed",
    });
    expect(await refused(a, "lag", { place: { x: -1.2 }, angle: 0, speed: 2 })).toMatchObject({
      code: "bad-message",
      field: "place.y",
    });

    await send(a, "lag", lagShot(0, 0.15));
    await eventually(() => a.state.lagSent[0] === true, "seat 0's lag flag");
    expect(await refused(a, "lag", lagShot(0, 0.3))).toMatchObject({ code: "lag-already-sent" });
    await send(b, "lag", lagShot(1, 0.4));
    await eventually(() => a.state.phase === "opening" && !a.state.animating, "the opening phase");
    expect(a.state.toMove).toBe(0);
  });

  it("refuses a shot out of turn, a stale one, and opening shots that break clause 5", async () => {
    const n = a.state.shotNumber;
    const place = { x: -1.2, y: 0.25 };
    const good = { shotNumber: n, stroke: stroke(1, { angle: 3 }), call: [], place };
    const outOfTurn = await refused(b, "shot", good);
    expect(outOfTurn).toMatchObject({ code: "not-your-turn" });
    expect(outOfTurn.field).toBeUndefined();
    expect(await refused(b, "answer", { shotNumber: n, accept: false })).toMatchObject({ code: "no-offer" });
    expect(await refused(a, "lag", lagShot(0, 0.2))).toMatchObject({ code: "wrong-phase" });
    expect(await refused(a, "shot", { ...good, shotNumber: n - 1 })).toMatchObject({
      code: "stale-shot",
      field: "shotNumber",
    });
    expect(await refused(a, "shot", { ...good, shotNumber: n + 1 })).toMatchObject({ code: "stale-shot" });
    const { place: _place, ...unplaced } = good;
    expect(await refused(a, "shot", unplaced)).toMatchObject({ code: "place-required", field: "place" });
    expect(await refused(a, "shot", { ...good, place: { x: -0.5, y: 0 } })).toMatchObject({
      code: "opening-cue-not-in-house",
    });
    expect(await refused(a, "shot", { ...good, stroke: stroke(5) })).toMatchObject({ code: "cue-not-in-hand" });
    expect(await refused(a, "shot", { ...good, stroke: stroke(1, { speed: 0 }) })).toMatchObject({
      code: "bad-message",
      field: "stroke.speed",
    });
    expect(await refused(a, "shot", { ...good, stroke: stroke(1, { speed: 12.5 }) })).toMatchObject({
      code: "bad-message",
      field: "stroke.speed",
    });
    // Each offset component within ±0.8, but the point is 0.99 R off centre: the rules refuse it.
    expect(await refused(a, "shot", { ...good, stroke: stroke(1, { offset: { x: 0.7, y: 0.7 } }) })).toMatchObject({
      code: "stroke-invalid-offset",
      field: "stroke.offset",
    });
  });

  it("refuses bad calls: the coloured ball outside last-ball play, a ball twice, three balls", async () => {
    const n = a.state.shotNumber;
    const place = { x: -1.2, y: 0.25 };
    const shot = (call: unknown[]) => ({ shotNumber: n, stroke: stroke(1), call, place });
    expect(await refused(a, "shot", shot([{ ball: 0, pocket: "FL", way: "direct" }]))).toMatchObject({
      code: "call-coloured-outside-last-ball",
      field: "call[0].ball",
    });
    const twice = [
      { ball: 6, pocket: "FL", way: "direct" },
      { ball: 6, pocket: "FR", way: "bank" },
    ];
    expect(await refused(a, "shot", shot(twice))).toMatchObject({ code: "call-same-ball-twice" });
    const three = [2, 3, 4].map((ball) => ({ ball, pocket: "FL", way: "direct" }));
    expect(await refused(a, "shot", shot(three))).toMatchObject({ code: "bad-message", field: "call" });
    expect(await refused(a, "shot", shot([{ ball: 16, pocket: "FL", way: "direct" }]))).toMatchObject({
      code: "bad-message",
      field: "call[0].ball",
    });
    expect(await refused(a, "shot", shot([{ ball: 3, pocket: "XX", way: "direct" }]))).toMatchObject({
      code: "bad-message",
      field: "call[0].pocket",
    });
    expect(await refused(a, "shot", shot([{ ball: 3, pocket: "FL", way: "jump" }]))).toMatchObject({
      code: "bad-message",
      field: "call[0].way",
    });
  });

  it("refuses a ball that is not on the table as cue ball or called ball, and a place after the opening", async () => {
    // Play on (bounded) until a white ball is on a shelf.
    for (let i = 0; i < 12 && shelfOf(a.state, 0).length + shelfOf(a.state, 1).length === 0; i++) {
      const seat = a.state.toMove as 0 | 1;
      const mover = seat === 0 ? a : b;
      const opening = a.state.phase === "opening";
      const planned = findShot({
        balls: ballsOnTable(mover.state),
        shelves: [shelfOf(mover.state, 0), shelfOf(mover.state, 1)],
        debts: [0, 0],
        seat,
        opening,
        inHand: opening ? 1 : null,
      });
      const number = mover.state.shotNumber;
      if (mover.state.offer !== "") await send(mover, "answer", { shotNumber: number, accept: true });
      await send(mover, "shot", {
        shotNumber: number,
        stroke: planned.stroke,
        call: planned.call,
        place: planned.place,
      });
      await eventually(() => a.state.shotNumber > number && !a.state.animating, `shot ${number}`);
    }
    const shelved = [...shelfOf(a.state, 0), ...shelfOf(a.state, 1)];
    expect(shelved.length).toBeGreaterThan(0);
    expect(a.state.phase).toBe("play");
    const seat = a.state.toMove as 0 | 1;
    const n = a.state.shotNumber;
    const onTable = ballsOnTable(a.state).filter((ball) => ball.id !== 0);
    const cue = onTable[0]!.id;
    const object = onTable[1]!.id;
    const gone = shelved[0]!;
    const shot = { shotNumber: n, stroke: stroke(cue), call: [{ ball: object, pocket: "FL", way: "direct" }] };
    expect(await refused(player(seat), "shot", { ...shot, stroke: stroke(gone) })).toMatchObject({
      code: "cue-ball-not-on-table",
    });
    expect(
      await refused(player(seat), "shot", { ...shot, call: [{ ball: gone, pocket: "ML", way: "direct" }] }),
    ).toMatchObject({ code: "call-ball-not-on-table", field: "call[0].ball" });
    expect(await refused(player(seat), "shot", { ...shot, place: { x: -1.2, y: 0 } })).toMatchObject({
      code: "place-not-allowed",
    });
    expect(await refused(player(1 - seat), "shot", shot)).toMatchObject({ code: "not-your-turn" });
    if (a.state.offer === "") {
      expect(await refused(player(seat), "answer", { shotNumber: n, accept: true })).toMatchObject({
        code: "no-offer",
      });
    }
  });

  it("ends the match on a resignation, and then refuses play", async () => {
    const n = a.state.shotNumber;
    await send(b, "resign", {});
    await eventually(() => a.state.phase === "finished", "the finished phase");
    expect(a.state).toMatchObject({ winner: 0, finishReason: "resignation", toMove: -1 });
    const record = (await (await fetch(`${running.httpUrl}/api/matches/${a.state.matchId}`)).json()) as {
      result: unknown;
    };
    expect(record.result).toMatchObject({ winner: 0, reason: "resignation" });
    expect(await refused(a, "shot", { shotNumber: n, stroke: stroke(2), call: [] })).toMatchObject({
      code: "match-over",
    });
    expect(await refused(b, "resign", {})).toMatchObject({ code: "match-over" });
  });
});
