import type { CompiledQuery } from "kysely";
import type { OpenDatabase } from "../records/database.ts";

/**
 * Writes that must happen together or not at all, on either database: a guard statement, then the writes,
 * which run only when the guard changed exactly one row. On SQLite the whole transaction is one request to the
 * database's worker thread (records/database.ts, `writeGuarded`), under the file's write lock, so nothing runs
 * between the guard and the writes. On PostgreSQL it is a transaction on one pooled connection, and every write
 * must also change a row (a concurrent transaction may have changed what the guard read): otherwise it is
 * rolled back. Resolves with whether it was written.
 */
export interface AtomicWrite {
  readonly guard: CompiledQuery;
  readonly writes: readonly CompiledQuery[];
}

class NotWritten extends Error {}

export async function writeAtomically(database: OpenDatabase, write: AtomicWrite): Promise<boolean> {
  if (database.writeGuarded) {
    const [held] = await database.writeGuarded([write]);
    return held === true;
  }
  try {
    await database.db.transaction().execute(async (trx) => {
      const guarded = await trx.executeQuery(write.guard);
      if (guarded.numAffectedRows !== 1n) throw new NotWritten();
      for (const statement of write.writes) {
        const written = await trx.executeQuery(statement);
        if ((written.numAffectedRows ?? 0n) < 1n) throw new NotWritten();
      }
    });
    return true;
  } catch (cause) {
    if (cause instanceof NotWritten) return false;
    throw cause;
  }
}
