import type { MatchRecord, RecordHeader } from "@habibka/shared/match";
import type { ChatBroadcast } from "@habibka/shared/protocol";
import type { Kysely } from "kysely";
import { AnalysisRecords } from "./analysis-queries.ts";
import { type DatabaseLocation, type OpenDatabase, openDatabase } from "./database.ts";
import { GroupCommit } from "./group-commit.ts";
import {
  claimRecord,
  markTableClosed,
  openFinished,
  releaseLeases,
  renewLeases,
  type UnheldRecord,
  unheldRecords,
} from "./lease-queries.ts";
import {
  type LastMatch,
  lastMatchAt,
  type MatchSummary,
  matchSummaries,
  type ResultsQuery,
  recentResults,
} from "./match-history.ts";
import type { DatabaseKind } from "./migrations.ts";
import { loadRecord, type StoredMatch, storedMatch } from "./record-reads.ts";
import {
  type ActionAppend,
  type ActionEntry,
  actionRow,
  batchAppender,
  headerRow,
  type Lease,
  listingColumns,
  type RecordListing,
  type RecordResult,
} from "./record-writes.ts";
import type { RecordsDatabase } from "./records-schema.ts";

export type { UnheldRecord } from "./lease-queries.ts";
export type { MatchSummary, ResultsQuery } from "./match-history.ts";
export type { StoredMatch } from "./record-reads.ts";
export { type Lease, LeaseLostError, type RecordListing, type RecordResult } from "./record-writes.ts";

/**
 * The match records: each match is its header and the list of its actions (shared/src/match/record.ts),
 * appended before anyone is told of it, the actions arriving together committed in one transaction
 * (group-commit.ts). Queries go through Kysely (database.ts: SQLite in a worker thread, or PostgreSQL), so a
 * write that waits never holds up the game. This is the one handle the server holds; each job's queries live
 * in their own module: writing (record-writes.ts), reading back (record-reads.ts), the leases
 * (lease-queries.ts), the history's listings (match-history.ts) and the records from before actions
 * (legacy-matches.ts).
 */

/** Actions one transaction appends at most: 7 parameters each, well within either database's limit. */
const MAX_ACTIONS_PER_COMMIT = 200;

export class MatchRecords {
  private readonly db: Kysely<RecordsDatabase>;
  readonly kind: DatabaseKind;
  /** The analyses kept with the records (analysis-queries.ts). */
  readonly analyses: AnalysisRecords;
  /** The open database, for the accounts' tables beside the records (accounts/account-store.ts). */
  readonly database: OpenDatabase;
  readonly #appends: GroupCommit<ActionAppend>;
  #writeObserver: ((ms: number) => void) | null = null;

  private constructor(database: OpenDatabase) {
    const { db, kind } = database;
    this.database = database;
    this.db = db;
    this.kind = kind;
    this.analyses = new AnalysisRecords(db);
    this.#appends = new GroupCommit(batchAppender(database), MAX_ACTIONS_PER_COMMIT);
  }

  /** Opens the database and brings its schema up to date; rejects when either fails. */
  static async open(location: DatabaseLocation | { readonly path: string }): Promise<MatchRecords> {
    const where: DatabaseLocation = "kind" in location ? location : { kind: "sqlite", path: location.path };
    return new MatchRecords(await openDatabase(where));
  }

  /** A new match's record, before anything happens in it, held by the process that creates it. */
  async createRecord(header: RecordHeader, lease: Lease): Promise<void> {
    await this.db.insertInto("match_records").values(headerRow(header, lease)).execute();
  }

  /**
   * Appends the action at position `seq`, with what it changes in the listing, all or nothing, for the
   * process `owner`, which must hold the table's lease (renewing it is `renewLeases`'s job). `action` is the
   * action as JSON: what is stored is exactly what the match applied; of a played stroke, only what the record
   * keeps. Rejects with LeaseLostError, writing nothing, when another process holds the table now.
   */
  append(matchId: string, seq: number, entry: ActionEntry, listing: RecordListing, owner: string): Promise<void> {
    const row = actionRow(matchId, seq, entry);
    const submitted = this.#appends.submit({ matchId, row, listing: listingColumns(listing), owner });
    const observe = this.#writeObserver;
    if (!observe) return submitted;
    const at = performance.now();
    return submitted.then(() => observe(performance.now() - at));
  }

  /** Hears how long each appended action took to be durable, ms (the metrics). */
  observeWrites(observer: (ms: number) => void): void {
    this.#writeObserver = observer;
  }

  async appendChat(matchId: string, seq: number, line: ChatBroadcast): Promise<void> {
    await this.db
      .insertInto("chat_lines")
      .values({ match_id: matchId, seq, line: JSON.stringify(line) })
      .execute();
  }

  /** The match's last `limit` chat lines, oldest first, and the number the next one takes. */
  async recentChat(matchId: string, limit: number): Promise<{ lines: ChatBroadcast[]; nextSeq: number }> {
    const rows = await this.db
      .selectFrom("chat_lines")
      .select(["seq", "line"])
      .where("match_id", "=", matchId)
      .orderBy("seq", "desc")
      .limit(limit)
      .execute();
    return {
      lines: rows.reverse().map((r) => JSON.parse(r.line) as ChatBroadcast),
      nextSeq: rows.length === 0 ? 0 : rows.at(-1)!.seq + 1,
    };
  }

  /** Closes a record whose table went away before its match began (nothing to restore). */
  async closeRecord(matchId: string, result: RecordResult): Promise<void> {
    await this.db
      .updateTable("match_records")
      .set({ ...listingColumns({ result }), table_closed_at: result.finishedAt })
      .where("id", "=", matchId)
      .execute();
  }

  /** The table closed for good with this finished record, or a rematch replaced it: nothing to restore. */
  markTableClosed(matchId: string, owner: string, at: number): Promise<void> {
    return markTableClosed(this.db, matchId, owner, at);
  }

  /** The tables nobody holds: unfinished matches, and finished ones whose table was open (lease-queries.ts). */
  unheld(now: number, options: { readonly all: boolean; readonly limit: number }): Promise<UnheldRecord[]> {
    return unheldRecords(this.db, now, options);
  }

  /** Takes an unheld table for `lease.owner`; of two processes taking it at once exactly one succeeds. */
  claim(record: UnheldRecord, lease: Lease): Promise<boolean> {
    return claimRecord(this.db, record, lease);
  }

  /** Renews the leases `lease.owner` holds on these matches; resolves with the ids it still holds. */
  renewLeases(ids: readonly string[], lease: Lease): Promise<Set<string>> {
    return renewLeases(this.db, ids, lease);
  }

  /** Gives up leases at once (a process stopping, or a restore that failed): another process may take them. */
  releaseLeases(ids: readonly string[], owner: string, at = Date.now()): Promise<void> {
    return releaseLeases(this.db, ids, owner, at);
  }

  /** The whole record of a match kept as actions, or null. */
  loadRecord(matchId: string): Promise<MatchRecord | null> {
    return loadRecord(this.db, matchId);
  }

  /** Finished public matches, newest first, a page at a time (match-history.ts). */
  recentResults(query: ResultsQuery): Promise<MatchSummary[]> {
    return recentResults(this.db, query);
  }

  /** The matches with these ids, whatever their visibility and whether or not they are over. */
  summaries(ids: readonly string[]): Promise<MatchSummary[]> {
    return matchSummaries(this.db, ids);
  }

  /** The last public match finished at the table with this code (match-history.ts). */
  lastMatchAt(code: string): Promise<LastMatch | null> {
    return lastMatchAt(this.db, code);
  }

  /** One match as the API shows it: kept as actions, or (older) as its shots. */
  getMatch(id: string): Promise<StoredMatch | null> {
    return storedMatch(this.db, id);
  }

  /**
   * Whether the database answers a read, how many matches are unfinished (the live and the restorable), and
   * how many finished ones still have their table open or restorable (the players at it after the match,
   * a rematch perhaps asked for), in every process.
   */
  async health(now = Date.now()): Promise<
    | {
        readonly ok: true;
        readonly kind: DatabaseKind;
        readonly unfinished: number;
        readonly finishedOpen: number;
      }
    | { readonly ok: false; readonly kind: DatabaseKind; readonly error: string }
  > {
    try {
      const unfinished = await this.db
        .selectFrom("match_records")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("finished_at", "is", null)
        .executeTakeFirstOrThrow();
      const finishedOpen = await this.db
        .selectFrom("match_records")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where((eb) => openFinished(eb, now))
        .executeTakeFirstOrThrow();
      return {
        ok: true,
        kind: this.kind,
        unfinished: Number(unfinished.count),
        finishedOpen: Number(finishedOpen.count),
      };
    } catch (cause) {
      return { ok: false, kind: this.kind, error: (cause as Error).message };
    }
  }

  async close(): Promise<void> {
    await this.#appends.settled();
    await this.db.destroy();
  }
}
