import { type Kysely, sql } from "kysely";
import type { Migration } from "kysely/migration";

/**
 * The accounts' schema, applied by the records' migrator in the same name order as the records' own
 * migrations (records/migrations.ts spreads these in). Names start `007-accounts` so that they come after the
 * records' and never clash with theirs. A migration is never edited once released: a change is a new entry.
 */
export function accountsMigrations(binary: "bytea" | "blob"): Record<string, Migration> {
  return {
    "007-accounts": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("accounts")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("name", "text")
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("rating_value", "double precision", (c) => c.notNull())
          .addColumn("rating_deviation", "double precision", (c) => c.notNull())
          .addColumn("rating_volatility", "double precision", (c) => c.notNull())
          .addColumn("rating_games", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("wins", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("losses", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("pots", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("strokes", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("scoring_strokes", "integer", (c) => c.notNull().defaultTo(0))
          .addColumn("fouls", "text", (c) => c.notNull().defaultTo("{}"))
          // Bumped by every settled match: a settlement computed from an older row is not written (settlement.ts).
          .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
          .execute();
        // The leaderboard: accounts with a rated game, by value.
        await db.schema
          .createIndex("accounts_leaderboard")
          .on("accounts")
          .columns(["rating_value desc", "id"])
          .where(sql.ref("rating_games"), ">", 0)
          .execute();
        await db.schema
          .createTable("sessions")
          .addColumn("token_hash", "text", (c) => c.primaryKey())
          .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("renewed_at", "bigint", (c) => c.notNull())
          .addColumn("expires_at", "bigint", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("sessions_account").on("sessions").column("account_id").execute();
        await db.schema.createIndex("sessions_expiry").on("sessions").column("expires_at").execute();
        await db.schema
          .createTable("passkeys")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
          .addColumn("public_key", sql.raw(binary), (c) => c.notNull())
          .addColumn("counter", "bigint", (c) => c.notNull())
          .addColumn("transports", "text", (c) => c.notNull())
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addColumn("last_used_at", "bigint")
          .execute();
        await db.schema.createIndex("passkeys_account").on("passkeys").column("account_id").execute();
        await db.schema
          .createTable("friends")
          .addColumn("account_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
          .addColumn("friend_id", "text", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
          .addColumn("created_at", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("friends_pk", ["account_id", "friend_id"])
          .execute();
        // Deleting an account (never done yet) would look its friendships up from both sides.
        await db.schema.createIndex("friends_friend").on("friends").column("friend_id").execute();
        // What one finished match did for each account at it, written once with the ratings (settlement.ts).
        await db.schema
          .createTable("match_players")
          .addColumn("match_id", "text", (c) => c.notNull().references("match_records.id"))
          .addColumn("seat", "integer", (c) => c.notNull())
          .addColumn("account_id", "text", (c) => c.notNull())
          .addColumn("won", "integer", (c) => c.notNull())
          .addColumn("rated", "integer", (c) => c.notNull())
          .addColumn("pots", "integer", (c) => c.notNull())
          .addColumn("strokes", "integer", (c) => c.notNull())
          .addColumn("scoring_strokes", "integer", (c) => c.notNull())
          .addColumn("fouls", "text", (c) => c.notNull())
          .addColumn("rating_before", "double precision")
          .addColumn("rating_after", "double precision")
          .addPrimaryKeyConstraint("match_players_pk", ["match_id", "seat"])
          .execute();
        // The records say which account sat in each seat (from the sit action, written with it), and whether
        // a finished match still waits for its settlement.
        await db.schema.alterTable("match_records").addColumn("account_0", "text").execute();
        await db.schema.alterTable("match_records").addColumn("account_1", "text").execute();
        await db.schema.alterTable("match_records").addColumn("settle_pending", "integer").execute();
        await db.schema
          .createIndex("match_records_account_0")
          .on("match_records")
          .columns(["account_0", "created_at"])
          .execute();
        await db.schema
          .createIndex("match_records_account_1")
          .on("match_records")
          .columns(["account_1", "created_at"])
          .execute();
        await db.schema
          .createIndex("match_records_settle_pending")
          .on("match_records")
          .column("settle_pending")
          .where(sql.ref("settle_pending"), "is not", null)
          .execute();
      },
    },
  };
}
