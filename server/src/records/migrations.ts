import type { Kysely } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";

/**
 * The versioned schema of the match records, applied in name order by Kysely's migrator at start. A migration
 * is never edited once released: a change is a new entry.
 */
const MIGRATIONS: Record<string, Migration> = {
  "001-matches-and-shots": {
    // Databases written before migrations existed already have these tables: adopt them.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("matches")
        .ifNotExists()
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("visibility", "text", (c) => c.notNull())
        .addColumn("opening", "text", (c) => c.notNull())
        .addColumn("shot_clock", "integer", (c) => c.notNull())
        .addColumn("players", "text", (c) => c.notNull())
        .addColumn("started_at", "bigint", (c) => c.notNull())
        .addColumn("result", "text")
        .addColumn("finished_at", "bigint")
        .execute();
      await db.schema
        .createIndex("matches_finished")
        .ifNotExists()
        .on("matches")
        .columns(["visibility", "finished_at"])
        .execute();
      await db.schema
        .createTable("shots")
        .ifNotExists()
        .addColumn("match_id", "text", (c) => c.notNull().references("matches.id"))
        .addColumn("number", "integer", (c) => c.notNull())
        .addColumn("seat", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("request", "text", (c) => c.notNull())
        .addColumn("before", "text")
        .addColumn("verdict", "text", (c) => c.notNull())
        .addColumn("events", "text", (c) => c.notNull())
        .addColumn("trace", "blob", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("shots_pk", ["match_id", "number"])
        .execute();
      const shots = (await db.introspection.getTables()).find((t) => t.name === "shots");
      if (shots && !shots.columns.some((c) => c.name === "before")) {
        await db.schema.alterTable("shots").addColumn("before", "text").execute();
      }
    },
  },
  "002-match-records-as-actions": {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("match_records")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("format", "integer", (c) => c.notNull())
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("visibility", "text", (c) => c.notNull())
        .addColumn("settings", "text", (c) => c.notNull())
        .addColumn("seed", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("players", "text", (c) => c.notNull())
        .addColumn("result", "text")
        .addColumn("finished_at", "bigint")
        .execute();
      await db.schema.createIndex("match_records_unfinished").on("match_records").column("finished_at").execute();
      await db.schema
        .createIndex("match_records_listing")
        .on("match_records")
        .columns(["visibility", "finished_at"])
        .execute();
      await db.schema
        .createTable("record_actions")
        .addColumn("match_id", "text", (c) => c.notNull().references("match_records.id"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("action", "text", (c) => c.notNull())
        .addColumn("played", "text")
        .addColumn("trace", "blob")
        .addPrimaryKeyConstraint("record_actions_pk", ["match_id", "seq"])
        .execute();
      await db.schema
        .createTable("chat_lines")
        .addColumn("match_id", "text", (c) => c.notNull().references("match_records.id"))
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("line", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("chat_lines_pk", ["match_id", "seq"])
        .execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
