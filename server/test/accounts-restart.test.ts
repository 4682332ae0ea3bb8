import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { MeAnswer } from "@habibka/shared/protocol";
import { afterEach, describe, expect, it } from "vitest";
import type { AccountsDatabase } from "../src/accounts/accounts-schema.ts";
import { INITIAL_RATING } from "../src/accounts/ratings.ts";
import { MatchRecords } from "../src/records/match-records.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { playOneShot } from "./support/short-match.ts";
import { leaveAll, type TableClient } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";
import { Visitor } from "./support/visitor.ts";

/**
 * A rated match and its settlement across the loss of the process (docs/PROTOCOL.md, "Rated tables and
 * ratings"): a rated table restored after a crash keeps its accounts and finishes rated; a match whose process
 * stopped between its finish and its settlement is settled by the next process's sweep; and no restart settles
 * a match twice.
 */

const processes: ServerProcess[] = [];
const clients: TableClient[] = [];

afterEach(async () => {
  await leaveAll(...clients.splice(0));
  await Promise.all(processes.splice(0).map((p) => p.stop("SIGKILL")));
});

async function start(databasePath: string, port?: number): Promise<ServerProcess> {
  const server = await startServerProcess({ DATABASE_PATH: databasePath, LOG_LEVEL: "error" }, port);
  processes.push(server);
  return server;
}

async function stop(server: ServerProcess, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
  processes.splice(processes.indexOf(server), 1);
  await server.stop(signal);
}

/** Joins again after a restart, retrying while the table is being restored. */
async function rejoin(visitor: Visitor, code: string, options: Record<string, unknown>): Promise<TableClient> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await visitor.joinTable(code, options);
    } catch (cause) {
      if (attempt > 60) throw cause;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Clients whose server is about to go: they neither reconnect nor wait to say goodbye. */
function forget(gone: TableClient[]): void {
  for (const client of gone) client.room.reconnection.enabled = false;
}

/**
 * Waits for the condition, asking a few times a second: the server runs with the production limits, which
 * allow an address 60 API requests in 10 s.
 */
async function slowly(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let asked = 0; !(await condition()); asked++) {
    if (asked > 60) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

const ratingOf = async (visitor: Visitor) => (await visitor.get<MeAnswer>("/api/me")).body.rating;

/** The state the database is in when a process dies right after a match's finish, before its settlement. */
async function unsettle(databasePath: string, matchId: string): Promise<void> {
  const records = await MatchRecords.open({ path: databasePath });
  const db = records.database.db.withTables<Pick<AccountsDatabase, "accounts" | "match_players">>();
  const accounts = await db.selectFrom("match_players").select("account_id").where("match_id", "=", matchId).execute();
  await db.deleteFrom("match_players").where("match_id", "=", matchId).execute();
  await db
    .updateTable("accounts")
    .set({
      rating_value: INITIAL_RATING.value,
      rating_deviation: INITIAL_RATING.deviation,
      rating_volatility: INITIAL_RATING.volatility,
      rating_games: 0,
      wins: 0,
      losses: 0,
      pots: 0,
      strokes: 0,
      scoring_strokes: 0,
      fouls: "{}",
      version: 0,
    })
    .where(
      "id",
      "in",
      accounts.map((a) => a.account_id),
    )
    .execute();
  await db.updateTable("match_records").set({ settle_pending: 1 }).where("id", "=", matchId).execute();
  await records.close();
}

describe("a rated match across a restart", () => {
  it("finishes rated on its restored table, is settled by the next process if the last died first, and only once", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-accounts-")), "records.sqlite");
    let server = await start(databasePath);
    const [anna, boris] = [new Visitor(server.url), new Visitor(server.url)];
    await anna.visit();
    await boris.visit();
    const a = await anna.createTable({ name: "Анна", rated: true, opening: "draw" });
    const code = a.room.roomId;
    const matchId = a.welcome().matchId;
    const b = await boris.joinTable(code, { name: "Борис" });
    clients.push(a, b);
    await eventually(() => a.state.phase === "opening", "the opening", 10_000);
    await playOneShot([a, b], false);

    // The process dies in the middle of the match; the next one restores the table, accounts and all.
    forget(clients.splice(0));
    await stop(server, "SIGKILL");
    server = await start(databasePath, server.port);
    const a2 = await rejoin(anna, code, { name: "Анна", seatToken: a.welcome().seatToken });
    const b2 = await rejoin(boris, code, { name: "Борис" });
    clients.push(a2, b2);
    expect(b2.welcome()).toMatchObject({ role: "player", seat: 1 });
    expect(a2.state).toMatchObject({ rated: true });
    expect(a2.state.players.get("1")?.account).not.toBe("");
    b2.send("resign", {});
    await slowly(async () => (await ratingOf(anna)).games === 1, "the rated match settled");
    const settled = [await ratingOf(anna), await ratingOf(boris)];
    expect(settled[0]!.value).toBeGreaterThan(1500);
    expect(settled[1]).toMatchObject({ games: 1 });

    // The process stops between the finish and the settlement: the next one's sweep settles it, the same way.
    await leaveAll(...clients.splice(0));
    await stop(server, "SIGTERM");
    await unsettle(databasePath, matchId);
    server = await start(databasePath, server.port);
    await slowly(async () => (await ratingOf(anna)).games === 1, "the sweep to settle it");
    expect([await ratingOf(anna), await ratingOf(boris)]).toEqual(settled);

    // And no later start settles it again.
    await stop(server, "SIGKILL");
    server = await start(databasePath, server.port);
    const afterAnother = await fetch(`${server.url}/api/leaderboard`).then((r) => r.json() as Promise<unknown>);
    expect([await ratingOf(anna), await ratingOf(boris)]).toEqual(settled);
    expect(afterAnother).toMatchObject({
      players: expect.arrayContaining([expect.objectContaining({ rating: settled[0] })]),
    });
  }, 120_000);
});
