import { Worker } from "node:worker_threads";
import { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { GenericSqliteWorkerDialect } from "kysely-generic-sqlite/worker";
import { createNodeWorkerExecutor } from "kysely-generic-sqlite/worker-helper-node";
import { migrationProvider } from "./migrations.ts";
import type { RecordsDatabase } from "./records-schema.ts";
import type { SqliteWorkerData } from "./sqlite-worker.ts";

/**
 * Match records: every completed shot is appended before it is announced, so what players saw is always
 * on disk. Queries go through Kysely; the embedded SQLite file is served by a worker thread, so a write that
 * waits for the disk or for another process's lock never holds up the game.
 */

export interface NewMatch {
  readonly id: string;
  readonly code: string;
  readonly visibility: "public" | "private";
  readonly opening: "lag" | "draw";
  readonly shotClock: number;
  readonly players: readonly [string, string];
  readonly startedAt: number;
}

export interface ShotRecord {
  readonly number: number;
  /** Seat that played it (-1 for the lag, played by both). */
  readonly seat: number;
  readonly kind: string;
  readonly request: unknown;
  /** The table at the stroke, so that any recorded shot can be replayed from its trace. */
  readonly before: unknown;
  readonly verdict: unknown;
  readonly events: unknown;
  readonly trace: Uint8Array;
  readonly at: number;
}

/** How a match ended; `abandoned` when its table closed before anyone won. */
export interface MatchResult {
  readonly winner: 0 | 1 | null;
  readonly reason: string;
  readonly shelves: readonly [number, number];
  readonly finishedAt: number;
}

export interface MatchRecord extends NewMatch {
  readonly result: MatchResult | null;
  readonly shots: readonly ShotRecord[];
}

export interface MatchSummary {
  readonly id: string;
  readonly players: readonly [string, string];
  readonly startedAt: number;
  readonly result: MatchResult;
}

/**
 * What one action changed, written in one transaction: the match itself with its first action, the shot the
 * action played, and the result if it ended the match.
 */
export interface ActionRecord {
  readonly matchId: string;
  readonly match?: NewMatch;
  readonly shot?: ShotRecord;
  readonly result?: MatchResult;
}

export interface RecordsOptions {
  /** The SQLite file (its folder is created) or ":memory:". */
  readonly path: string;
  /** How long a write waits for another process's lock before it fails (default 2 s). */
  readonly busyTimeoutMs?: number;
}

export class MatchRecords {
  private readonly db: Kysely<RecordsDatabase>;

  private constructor(db: Kysely<RecordsDatabase>) {
    this.db = db;
  }

  /** Opens the database and brings its schema up to date; rejects when either fails. */
  static async open(options: RecordsOptions): Promise<MatchRecords> {
    const data: SqliteWorkerData = { path: options.path, busyTimeoutMs: options.busyTimeoutMs ?? 2_000 };
    const dialect = new GenericSqliteWorkerDialect(
      createNodeWorkerExecutor({ worker: () => new Worker(new URL("./sqlite-worker.ts", import.meta.url)), data }),
    );
    const db = new Kysely<RecordsDatabase>({ dialect });
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
    if (error) {
      await db.destroy();
      throw error instanceof Error ? error : new Error(String(error));
    }
    return new MatchRecords(db);
  }

  /** Appends what one action changed, all or nothing. */
  async recordAction(action: ActionRecord): Promise<void> {
    if (!action.match && !action.shot && !action.result) return;
    await this.db.transaction().execute(async (trx) => {
      const { match, shot, result } = action;
      if (match) {
        await trx
          .insertInto("matches")
          .values({
            id: match.id,
            code: match.code,
            visibility: match.visibility,
            opening: match.opening,
            shot_clock: match.shotClock,
            players: JSON.stringify(match.players),
            started_at: match.startedAt,
            result: null,
            finished_at: null,
          })
          .onConflict((c) => c.column("id").doNothing())
          .execute();
      }
      if (shot) {
        await trx
          .insertInto("shots")
          .values({
            match_id: action.matchId,
            number: shot.number,
            seat: shot.seat,
            kind: shot.kind,
            request: JSON.stringify(shot.request),
            before: JSON.stringify(shot.before),
            verdict: JSON.stringify(shot.verdict),
            events: JSON.stringify(shot.events),
            trace: shot.trace,
            at: shot.at,
          })
          .execute();
      }
      if (result) {
        await trx
          .updateTable("matches")
          .set({ result: JSON.stringify(result), finished_at: result.finishedAt })
          .where("id", "=", action.matchId)
          .where("result", "is", null)
          .execute();
      }
    });
  }

  /**
   * Closes every unfinished match not in `live` as abandoned: their tables no longer exist (the process that
   * held them stopped). Returns how many were closed.
   */
  async abandonUnfinished(live: readonly string[], at: number): Promise<number> {
    const result = JSON.stringify({ winner: null, reason: "abandoned", shelves: [0, 0], finishedAt: at });
    let query = this.db.updateTable("matches").set({ result, finished_at: at }).where("result", "is", null);
    if (live.length > 0) query = query.where("id", "not in", live);
    const [update] = await query.execute();
    return Number(update?.numUpdatedRows ?? 0);
  }

  async getMatch(id: string): Promise<MatchRecord | null> {
    const row = await this.db.selectFrom("matches").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const shots = await this.db
      .selectFrom("shots")
      .select(["number", "seat", "kind", "request", "before", "verdict", "events", "trace", "at"])
      .where("match_id", "=", id)
      .orderBy("number")
      .execute();
    return {
      ...matchFromRow(row),
      shots: shots.map((s) => ({
        number: s.number,
        seat: s.seat,
        kind: s.kind,
        request: JSON.parse(s.request),
        before: s.before === null ? null : JSON.parse(s.before),
        verdict: JSON.parse(s.verdict),
        events: JSON.parse(s.events),
        trace: s.trace,
        at: Number(s.at),
      })),
    };
  }

  /** The latest finished public matches, newest first (abandoned ones are not results). */
  async recentResults(limit: number): Promise<MatchSummary[]> {
    const rows = await this.db
      .selectFrom("matches")
      .selectAll()
      .where("visibility", "=", "public")
      .where("result", "is not", null)
      .where("result", "not like", '%"reason":"abandoned"%')
      .orderBy("finished_at", "desc")
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const match = matchFromRow(row);
      return { id: match.id, players: match.players, startedAt: match.startedAt, result: match.result! };
    });
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

function matchFromRow(row: RecordsDatabase["matches"]): Omit<MatchRecord, "shots"> {
  return {
    id: row.id,
    code: row.code,
    visibility: row.visibility,
    opening: row.opening,
    shotClock: row.shot_clock,
    players: JSON.parse(row.players) as [string, string],
    startedAt: Number(row.started_at),
    result: row.result === null ? null : (JSON.parse(row.result) as MatchResult),
  };
}
