import type { Kysely } from "kysely";
import type { Lease } from "./record-writes.ts";
import type { RecordsDatabase } from "./records-schema.ts";

/**
 * The queries on the tables' leases that decide which process keeps which table: finding the unfinished
 * ones nobody holds, taking one, renewing and giving up leases (table-leases.ts keeps them in a process).
 */

/** An unfinished match as the restore finds it: who held it last, and until when. */
export interface UnheldRecord {
  readonly id: string;
  readonly code: string;
  readonly owner: string | null;
  readonly leaseUntil: number | null;
}

/**
 * The unfinished matches nobody holds: those whose lease ran out (their process stopped renewing), or, with
 * `all`, every unfinished one (a lone process starting: nobody else can have them).
 */
export async function unheldRecords(
  db: Kysely<RecordsDatabase>,
  now: number,
  options: { readonly all: boolean; readonly limit: number },
): Promise<UnheldRecord[]> {
  let query = db
    .selectFrom("match_records")
    .select(["id", "code", "owner", "lease_until"])
    .where("finished_at", "is", null)
    .orderBy("created_at")
    .limit(options.limit);
  if (!options.all) query = query.where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", now)]));
  return (await query.execute()).map((row) => ({
    id: row.id,
    code: row.code,
    owner: row.owner,
    leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
  }));
}

/**
 * Takes an unheld match for `lease.owner` by a compare-and-set on its lease as it was read, so that of two
 * processes taking it at once exactly one succeeds.
 */
export async function claimRecord(db: Kysely<RecordsDatabase>, record: UnheldRecord, lease: Lease): Promise<boolean> {
  let update = db
    .updateTable("match_records")
    .set({ owner: lease.owner, lease_until: lease.until })
    .where("id", "=", record.id)
    .where("finished_at", "is", null);
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

/** Gives up leases at once (a process stopping, or a restore that failed): another process may take them. */
export async function releaseLeases(db: Kysely<RecordsDatabase>, ids: readonly string[], owner: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable("match_records")
    .set({ lease_until: 0 })
    .where("id", "in", ids)
    .where("owner", "=", owner)
    .execute();
}
