import { matchMaker } from "@colyseus/core";
import type { Logger } from "../logger.ts";
import type { RestoreOptions } from "../rooms/habibka-room.ts";
import type { MatchRecords } from "./match-records.ts";

export interface RestoreReport {
  readonly restored: number;
  /** Records that could not be folded back into a table: left as they are, for an operator to look at. */
  readonly failed: readonly { readonly matchId: string; readonly reason: string }[];
}

/**
 * At start, every table whose match is unfinished comes back with its code, settings and match folded from
 * its record. A record that does not fold is logged with its id and reason and left untouched: the server
 * starts anyway, and never rewrites or deletes a record to do so.
 */
export async function restoreTables(records: MatchRecords, roomName: string, logger: Logger): Promise<RestoreReport> {
  const failed: { matchId: string; reason: string }[] = [];
  let restored = 0;
  for (const { id } of await records.unfinished()) {
    try {
      const options: RestoreOptions = { restore: { matchId: id } };
      await matchMaker.createRoom(roomName, options);
      restored++;
    } catch (cause) {
      const reason = cause instanceof Error ? cause.message : String(cause);
      failed.push({ matchId: id, reason });
      logger.error({ match: id, reason }, "could not restore a table from its record; the record is left as it is");
    }
  }
  if (restored > 0) logger.info({ restored }, "tables restored from their records");
  return { restored, failed };
}
