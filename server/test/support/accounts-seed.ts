import { randomUUID } from "node:crypto";
import { RECORD_FORMAT } from "@habibka/shared/match";
import { type Insertable, sql } from "kysely";
import type { AccountsDatabase, AccountsTables } from "../../src/accounts/accounts-schema.ts";
import { INITIAL_RATING } from "../../src/accounts/ratings.ts";
import type { DatabaseLocation } from "../../src/records/database.ts";
import { MatchRecords } from "../../src/records/match-records.ts";
import { playerKey } from "../../src/records/migrations.ts";

/**
 * Fills a database with accounts and finished matches between them, as a busy site's would be after a while,
 * for the benchmarks that time the accounts' reads at that size (bench/accounts.bench.ts). The matches are
 * their records' listing rows and settlements (what the profiles and the leaderboard read), not their actions.
 * Deterministic for a given seed.
 */

export interface SeedSize {
  readonly accounts: number;
  readonly matches: number;
}

export interface Seeded {
  readonly accountIds: readonly string[];
  /** Accounts with at least one rated game. */
  readonly rated: number;
}

/** Rows each insert statement carries (within both databases' limits on a statement's parameters). */
const BATCH = 250;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedAccounts(location: DatabaseLocation, size: SeedSize, seed = 1): Promise<Seeded> {
  const records = await MatchRecords.open(location);
  const db = records.database.db.withTables<AccountsTables>();
  const next = random(seed);
  const start = Date.UTC(2025, 0, 1);
  const ids = Array.from({ length: size.accounts }, () => randomUUID());
  const names = ids.map((_, i) => `Игрок ${i + 1}`);
  const tally = ids.map(() => ({ wins: 0, losses: 0, games: 0, value: INITIAL_RATING.value, pots: 0, strokes: 0 }));
  try {
    const matches: Insertable<AccountsDatabase["match_records"]>[] = [];
    const players: Insertable<AccountsDatabase["match_players"]>[] = [];
    for (let m = 0; m < size.matches; m++) {
      const a = Math.floor(next() * size.accounts);
      const b = (a + 1 + Math.floor(next() * (size.accounts - 1))) % size.accounts;
      const rated = next() < 0.6;
      const winner = next() < 0.5 ? 0 : 1;
      const createdAt = start + m * 60_000;
      const id = randomUUID();
      const seats = [a, b] as const;
      matches.push({
        id,
        format: RECORD_FORMAT,
        code: String(100000 + (m % 900000)),
        visibility: rated || next() < 0.7 ? "public" : "private",
        settings: JSON.stringify({
          visibility: "public",
          opening: "lag",
          shotClock: 60,
          seatHoldSeconds: 180,
          spectatorCap: 50,
          opponent: "person",
          ...(rated ? { rated: true } : {}),
        }),
        seed: m,
        created_at: createdAt,
        players: JSON.stringify([names[a], names[b]]),
        player_key: playerKey([names[a]!, names[b]!]),
        result: JSON.stringify({
          winner,
          reason: "eight",
          shelves: [winner === 0 ? 8 : 5, winner === 1 ? 8 : 5],
          finishedAt: createdAt + 900_000,
        }),
        finished_at: createdAt + 900_000,
        table_closed_at: createdAt + 900_000,
        account_0: ids[a]!,
        account_1: ids[b]!,
      });
      for (const seat of [0, 1] as const) {
        const t = tally[seats[seat]]!;
        const won = seat === winner;
        const before = t.value;
        if (rated) {
          t.value += (won ? 1 : -1) * (8 + next() * 16);
          t.games++;
        }
        t.wins += won ? 1 : 0;
        t.losses += won ? 0 : 1;
        const pots = Math.floor(next() * 9);
        const strokes = pots + 5 + Math.floor(next() * 10);
        t.pots += pots;
        t.strokes += strokes;
        players.push({
          match_id: id,
          seat,
          account_id: ids[seats[seat]]!,
          won: won ? 1 : 0,
          rated: rated ? 1 : 0,
          pots,
          strokes,
          scoring_strokes: Math.min(pots, strokes),
          fouls: JSON.stringify(next() < 0.5 ? { "17": 1 } : {}),
          rating_before: rated ? before : null,
          rating_after: rated ? t.value : null,
        });
      }
    }
    for (let i = 0; i < ids.length; i += BATCH) {
      await db
        .insertInto("accounts")
        .values(
          ids.slice(i, i + BATCH).map((id, k) => {
            const t = tally[i + k]!;
            return {
              id,
              name: names[i + k]!,
              created_at: start,
              rating_value: t.value,
              rating_deviation: t.games > 0 ? Math.max(50, 350 - t.games * 20) : INITIAL_RATING.deviation,
              rating_volatility: INITIAL_RATING.volatility,
              rating_games: t.games,
              wins: t.wins,
              losses: t.losses,
              pots: t.pots,
              strokes: t.strokes,
              scoring_strokes: Math.min(t.pots, t.strokes),
              fouls: JSON.stringify({ "17": t.losses }),
              version: t.games,
            };
          }),
        )
        .execute();
    }
    for (let i = 0; i < matches.length; i += BATCH) {
      await db
        .insertInto("match_records")
        .values(matches.slice(i, i + BATCH))
        .execute();
    }
    for (let i = 0; i < players.length; i += BATCH) {
      await db
        .insertInto("match_players")
        .values(players.slice(i, i + BATCH))
        .execute();
    }
    // A site's database has its statistics gathered by now (autovacuum, or SQLite's optimizer): so must this one.
    await sql`analyze`.execute(db);
    return { accountIds: ids, rated: tally.filter((t) => t.games > 0).length };
  } finally {
    await records.close();
  }
}
