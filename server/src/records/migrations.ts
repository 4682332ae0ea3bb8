import { type Kysely, sql } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";
import { accountsMigrations } from "../accounts/accounts-migrations.ts";

/** The databases the records run on; the migrations differ only in the name of the binary type. */
export type DatabaseKind = "sqlite" | "postgres";

/**
 * The versioned schema of the match records, applied in name order by Kysely's migrator at start. A migration
 * is never edited once released: a change is a new entry.
 */
function migrations(kind: DatabaseKind): Record<string, Migration> {
  const binary = kind === "postgres" ? sql`bytea` : sql`blob`;
  return {
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
          .addColumn("trace", binary, (c) => c.notNull())
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
          .addColumn("trace", binary)
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
    "003-table-leases": {
      // The process that holds a table renews its lease; a lease run out is a table another process may restore.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("match_records").addColumn("owner", "text").execute();
        await db.schema.alterTable("match_records").addColumn("lease_until", "bigint").execute();
      },
    },
    "004-player-key": {
      // The history's filter by player name reads one indexed-free text column the same way on both databases
      // (SQLite's and PostgreSQL's LIKE differ in case), written with the players; older rows are filled in here.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("match_records").addColumn("player_key", "text").execute();
        const rows = await sql<{ id: string; players: string }>`select id, players from match_records`.execute(db);
        for (const row of rows.rows) {
          const key = playerKey(JSON.parse(row.players) as readonly (string | null)[]);
          await sql`update match_records set player_key = ${key} where id = ${row.id}`.execute(db);
        }
      },
    },
    "005-table-closed": {
      // A finished match's table may still be open (a rematch asked for, the players at it), so a record's
      // end no longer says whether its table is gone: the table marks its record when it closes for good,
      // or when a rematch's record replaces it. Records finished before this were closed with their tables.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("match_records").addColumn("table_closed_at", "bigint").execute();
        await sql`update match_records set table_closed_at = finished_at where finished_at is not null`.execute(db);
        // The restore's look for open finished tables reads only the few records whose table is not closed.
        await db.schema
          .createIndex("match_records_open_tables")
          .on("match_records")
          .columns(["table_closed_at", "lease_until"])
          .execute();
        // A finished record is only restorable while no later record took its code (lease-queries.ts).
        await db.schema.createIndex("match_records_code").on("match_records").columns(["code", "created_at"]).execute();
      },
    },
    "006-result-reason": {
      // How a record ended, in a column of its own written with its result: the history leaves out tables
      // closed before their match began by this column, reading an index of only the results it lists, in
      // the order it lists them, rather than the result's JSON. Older rows are filled in from their result,
      // one reason at a time (the reasons a record could end with when this was written).
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("match_records").addColumn("result_reason", "text").execute();
        for (const reason of ["eight", "resignation", "absence", "closed", "abandoned"]) {
          await sql`update match_records set result_reason = ${reason}
            where result like ${`%"reason":"${reason}"%`}`.execute(db);
        }
        await db.schema
          .createIndex("match_records_results")
          .on("match_records")
          .columns(["visibility", "finished_at desc", "id"])
          .where(sql.ref("result_reason"), "<>", "closed")
          .execute();
      },
    },
    // The accounts' tables, and the records' columns that say which account sat where (accounts/).
    ...accountsMigrations(kind === "postgres" ? "bytea" : "blob"),
    "008-analyses": {
      // A finished match's analysis is computed once, by whichever process leases it, and kept with its record.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("match_analyses")
          .addColumn("match_id", "text", (c) => c.notNull().references("match_records.id"))
          .addColumn("level", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("done", "integer", (c) => c.notNull())
          .addColumn("total", "integer", (c) => c.notNull())
          .addColumn("owner", "text")
          .addColumn("lease_until", "bigint")
          .addColumn("analysis", "text")
          .addColumn("error", "text")
          .addColumn("updated_at", "bigint", (c) => c.notNull())
          .addPrimaryKeyConstraint("match_analyses_pk", ["match_id", "level"])
          .execute();
      },
    },
    "009-renewals-in-place": {
      // Every few seconds a process renews the lease of every table it holds: thousands of rows changing only
      // `lease_until`. While that column was indexed, each renewal moved the row's entry in that index, and on
      // PostgreSQL, which then cannot update a row in place, added one to every index of the records. The
      // restore's look for open tables needs only the index on `table_closed_at`: the few records it finds
      // there are read for their lease.
      async up(db: Kysely<unknown>) {
        await db.schema.dropIndex("match_records_open_tables").execute();
        await db.schema
          .createIndex("match_records_open_tables")
          .on("match_records")
          .column("table_closed_at")
          .execute();
        if (kind !== "postgres") return;
        // PostgreSQL writes a changed row anew. With room kept free on its page (pages filled to 70 % from now
        // on), a renewal's new version goes beside the old one and touches no index at all.
        await sql`alter table match_records set (fillfactor = 70)`.execute(db);
        // A shot's action is about 4 KB with its trace: kept whole in its row rather than compressed and split
        // into the TOAST table, which cost each append a compression and a second insert with its index.
        await sql`alter table record_actions set (toast_tuple_target = 8160)`.execute(db);
      },
    },
  };
}

/**
 * The players' names as one searchable text: each name normalised (NFC, lower case in any script) between
 * bars, a character no name may contain, so that `|name|` finds exactly that player.
 */
export function playerKey(players: readonly (string | null)[]): string {
  return `|${players.map((name) => normalisedName(name ?? "")).join("|")}|`;
}

export function normalisedName(name: string): string {
  return name.normalize("NFC").toLocaleLowerCase("ru").trim();
}

export function migrationProvider(kind: DatabaseKind): MigrationProvider {
  return { getMigrations: async () => migrations(kind) };
}
