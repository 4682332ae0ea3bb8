import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { AccountsDatabase, AccountsTable } from "./accounts-schema.ts";
import { INITIAL_RATING, type StoredRating } from "./ratings.ts";

/** The accounts themselves: made on a first visit, named, rated, looked up by id. */

export interface Account {
  readonly id: string;
  readonly name: string | null;
  readonly createdAt: number;
  readonly rating: StoredRating;
  readonly stats: AccountStats;
  /** Bumped by every settled match (settlement.ts). */
  readonly version: number;
}

interface AccountStats {
  readonly wins: number;
  readonly losses: number;
  readonly pots: number;
  readonly strokes: number;
  readonly scoringStrokes: number;
  readonly fouls: Readonly<Record<string, number>>;
}

/** A seated player's account as a table needs it: his id, his name if he chose one, his rating. */
export interface SeatAccount {
  readonly id: string;
  readonly name: string | null;
  readonly rating: StoredRating;
}

const ACCOUNT_COLUMNS = [
  "id",
  "name",
  "created_at",
  "rating_value",
  "rating_deviation",
  "rating_volatility",
  "rating_games",
  "wins",
  "losses",
  "pots",
  "strokes",
  "scoring_strokes",
  "fouls",
  "version",
] as const;

type AccountRow = Pick<AccountsTable, (typeof ACCOUNT_COLUMNS)[number]>;

function ratingOf(
  row: Pick<AccountsTable, "rating_value" | "rating_deviation" | "rating_volatility" | "rating_games">,
): StoredRating {
  return {
    value: Number(row.rating_value),
    deviation: Number(row.rating_deviation),
    volatility: Number(row.rating_volatility),
    games: Number(row.rating_games),
  };
}

/** An account as a row of `accounts` holds it. */
export function accountOf(row: AccountRow): Account {
  return {
    id: row.id,
    name: row.name,
    createdAt: Number(row.created_at),
    rating: ratingOf(row),
    stats: {
      wins: Number(row.wins),
      losses: Number(row.losses),
      pots: Number(row.pots),
      strokes: Number(row.strokes),
      scoringStrokes: Number(row.scoring_strokes),
      fouls: JSON.parse(row.fouls) as Record<string, number>,
    },
    version: Number(row.version),
  };
}

export class AccountStore {
  readonly #db: Kysely<AccountsDatabase>;

  constructor(db: Kysely<AccountsDatabase>) {
    this.#db = db;
  }

  /** A new anonymous account: no name, the initial rating. */
  async create(now = Date.now()): Promise<Account> {
    const row: AccountRow = {
      id: randomUUID(),
      name: null,
      created_at: now,
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
    };
    await this.#db.insertInto("accounts").values(row).execute();
    return accountOf(row);
  }

  async get(id: string): Promise<Account | null> {
    const row = await this.#db.selectFrom("accounts").select(ACCOUNT_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? accountOf(row) : null;
  }

  async exists(id: string): Promise<boolean> {
    const row = await this.#db.selectFrom("accounts").select("id").where("id", "=", id).executeTakeFirst();
    return row !== undefined;
  }

  async rename(id: string, name: string): Promise<void> {
    await this.#db.updateTable("accounts").set({ name }).where("id", "=", id).execute();
  }

  /** The accounts a table seats, by id (unknown ids are left out). */
  async seatAccounts(ids: readonly string[]): Promise<Map<string, SeatAccount>> {
    if (ids.length === 0) return new Map();
    const rows = await this.#db
      .selectFrom("accounts")
      .select(["id", "name", "rating_value", "rating_deviation", "rating_volatility", "rating_games"])
      .where("id", "in", [...new Set(ids)])
      .execute();
    return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name, rating: ratingOf(row) }]));
  }

  /** Players with at least one rated match, highest value first (ties by id, so pages never overlap). */
  async leaderboard(limit: number, offset: number): Promise<SeatAccount[]> {
    const rows = await this.#db
      .selectFrom("accounts")
      .select(["id", "name", "rating_value", "rating_deviation", "rating_volatility", "rating_games"])
      .where("rating_games", ">", 0)
      .orderBy("rating_value", "desc")
      .orderBy("id")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, rating: ratingOf(row) }));
  }

  async passkeyCount(id: string): Promise<number> {
    const row = await this.#db
      .selectFrom("passkeys")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("account_id", "=", id)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
}
