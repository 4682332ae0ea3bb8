import type { TableSettings } from "@habibka/shared/match";
import type { Kysely } from "kysely";
import type { Logger } from "../logger.ts";
import type { OpenDatabase } from "../records/database.ts";
import type { MatchRecords } from "../records/match-records.ts";
import { type Account, accountOf } from "./account-store.ts";
import type { AccountsDatabase, AccountsTables } from "./accounts-schema.ts";
import { writeAtomically } from "./atomic-writes.ts";
import { matchStats, type SeatStats } from "./match-stats.ts";
import { afterMatch, type StoredRating } from "./ratings.ts";

/**
 * Settling a finished match with an account at it: each account's share of the match (a win or a loss, his
 * pots, strokes and fouls, folded once from the record) is added to his totals, and a rated match moves both
 * ratings, all in one transaction with the record's own mark that the settlement is done. The action that
 * finished the match set that mark's "due" in the same write as the finish (records: `settle_pending`), so a
 * match is settled exactly once whoever does it: the table's process right after the finish, or any process's
 * sweep after a crash or a restart. The transaction is written only if the mark is still due and neither
 * account changed since it was read (their `version`): otherwise it is read and tried again.
 */

/** How often each process looks for finished matches whose settlement is still due (a crash left them). */
export const SWEEP_MS = 60_000;
const ATTEMPTS = 5;

/** The ratings a settlement left, by account, for the tables that show them. */
export type SettledRatings = ReadonlyMap<string, StoredRating>;

export class Settlement {
  readonly #database: OpenDatabase;
  readonly #db: Kysely<AccountsDatabase>;
  readonly #records: MatchRecords;
  readonly #logger: Logger;

  constructor(database: OpenDatabase, records: MatchRecords, logger: Logger) {
    this.#database = database;
    this.#db = database.db.withTables<AccountsTables>();
    this.#records = records;
    this.#logger = logger;
  }

  /** Settles the match if it is due; resolves with the ratings it left (empty when there was nothing to do). */
  async settle(matchId: string): Promise<SettledRatings> {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const outcome = await this.#try(matchId);
      if (outcome !== "changed") return outcome;
    }
    this.#logger.warn({ match: matchId }, "a settlement kept meeting changed accounts; the sweep will try again");
    return new Map();
  }

  /** Settles every match still due (at most `limit` of them); resolves with how many it settled. */
  async sweep(limit = 50): Promise<number> {
    const due = await this.#db
      .selectFrom("match_records")
      .select("id")
      .where("settle_pending", "=", 1)
      .orderBy("finished_at")
      .limit(limit)
      .execute();
    let settled = 0;
    for (const { id } of due) if ((await this.settle(id)).size > 0) settled++;
    return settled;
  }

  async #try(matchId: string): Promise<SettledRatings | "changed"> {
    const row = await this.#db
      .selectFrom("match_records")
      .select(["settings", "account_0", "account_1", "settle_pending"])
      .where("id", "=", matchId)
      .executeTakeFirst();
    if (row?.settle_pending !== 1) return new Map();
    const record = await this.#records.loadRecord(matchId);
    const stats = record ? matchStats(record) : null;
    const seats = [row.account_0, row.account_1] as const;
    if (!stats || stats.final.winner === null || (seats[0] !== null && seats[0] === seats[1])) {
      // Nothing to settle that means anything (a record that does not fold is logged and left to be looked at).
      if (!stats) this.#logger.error({ match: matchId }, "a finished record does not fold: not settled");
      await this.#db.updateTable("match_records").set({ settle_pending: null }).where("id", "=", matchId).execute();
      return new Map();
    }
    const winner = stats.final.winner;
    const accounts = await this.#accounts(seats);
    const settings = JSON.parse(row.settings) as TableSettings;
    const rated = settings.rated === true && accounts[0] !== null && accounts[1] !== null && stats.final.end !== null;
    const ratings: (StoredRating | null)[] = [null, null];
    if (rated) {
      const [won, lost] = afterMatch(accounts[winner]!.rating, accounts[1 - winner]!.rating);
      ratings[winner] = won;
      ratings[1 - winner] = lost;
    }
    const written = await writeAtomically(this.#database, {
      guard: this.#guard(matchId, accounts),
      writes: ([0, 1] as const).flatMap((seat) => {
        const account = accounts[seat];
        if (!account) return [];
        const share = { seat, won: seat === winner, rated, stats: stats.seats[seat], rating: ratings[seat] ?? null };
        return [this.#playerRow(matchId, account, share), this.#accountUpdate(account, share)];
      }),
    });
    if (!written) return "changed";
    const settled = new Map<string, StoredRating>();
    for (const seat of [0, 1] as const) {
      const account = accounts[seat];
      if (account) settled.set(account.id, ratings[seat] ?? account.rating);
    }
    return settled;
  }

  async #accounts(ids: readonly [string | null, string | null]): Promise<[Account | null, Account | null]> {
    const rows = await this.#db
      .selectFrom("accounts")
      .selectAll()
      .where("id", "in", ids.filter((id): id is string => id !== null).concat(""))
      .execute();
    const byId = new Map(rows.map((row) => [row.id, accountOf(row)]));
    return [ids[0] ? (byId.get(ids[0]) ?? null) : null, ids[1] ? (byId.get(ids[1]) ?? null) : null];
  }

  /** Still due, and neither account changed since it was read. */
  #guard(matchId: string, accounts: readonly (Account | null)[]) {
    let guard = this.#db
      .updateTable("match_records")
      .set({ settle_pending: null })
      .where("id", "=", matchId)
      .where("settle_pending", "=", 1);
    for (const account of accounts) {
      if (!account) continue;
      guard = guard.where(
        (eb) => eb.selectFrom("accounts").select("version").where("id", "=", account.id),
        "=",
        account.version,
      );
    }
    return guard.compile();
  }

  #playerRow(matchId: string, account: Account, share: Share) {
    return this.#db
      .insertInto("match_players")
      .values({
        match_id: matchId,
        seat: share.seat,
        account_id: account.id,
        won: share.won ? 1 : 0,
        rated: share.rated ? 1 : 0,
        pots: share.stats.pots,
        strokes: share.stats.strokes,
        scoring_strokes: share.stats.scoringStrokes,
        fouls: JSON.stringify(share.stats.fouls),
        rating_before: share.rating ? account.rating.value : null,
        rating_after: share.rating ? share.rating.value : null,
      })
      .compile();
  }

  #accountUpdate(account: Account, share: Share) {
    const totals = account.stats;
    const fouls: Record<string, number> = { ...totals.fouls };
    for (const [clause, count] of Object.entries(share.stats.fouls)) fouls[clause] = (fouls[clause] ?? 0) + count;
    const rating = share.rating;
    return this.#db
      .updateTable("accounts")
      .set({
        wins: totals.wins + (share.won ? 1 : 0),
        losses: totals.losses + (share.won ? 0 : 1),
        pots: totals.pots + share.stats.pots,
        strokes: totals.strokes + share.stats.strokes,
        scoring_strokes: totals.scoringStrokes + share.stats.scoringStrokes,
        fouls: JSON.stringify(fouls),
        version: account.version + 1,
        ...(rating
          ? {
              rating_value: rating.value,
              rating_deviation: rating.deviation,
              rating_volatility: rating.volatility,
              rating_games: rating.games,
            }
          : {}),
      })
      .where("id", "=", account.id)
      .where("version", "=", account.version)
      .compile();
  }
}

interface Share {
  readonly seat: 0 | 1;
  readonly won: boolean;
  readonly rated: boolean;
  readonly stats: SeatStats;
  readonly rating: StoredRating | null;
}
