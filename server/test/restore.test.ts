import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { matchMaker } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import { FINISHED_TABLE_RETURN_MS } from "../src/records/lease-queries.ts";
import { lagShot } from "./support/pottable-shot.ts";
import { createTable, joinTable, leaveAll, rejoinTable, seatedPair } from "./support/table-client.ts";
import { eventually, startTestServer } from "./support/test-server.ts";

/**
 * What start-up does with the records it finds: every unfinished table back, a finished one still open when
 * its process stopped back for a while (its rematch), and a bad record left alone.
 */

function rowsOf(path: string, matchId: string): unknown {
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    return {
      record: db.prepare("SELECT * FROM match_records WHERE id = ?").get(matchId),
      actions: db
        .prepare("SELECT match_id, seq, at, type, action, played FROM record_actions WHERE match_id = ? ORDER BY seq")
        .all(matchId),
    };
  } finally {
    db.close();
  }
}

describe("restoring tables at start", () => {
  it("brings back every unfinished table with its code and settings, and a finished one still open; a record that does not fold is logged and left as it is", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-restore-")), "records.sqlite");
    const first = await startTestServer({ seed: () => 4, databasePath });
    const lagging = await seatedPair(first.httpUrl, { visibility: "public", shotClock: 30 });
    lagging.a.send("lag", lagShot(0, 0.2));
    await eventually(() => lagging.b.state.lagSent[0] === true, "the secret first lag shot");
    const waiting = await createTable(first.httpUrl, { name: "Alone", visibility: "private", opening: "draw" });
    const broken = await seatedPair(first.httpUrl);
    const finished = await seatedPair(first.httpUrl, { seatHoldSeconds: 3600 });
    finished.a.send("resign", {});
    await eventually(() => finished.b.state.phase === "finished", "the finished match");
    const brokenId = broken.a.state.matchId;
    await first.stop();
    await leaveAll(lagging.a, lagging.b, waiting, broken.a, broken.b, finished.a, finished.b);

    // Hand-edit one record so that its actions no longer fold: a seat taken twice.
    const db = new DatabaseSync(databasePath);
    db.prepare("UPDATE record_actions SET action = ? WHERE match_id = ? AND seq = 1").run(
      JSON.stringify({ type: "sit", player: 0, name: "Mallory", token: "x" }),
      brokenId,
    );
    db.close();
    const brokenRows = rowsOf(databasePath, brokenId);

    const second = await startTestServer({ databasePath });
    try {
      const health = (await (await fetch(`${second.httpUrl}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ restored: 3, unrestorable: 1, database: { unfinished: 3, finishedOpen: 1 } });
      expect(matchMaker.getLocalRoomById(broken.code)).toBeUndefined();

      // The finished table is back, its match over, its seats held only as long as the restore waited for it.
      const after = await joinTable(second.httpUrl, finished.code, { name: "After", watch: true });
      expect(after.state).toMatchObject({ phase: "finished", matchId: finished.a.state.matchId });
      for (const seat of ["0", "1"]) {
        expect(after.state.players.get(seat)).toMatchObject({ connected: false });
        expect(after.state.players.get(seat)!.holdLeft).toBeLessThanOrEqual(FINISHED_TABLE_RETURN_MS / 1000);
        expect(after.state.players.get(seat)!.holdLeft).toBeGreaterThan(FINISHED_TABLE_RETURN_MS / 1000 - 30);
      }
      await after.leave();

      // The table in its lag is back, public, on its clock, with the first lag shot still in and secret.
      const watcher = await joinTable(second.httpUrl, lagging.code, { name: "Watcher", watch: true });
      expect(watcher.state).toMatchObject({ code: lagging.code, visibility: "public", shotClock: 30, phase: "lag" });
      expect([...watcher.state.lagSent]).toEqual([true, false]);
      expect(watcher.state.players.get("0")).toMatchObject({ name: "Anna", connected: false });
      expect(watcher.state.players.get("0")!.holdLeft).toBeGreaterThan(170);
      // The waiting table is back too, private, its creator's seat held and the other free.
      const friend = await joinTable(second.httpUrl, waiting.room.roomId, { name: "Friend" });
      expect(friend.welcome()).toMatchObject({ role: "player", seat: 1 });
      await eventually(() => friend.state.phase === "opening", "the match begun with its draw");
      expect(friend.state.visibility).toBe("private");
      await leaveAll(watcher, friend);
    } finally {
      await second.stop();
    }
    // Nothing of the bad record was rewritten to make start-up succeed.
    expect(rowsOf(databasePath, brokenId)).toEqual(brokenRows);
  });

  it("keeps a rematch asked for across a restart: both come back with their tokens, and the rematch starts", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-restore-")), "records.sqlite");
    const first = await startTestServer({ databasePath });
    const { a, b, code } = await seatedPair(first.httpUrl);
    a.send("resign", {});
    await eventually(() => b.state.phase === "finished", "the finished match");
    const finishedId = a.state.matchId;
    a.send("rematch", {});
    await eventually(() => b.state.rematch[0] === true, "seat 0's rematch request");
    const tokens = [a.welcome().seatToken, b.welcome().seatToken];
    await first.stop();
    await leaveAll(a, b);

    const second = await startTestServer({ databasePath });
    try {
      const back = [
        await rejoinTable(second.httpUrl, code, { name: "Anna", seatToken: tokens[0] }),
        await rejoinTable(second.httpUrl, code, { name: "Boris", seatToken: tokens[1] }),
      ] as const;
      expect(back.map((client) => client.welcome().seat)).toEqual([0, 1]);
      expect(back[1].state).toMatchObject({ phase: "finished", matchId: finishedId });
      expect([...back[1].state.rematch]).toEqual([true, false]);
      back[1].send("rematch", {});
      await eventually(
        () => back.every((client) => client.state.matchId !== finishedId && client.state.phase !== "finished"),
        "the rematch begun at both",
      );
      const rematchId = back[0].state.matchId;
      expect(back[1].state.matchId).toBe(rematchId);
      const rematch = rowsOf(databasePath, rematchId) as { record: { code: string; finished_at: unknown } };
      expect(rematch.record).toMatchObject({ code, finished_at: null });
      // The finished record is marked as replaced: only the table's current record may come back.
      const replaced = rowsOf(databasePath, finishedId) as { record: { table_closed_at: unknown } };
      expect(replaced.record.table_closed_at).toEqual(expect.any(Number));
      await leaveAll(...back);
    } finally {
      await second.stop();
    }
  });

  it("does not bring back a finished table that closed, nor one whose process stopped too long ago", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-restore-")), "records.sqlite");
    const first = await startTestServer({ databasePath });
    const closed = await seatedPair(first.httpUrl);
    closed.a.send("resign", {});
    await eventually(() => closed.b.state.phase === "finished", "the first finished match");
    closed.a.send("rematch", {});
    await eventually(() => closed.b.state.rematch[0] === true, "a rematch asked for at the table that closes");
    // Both leave after the match: their seats are freed and the table closes, for good.
    await leaveAll(closed.a, closed.b);
    await eventually(() => matchMaker.getLocalRoomById(closed.code) === undefined, "the table closed");
    const closedId = closed.a.state.matchId;
    await eventually(
      () =>
        (rowsOf(databasePath, closedId) as { record: { table_closed_at: unknown } }).record.table_closed_at !== null,
      "the closed table's record marked",
    );
    const stale = await seatedPair(first.httpUrl);
    stale.a.send("resign", {});
    await eventually(() => stale.b.state.phase === "finished", "the second finished match");
    const staleId = stale.a.state.matchId;
    await first.stop();
    await leaveAll(stale.a, stale.b);
    // The second table's process let it go longer ago than a finished table is waited for.
    const db = new DatabaseSync(databasePath);
    db.prepare("UPDATE match_records SET lease_until = ? WHERE id = ?").run(
      Date.now() - FINISHED_TABLE_RETURN_MS - 1_000,
      staleId,
    );
    db.close();

    const second = await startTestServer({ databasePath });
    try {
      const health = (await (await fetch(`${second.httpUrl}/healthz`)).json()) as Record<string, unknown>;
      expect(health).toMatchObject({ restored: 0, unrestorable: 0, database: { unfinished: 0, finishedOpen: 0 } });
      expect(matchMaker.getLocalRoomById(closed.code)).toBeUndefined();
      expect(matchMaker.getLocalRoomById(stale.code)).toBeUndefined();
    } finally {
      await second.stop();
    }
  });

  it("closes a restored finished table nobody comes back to once its seats' holds run out, marked closed", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-restore-")), "records.sqlite");
    const first = await startTestServer({ databasePath });
    const { a, b, code } = await seatedPair(first.httpUrl, { seatHoldSeconds: 10 });
    a.send("resign", {});
    await eventually(() => b.state.phase === "finished", "the finished match");
    const matchId = a.state.matchId;
    await first.stop();
    await leaveAll(a, b);

    const second = await startTestServer({ databasePath });
    try {
      expect(matchMaker.getLocalRoomById(code)).toBeDefined();
      await eventually(() => matchMaker.getLocalRoomById(code) === undefined, "the table closed", 20_000);
      await eventually(
        () =>
          (rowsOf(databasePath, matchId) as { record: { table_closed_at: unknown } }).record.table_closed_at !== null,
        "its record marked closed",
      );
    } finally {
      await second.stop();
    }
    const third = await startTestServer({ databasePath });
    try {
      expect(matchMaker.getLocalRoomById(code)).toBeUndefined();
    } finally {
      await third.stop();
    }
  }, 40_000);
});
