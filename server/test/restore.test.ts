import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { matchMaker } from "@colyseus/core";
import { describe, expect, it } from "vitest";
import { lagShot } from "./support/pottable-shot.ts";
import { createTable, joinTable, leaveAll, seatedPair } from "./support/table-client.ts";
import { eventually, startTestServer } from "./support/test-server.ts";

/** What start-up does with the records it finds: every unfinished table back, and a bad record left alone. */

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
  it("brings back every unfinished table with its code and settings; a record that does not fold is logged and left as it is", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-restore-")), "records.sqlite");
    const first = await startTestServer({ seed: () => 4, databasePath });
    const lagging = await seatedPair(first.httpUrl, { visibility: "public", shotClock: 30 });
    lagging.a.send("lag", lagShot(0, 0.2));
    await eventually(() => lagging.b.state.lagSent[0] === true, "the secret first lag shot");
    const waiting = await createTable(first.httpUrl, { name: "Alone", visibility: "private", opening: "draw" });
    const broken = await seatedPair(first.httpUrl);
    const finished = await seatedPair(first.httpUrl);
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
      expect(health).toMatchObject({ restored: 2, unrestorable: 1 });
      expect(matchMaker.getLocalRoomById(broken.code)).toBeUndefined();
      expect(matchMaker.getLocalRoomById(finished.code)).toBeUndefined();

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
});
