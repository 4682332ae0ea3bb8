import type { ExpressionBuilder, Kysely } from "kysely";
import type { Lease } from "./record-writes.ts";
import type { RecordsDatabase } from "./records-schema.ts";

/**
 * The queries on the tables' leases that decide which process keeps which table: finding the tables nobody
 * holds, taking one, renewing and giving up leases (table-leases.ts keeps them in a process).
 */

/**
 * How long after its process stopped keeping it (its lease ran out, or was given back on SIGTERM) a finished
 * match's table that never closed is brought back: its players may have asked for a rematch, and are told
 * to come back. A deploy or a crash and restart takes seconds to a minute; past a few minutes whoever was
 * at the table has gone, and a table nobody comes back to must not be restored by every start for ever.
 * The restored table holds its seats no longer than this either (seat-keeping.ts), then closes.
 */
export const FINISHED_TABLE_RETURN_MS = 5 * 60_000;

/** A table as the restore finds it: its current record, who held it last, and until when. */
export interface UnheldRecord {
  readonly id: string;
  readonly code: string;
  readonly owner: string | null;
  readonly leaseUntil: number | null;
  /** Its match is over: the table waits at most FINISHED_TABLE_RETURN_MS for its players (and their rematch). */
  readonly finished: boolean;
}

/**
 * Which finished records are tables still open (not marked closed), kept or let go no longer than
 * FINISHED_TABLE_RETURN_MS ago, and still their code's current record: a rematch's record that replaced it
 * (should the mark not have been written) or a later table at the code goes first.
 */
export function openFinished(eb: ExpressionBuilder<RecordsDatabase, "match_records">, now: number) {
  return eb.and([
    eb("match_records.finished_at", "is not", null),
    eb("match_records.table_closed_at", "is", null),
    eb("match_records.lease_until", ">=", now - FINISHED_TABLE_RETURN_MS),
    eb.not(
      eb.exists(
        eb
          .selectFrom("match_records as later")
          .select("later.id")
          .whereRef("later.code", "=", "match_records.code")
          .whereRef("later.created_at", ">", "match_records.created_at"),
      ),
    ),
  ]);
}

/**
 * The tables nobody holds: the unfinished matches whose lease ran out (their process stopped renewing),
 * and the finished ones whose table was open when its process stopped, not long ago (`openFinished`). With
 * `all` (a lone process starting: nobody else can have them) whether the lease ran out does not matter.
 */
export async function unheldRecords(
  db: Kysely<RecordsDatabase>,
  now: number,
  options: { readonly all: boolean; readonly limit: number },
): Promise<UnheldRecord[]> {
  const rows = await db
    .selectFrom("match_records")
    .select(["id", "code", "owner", "lease_until", "finished_at"])
    .where((eb) => eb.or([eb("finished_at", "is", null), openFinished(eb, now)]))
    .$if(!options.all, (query) =>
      query.where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)])),
    )
    .orderBy("created_at")
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    owner: row.owner,
    leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
    finished: row.finished_at !== null,
  }));
}

/**
 * Takes an unheld table for `lease.owner` by a compare-and-set on its lease as it was read, so that of two
 * processes taking it at once exactly one succeeds; a finished one only while it is still open.
 */
export async function claimRecord(db: Kysely<RecordsDatabase>, record: UnheldRecord, lease: Lease): Promise<boolean> {
  let update = db
    .updateTable("match_records")
    .set({ owner: lease.owner, lease_until: lease.until })
    .where("id", "=", record.id)
    .where((eb) => (record.finished ? eb("table_closed_at", "is", null) : eb("finished_at", "is", null)));
  update = record.owner === null ? update.where("owner", "is", null) : update.where("owner", "=", record.owner);
  update =
    record.leaseUntil === null
      ? update.where("lease_until", "is", null)
      : update.where("lease_until", "=", record.leaseUntil);
  const [result] = await update.execute();
  return Number(result?.numUpdatedRows ?? 0) === 1;
}

/** Renews the leases `lease.owner` holds on these matches; resolves with the ids it still holds. */
export async function renewLeases(
  db: Kysely<RecordsDatabase>,
  ids: readonly string[],
  lease: Lease,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable("match_records")
    .set({ lease_until: lease.until })
    .where("id", "in", ids)
    .where("owner", "=", lease.owner)
    .returning("id")
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Gives up leases at once (a process stopping, or a restore that failed): another process may take them.
 * The lease ends `at` (now), not at 0: a finished table is restored only for a while after its process
 * let it go (FINISHED_TABLE_RETURN_MS), counted from its lease's end.
 */
export async function releaseLeases(
  db: Kysely<RecordsDatabase>,
  ids: readonly string[],
  owner: string,
  at: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("match_records")
    .set({ lease_until: at })
    .where("id", "in", ids)
    .where("owner", "=", owner)
    .execute();
}

/**
 * The table closed for good with this record (after its match, or replaced by a rematch's record): no
 * restart brings it back. Only its keeper marks it; a record another process took is that one's.
 */
export async function markTableClosed(
  db: Kysely<RecordsDatabase>,
  matchId: string,
  owner: string,
  at: number,
): Promise<void> {
  await db
    .updateTable("match_records")
    .set({ table_closed_at: at })
    .where("id", "=", matchId)
    .where("owner", "=", owner)
    .where("table_closed_at", "is", null)
    .execute();
}
