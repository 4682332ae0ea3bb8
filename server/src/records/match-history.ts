import { type Kysely, sql } from "kysely";
import { normalisedName } from "./migrations.ts";
import type { RecordResult } from "./record-writes.ts";
import type { RecordsDatabase } from "./records-schema.ts";

/** The history's listings: finished public matches a page at a time, and matches looked up by id. */

export interface MatchSummary {
  readonly id: string;
  readonly players: readonly [string | null, string | null];
  readonly startedAt: number;
  /** Null while the match is played (only a look-up by id lists those). */
  readonly result: RecordResult | null;
}

/** A page of the history: at most `limit` matches after the one named, optionally one player's. */
export interface ResultsQuery {
  readonly limit: number;
  readonly after?: { readonly finishedAt: number; readonly id: string };
  readonly player?: string;
}

function summaryOf(row: { id: string; players: string; created_at: number; result: string | null }): MatchSummary {
  return {
    id: row.id,
    players: JSON.parse(row.players),
    startedAt: Number(row.created_at),
    result: row.result === null ? null : JSON.parse(row.result),
  };
}

/** LIKE's wildcards in a name (`_` may be one) stand for themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Finished public matches, newest first (tables closed before a match began are not results), a page at a
 * time: `after` is the last one of the previous page, and `player` keeps the matches that player played.
 * A record has a reason once it has a result (written together), so the reason's test is also "finished";
 * it is the condition of the results' index (migration 006), which the database reads them through.
 */
export async function recentResults(db: Kysely<RecordsDatabase>, query: ResultsQuery): Promise<MatchSummary[]> {
  let select = db
    .selectFrom("match_records")
    .select(["id", "players", "created_at", "result", "finished_at"])
    .where("visibility", "=", "public")
    .where("result_reason", "<>", "closed");
  if (query.player !== undefined) {
    select = select.where(
      sql<boolean>`player_key like ${`%|${escapeLike(normalisedName(query.player))}|%`} escape '\\'`,
    );
  }
  const after = query.after;
  if (after) {
    select = select.where((eb) =>
      eb.or([
        eb("finished_at", "<", after.finishedAt),
        eb.and([eb("finished_at", "=", after.finishedAt), eb("id", ">", after.id)]),
      ]),
    );
  }
  const rows = await select.orderBy("finished_at", "desc").orderBy("id").limit(query.limit).execute();
  return rows.map(summaryOf);
}

/**
 * The matches with these ids, whatever their visibility (an id is the match's link: whoever holds it may see
 * it) and whether or not they are over; unknown ids are left out.
 */
export async function matchSummaries(db: Kysely<RecordsDatabase>, ids: readonly string[]): Promise<MatchSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom("match_records")
    .select(["id", "players", "created_at", "result", "finished_at"])
    .where("id", "in", ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, summaryOf(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export interface LastMatch {
  readonly id: string;
  readonly finishedAt: number;
}

/**
 * The last public match played at the table with this code, once it is over (a table closed before its
 * match began is not one): a table's link, after the table closed, leads to it. Private matches are left
 * out: a code is six digits anyone may try, a match's id is not.
 */
export async function lastMatchAt(db: Kysely<RecordsDatabase>, code: string): Promise<LastMatch | null> {
  const row = await db
    .selectFrom("match_records")
    .select(["id", "finished_at"])
    .where("code", "=", code)
    .where("visibility", "=", "public")
    .where("result_reason", "<>", "closed")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, finishedAt: Number(row.finished_at) } : null;
}
