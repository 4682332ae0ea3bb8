import type { MatchRecord, TableSettings } from "@habibka/shared/match";
import type { OpenDatabase } from "../records/database.ts";
import {
  actionRow,
  headerRow,
  listingColumns,
  type RecordListing,
  type RecordResult,
} from "../records/record-writes.ts";

/**
 * An offline match, played again and verified, kept among the match records in one transaction: its header,
 * its players, accounts and result, and all its actions, or nothing. Its table is marked closed from the start
 * (no process holds it, no restart reopens it), and its settlement is not due: a match against the computer
 * moves no rating, and what the computer chose offline was not seen by the server (docs/SECURITY.md).
 */

/** Rows one insert carries: 7 parameters each, well within either database's limit. */
const ROWS_PER_INSERT = 100;

export type Kept = "kept" | { readonly already: { readonly account: string | null; readonly offline: boolean } };

export async function keepOfflineRecord(
  database: OpenDatabase,
  record: MatchRecord,
  listing: Required<Pick<RecordListing, "players" | "accounts">> & { readonly result: RecordResult },
): Promise<Kept> {
  const { db } = database;
  const id = record.header.matchId;
  const header = {
    ...headerRow(record.header, { owner: "", until: 0 }),
    ...listingColumns(listing),
    owner: null,
    lease_until: null,
    table_closed_at: listing.result.finishedAt,
  };
  const rows = record.actions.map((entry, seq) =>
    actionRow(id, seq, {
      at: entry.at,
      action: JSON.stringify(entry.action),
      ...(entry.played ? { played: entry.played } : {}),
    }),
  );
  const inserts: (typeof rows)[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) inserts.push(rows.slice(i, i + ROWS_PER_INSERT));
  let written: boolean;
  if (database.writeGuarded) {
    const guard = db
      .insertInto("match_records")
      .values(header)
      .onConflict((conflict) => conflict.column("id").doNothing())
      .compile();
    const writes = inserts.map((chunk) => db.insertInto("record_actions").values(chunk).compile());
    [written = false] = await database.writeGuarded([{ guard, writes }]);
  } else {
    written = await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("match_records")
        .values(header)
        .onConflict((conflict) => conflict.column("id").doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!inserted) return false;
      for (const chunk of inserts) await trx.insertInto("record_actions").values(chunk).execute();
      return true;
    });
  }
  if (written) return "kept";
  return { already: (await keptAs(database, id)) ?? { account: null, offline: false } };
}

/** Who a kept match is kept for, and whether it is an offline one; null when there is no such match. */
export async function keptAs(
  database: OpenDatabase,
  matchId: string,
): Promise<{ readonly account: string | null; readonly offline: boolean } | null> {
  const row = await database.db
    .selectFrom("match_records")
    .select(["account_0", "settings"])
    .where("id", "=", matchId)
    .executeTakeFirst();
  if (!row) return null;
  return { account: row.account_0, offline: (JSON.parse(row.settings) as TableSettings).offline === true };
}
