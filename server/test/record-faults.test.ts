import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openingShot } from "./support/opening-shot.ts";
import { gameState, leaveAll, seatedPair, type TableClient } from "./support/table-client.ts";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

/**
 * Written before applied: a shot whose record cannot be written is refused with a specific error, the
 * match does not move and nobody hears of it; once the database takes writes again the same shot plays.
 * A database that waits (another process holds its lock) holds up only that action, never the event loop.
 */

/**
 * Makes the database files immutable: even root's writes to them then fail. Needs root and a filesystem
 * with file attributes (ext4 here and in CI).
 */
function setImmutable(files: readonly string[], immutable: boolean): void {
  try {
    execFileSync("chattr", [immutable ? "+i" : "-i", ...files], { stdio: "pipe" });
  } catch (cause) {
    throw new Error(`chattr failed (this test needs root and ext4): ${(cause as Error).message}`);
  }
}

interface Table {
  a: TableClient;
  b: TableClient;
  code: string;
}

async function recordedShots(url: string, matchId: string): Promise<number> {
  const record = (await (await fetch(`${url}/api/matches/${matchId}`)).json()) as { shots: unknown[] };
  return record.shots.length;
}

describe("faults of the match records", () => {
  let running: RunningServer;
  let database: string;
  const tables: Table[] = [];

  beforeAll(async () => {
    database = join(mkdtempSync(join(tmpdir(), "habibka-faults-")), "records.sqlite");
    running = await startTestServer({ seed: () => 21, animationScale: 0.01, databasePath: database });
  });
  afterAll(async () => {
    await leaveAll(...tables.flatMap((t) => [t.a, t.b]));
    await running.stop();
  });

  async function newTable(): Promise<Table> {
    const table = await seatedPair(running.httpUrl, { opening: "draw" });
    tables.push(table);
    await eventually(() => table.a.state.phase === "opening", "the opening after the draw");
    return table;
  }

  it("refuses a shot while the database refuses writes, changes nothing, and plays it once it takes them again", async () => {
    const table = await newTable();
    const { mover, message } = openingShot(table);
    const before = JSON.stringify(gameState(table.code));
    const heard = [table.a.shots.length, table.b.shots.length];

    setImmutable([database, `${database}-wal`], true);
    try {
      const index = mover.errors.length;
      mover.send("shot", message);
      const refusal = await mover.nextError(index, 10_000);
      expect(refusal).toMatchObject({ type: "shot", code: "not-recorded" });
      expect(refusal.messageRu).toMatch(/ничего не изменилось/);
      expect(JSON.stringify(gameState(table.code))).toBe(before);
      expect([table.a.shots.length, table.b.shots.length]).toEqual(heard);
    } finally {
      setImmutable([database, `${database}-wal`], false);
    }
    expect(await recordedShots(running.httpUrl, table.a.state.matchId)).toBe(0);

    mover.send("shot", message);
    await eventually(() => table.a.shots.length === 1 && table.b.shots.length === 1, "the same shot, accepted");
    expect(table.a.shots[0]).toMatchObject({ number: message.shotNumber, kind: "shot" });
    expect(await recordedShots(running.httpUrl, table.a.state.matchId)).toBe(1);
  });

  it("keeps every other table live while a locked database holds up one shot", async () => {
    const table = await newTable();
    const other = await newTable();
    const { mover, message } = openingShot(table);
    const locker = new DatabaseSync(database);
    locker.exec("PRAGMA busy_timeout = 0; BEGIN EXCLUSIVE");
    let aimFirst = false;
    try {
      const index = mover.errors.length;
      mover.send("shot", message);
      // While the write waits for the lock, the other table's live aim goes round: the event loop is free.
      const { mover: otherMover, message: otherShot } = openingShot(other);
      const watcher = otherMover === other.a ? other.b : other.a;
      otherMover.send("aim", { stroke: otherShot.stroke, call: [], place: otherShot.place });
      await eventually(() => watcher.aims.length > 0, "the other table's aim");
      aimFirst = mover.errors.length === index;
      const refusal = await mover.nextError(index, 10_000);
      expect(refusal).toMatchObject({ type: "shot", code: "not-recorded" });
    } finally {
      locker.exec("COMMIT");
      locker.close();
    }
    expect(aimFirst).toBe(true);
    mover.send("shot", message);
    await eventually(() => table.b.shots.length === 1, "the shot once the lock is gone");
  });
});
