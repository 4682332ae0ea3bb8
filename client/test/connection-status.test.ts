import { describe, expect, it } from "vitest";
import {
  type ConnectionEvent,
  type ConnectionStatus,
  nextStatus,
  REJOIN_FOR_MS,
  rejoinPause,
  waitBeforeAttempt,
} from "../src/net/connection-status.ts";

const JOINED: ConnectionStatus = { kind: "joined" };
const left = (code: number, at = 1_000, finished = false): ConnectionEvent => ({ type: "left", code, finished, at });
const run = (events: readonly ConnectionEvent[], from: ConnectionStatus = JOINED) => events.reduce(nextStatus, from);

describe("the table link's states", () => {
  it("the server's restart (4100) starts coming back at once, for REJOIN_FOR_MS", () => {
    expect(run([left(4100, 5_000)])).toEqual({
      kind: "rejoining",
      reason: "restart",
      attempt: 1,
      until: 5_000 + REJOIN_FOR_MS,
    });
    expect(REJOIN_FOR_MS).toBeGreaterThanOrEqual(60_000);
  });

  it("a dropped connection is the SDK's to re-establish; its giving up, whatever the code, starts coming back", () => {
    expect(run([{ type: "dropped" }])).toEqual({ kind: "reconnecting" });
    expect(run([{ type: "dropped" }, { type: "reconnected" }])).toEqual(JOINED);
    // 4003: the new process does not know the session; 1006: the room was too young for the SDK to try.
    for (const code of [4003, 1006, 4002]) {
      expect(run([{ type: "dropped" }, left(code)])).toMatchObject({ kind: "rejoining", reason: "lost" });
    }
    expect(run([left(1006)])).toMatchObject({ kind: "rejoining", reason: "lost" });
  });

  it("a seat taken over and the server's own closes are final", () => {
    expect(run([left(4001)])).toEqual({ kind: "taken-over" });
    expect(run([{ type: "dropped" }, left(4001)])).toEqual({ kind: "taken-over" });
    for (const code of [1000, 4000, 4002, 4400]) expect(run([left(code)])).toEqual({ kind: "closed", code });
  });

  it("a finished match's table is not reopened after a restart: closed, not waited for", () => {
    expect(run([left(4100, 0, true)])).toEqual({ kind: "closed", code: 4100 });
  });

  it("pauses 0.5 s, doubling to at most 5 s, and never past the deadline", () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(rejoinPause)).toEqual([500, 1000, 2000, 4000, 5000, 5000, 5000]);
    let status = run([left(4100, 0)]);
    const waits: number[] = [];
    let now = 0;
    while (status.kind === "rejoining") {
      const wait = waitBeforeAttempt(status, now, 0.5)!;
      waits.push(wait);
      now += wait;
      status = nextStatus(status, { type: "attempt-failed", at: now });
    }
    expect(waits.slice(0, 6)).toEqual([500, 1000, 2000, 4000, 5000, 5000]);
    // The last attempt is made at the deadline itself, and its failure ends the coming back.
    expect(now).toBe(REJOIN_FOR_MS);
    expect(status).toEqual({ kind: "gave-up", reason: "restart" });
    expect(waitBeforeAttempt(status, now)).toBeNull();
  });

  it("spreads each pause by a fifth either way, so pages sent away together do not return together", () => {
    const status = nextStatus(run([left(4100, 0)]), { type: "attempt-failed", at: 500 });
    expect(waitBeforeAttempt(status, 500, 0)).toBe(800);
    expect(waitBeforeAttempt(status, 500, 0.5)).toBe(1000);
    expect(waitBeforeAttempt(status, 500, 0.999_999)).toBe(1200);
  });

  it("after giving up, trying again comes back for as long again; a rejoin ends it", () => {
    const gaveUp: ConnectionStatus = { kind: "gave-up", reason: "lost" };
    expect(nextStatus(gaveUp, { type: "retry", at: 200_000 })).toEqual({
      kind: "rejoining",
      reason: "lost",
      attempt: 1,
      until: 200_000 + REJOIN_FOR_MS,
    });
    expect(nextStatus(run([left(4100)]), { type: "joined" })).toEqual(JOINED);
    // Trying again means nothing while connected.
    expect(nextStatus(JOINED, { type: "retry", at: 0 })).toBe(JOINED);
  });
});
