import { COMPUTER_NAMES, type ComputerLevel } from "@habibka/shared/match";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DecidePool } from "../../src/computer/decide-pool.ts";
import { computerPlayer, playSeat } from "../support/seat-player.ts";
import { createTable, leaveAll, shelfOf, type TableClient } from "../support/table-client.ts";
import { eventually, QUICK_PLAY, type RunningServer, startTestServer } from "../support/test-server.ts";

/**
 * Whole matches, computer against computer, through the real room over WebSockets: the table's own computer in
 * seat 1, and in seat 0 the shared computer played from the test's SDK client (its searches in a pool of the
 * test's own), sending what a person sends, so that both seats pass the room's checks. Every pairing of levels,
 * each level against itself too, plays to a finish by eight balls.
 */

const PAIRINGS: readonly (readonly [ComputerLevel, ComputerLevel])[] = [
  ["novice", "amateur"],
  ["amateur", "master"],
  ["master", "novice"],
  ["novice", "novice"],
  ["amateur", "amateur"],
  ["master", "master"],
];

describe("computer against computer through the room", () => {
  let running: RunningServer;
  let pool: DecidePool;
  const clients: TableClient[] = [];

  beforeAll(async () => {
    running = await startTestServer({ ...QUICK_PLAY, seed: () => 20_261_216 });
    pool = new DecidePool({ size: 1 });
  });
  afterAll(async () => {
    await leaveAll(...clients);
    await pool.close();
    await running.stop();
  });

  for (const [visitor, host] of PAIRINGS) {
    it(`${visitor} (seat 0, from the client) against the table's ${host} (seat 1) plays to a finish`, async () => {
      const client = await createTable(running.httpUrl, { name: "Tester", opponent: "computer", level: host });
      clients.push(client);
      await eventually(() => client.state.phase === "lag", "the lag");
      expect(client.state.players.get("1")).toMatchObject({ name: COMPUTER_NAMES[host], computer: true });

      await playSeat(client, 0, computerPlayer(pool, visitor), { maxMoves: 400 });
      await eventually(() => client.state.phase === "finished", "the finish");
      expect(client.state.finishReason).toBe("eight");
      const winner = client.state.winner as 0 | 1;
      expect(shelfOf(client.state, winner)).toHaveLength(8);
      // Both seats played: the lag, then shots from each.
      expect(client.shots[0]).toMatchObject({ kind: "lag", seat: -1 });
      for (const seat of [0, 1]) expect(client.shots.some((s) => s.kind === "shot" && s.seat === seat)).toBe(true);
      console.info(
        `computer match: ${visitor} vs ${host}: won by seat ${winner} (${winner === 0 ? visitor : host}), ` +
          `${client.shots.length} strokes`,
      );
      await client.leave();
    }, 400_000);
  }
});
