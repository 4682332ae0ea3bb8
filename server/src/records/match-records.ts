import type {
  ComputerLevel,
  MatchAction,
  MatchRecord,
  PlayedShot,
  RecordedAction,
  RecordHeader,
} from "@habibka/shared/match";
import type { ChatBroadcast } from "@habibka/shared/protocol";
import { type Insertable, type Kysely, sql } from "kysely";
import { type DatabaseLocation, type OpenDatabase, openDatabase } from "./database.ts";
import { GroupCommit } from "./group-commit.ts";
import { type DatabaseKind, normalisedName, playerKey } from "./migrations.ts";
import type { RecordActionsTable, RecordsDatabase } from "./records-schema.ts";

/**
 * The match records: each match is its header and the list of its actions (shared/src/match/record.ts),
 * appended before anyone is told of it, the actions arriving together committed in one transaction
 * (group-commit.ts). Queries go through Kysely (database.ts: SQLite in a worker thread, or PostgreSQL), so a
 * write that waits never holds up the game.
 */

/** Actions one transaction appends at most: 7 parameters each, well within either database's limit. */
const MAX_ACTIONS_PER_COMMIT = 200;

/** One action waiting for its transaction. */
interface ActionAppend {
  readonly matchId: string;
  readonly row: Insertable<RecordActionsTable>;
  readonly listing: ReturnType<typeof listingColumns>;
  readonly lease: Lease;
}

/** How a record ended: a match's result, or `closed` for a table that closed before its match began. */
export interface RecordResult {
  readonly winner: 0 | 1 | null;
  readonly reason: "eight" | "resignation" | "absence" | "closed" | "abandoned";
  readonly shelves: readonly [number, number];
  readonly finishedAt: number;
}

/** What the listings show beside the record, updated with the action that changes it. */
export interface RecordListing {
  readonly players?: readonly [string | null, string | null];
  readonly result?: RecordResult;
}

/** A process's hold on a table, written with every action so that a table can only have one keeper. */
export interface Lease {
  readonly owner: string;
  /** Epoch ms until which the lease runs. */
  readonly until: number;
}

/** The table's lease was taken by another process: this one must stop keeping it. */
export class LeaseLostError extends Error {
  constructor(matchId: string) {
    super(`the lease of match ${matchId} is held by another process`);
    this.name = "LeaseLostError";
  }
}

/** An unfinished match as the restore finds it: who held it last, and until when. */
export interface UnheldRecord {
  readonly id: string;
  readonly code: string;
  readonly owner: string | null;
  readonly leaseUntil: number | null;
}

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

/** A record as the HTTP API and the match pages read it. */
export interface StoredMatch {
  readonly id: string;
  readonly code: string;
  readonly visibility: "public" | "private";
  readonly opening: "lag" | "draw";
  readonly shotClock: number;
  /** Who played the creator: a person, or the computer (seat 1) at `level`. */
  readonly opponent: "person" | "computer";
  readonly level: ComputerLevel | null;
  readonly players: readonly [string | null, string | null];
  readonly startedAt: number;
  readonly result: RecordResult | null;
  /** The whole record, for a record kept as actions; null for one written before. */
  readonly record: MatchRecord | null;
  /** Every stroke played, in order, with the seat that played it (-1 for the lag). */
  readonly shots: readonly StoredShot[];
}

export interface StoredShot extends Omit<PlayedShot, "verdict"> {
  readonly verdict: unknown;
  readonly at: number;
}

function listingColumns(listing: RecordListing) {
  const { players, result } = listing;
  return {
    ...(players ? { players: JSON.stringify(players), player_key: playerKey(players) } : {}),
    ...(result ? { result: JSON.stringify(result), finished_at: result.finishedAt } : {}),
  };
}

export class MatchRecords {
  private readonly db: Kysely<RecordsDatabase>;
  private readonly writeGuarded: OpenDatabase["writeGuarded"];
  readonly kind: DatabaseKind;
  readonly #appends: GroupCommit<ActionAppend>;

  private constructor({ db, kind, writeGuarded }: OpenDatabase) {
    this.db = db;
    this.kind = kind;
    this.writeGuarded = writeGuarded;
    this.#appends = new GroupCommit((batch) => this.#appendAll(batch), MAX_ACTIONS_PER_COMMIT);
  }

  /** Opens the database and brings its schema up to date; rejects when either fails. */
  static async open(location: DatabaseLocation | { readonly path: string }): Promise<MatchRecords> {
    const where: DatabaseLocation = "kind" in location ? location : { kind: "sqlite", path: location.path };
    return new MatchRecords(await openDatabase(where));
  }

  /** A new match's record, before anything happens in it, held by the process that creates it. */
  async createRecord(header: RecordHeader, lease: Lease): Promise<void> {
    await this.db
      .insertInto("match_records")
      .values({
        owner: lease.owner,
        lease_until: lease.until,
        id: header.matchId,
        format: header.format,
        code: header.code,
        visibility: header.settings.visibility,
        settings: JSON.stringify(header.settings),
        seed: header.seed,
        created_at: header.createdAt,
        players: JSON.stringify([null, null]),
        player_key: playerKey([null, null]),
        result: null,
        finished_at: null,
      })
      .execute();
  }

  /**
   * Appends the action at position `seq`, with what it changes in the listing, all or nothing, and renews
   * the lease. `action` is the action as JSON: what is stored is exactly what the match applied. Rejects
   * with LeaseLostError, writing nothing, when another process holds the table now.
   */
  append(
    matchId: string,
    seq: number,
    entry: { readonly at: number; readonly action: string; readonly played?: PlayedShot },
    listing: RecordListing,
    lease: Lease,
  ): Promise<void> {
    const type = (JSON.parse(entry.action) as MatchAction).type;
    const { trace, ...played } = entry.played ?? { trace: null };
    const row = {
      match_id: matchId,
      seq,
      at: entry.at,
      type,
      action: entry.action,
      played: entry.played ? JSON.stringify(played) : null,
      trace: trace ?? null,
    };
    return this.#appends.submit({ matchId, row, listing: listingColumns(listing), lease });
  }

  /**
   * One transaction for a batch of appends. Each action is written only where this process still holds its
   * table, renewing the lease; a table another process holds now gets LeaseLostError and has nothing
   * written, while the rest of the batch commits.
   */
  #appendAll(batch: readonly ActionAppend[]): Promise<(Error | null)[]> {
    return this.writeGuarded ? this.#appendInWorker(this.writeGuarded, batch) : this.#appendOverNetwork(batch);
  }

  /** SQLite: the lease update guards each insert, and the worker runs the whole transaction in one request. */
  async #appendInWorker(
    writeGuarded: NonNullable<OpenDatabase["writeGuarded"]>,
    batch: readonly ActionAppend[],
  ): Promise<(Error | null)[]> {
    const held = await writeGuarded(
      batch.map((append) => ({
        guard: this.db
          .updateTable("match_records")
          .set({ lease_until: append.lease.until, ...append.listing })
          .where("id", "=", append.matchId)
          .where("owner", "=", append.lease.owner)
          .compile(),
        writes: [this.db.insertInto("record_actions").values(append.row).compile()],
      })),
    );
    return batch.map((append, i) => (held[i] ? null : new LeaseLostError(append.matchId)));
  }

  /**
   * PostgreSQL: a round trip costs a hop of the event loop, so the transaction takes a few statements whatever
   * the batch's size: the leases renewed (which also tells the tables still held), the held tables' actions in
   * one insert, and the few listing changes.
   */
  async #appendOverNetwork(batch: readonly ActionAppend[]): Promise<(Error | null)[]> {
    return this.db.transaction().execute(async (trx) => {
      const held = new Set<string>();
      for (const owner of new Set(batch.map((a) => a.lease.owner))) {
        const mine = batch.filter((a) => a.lease.owner === owner);
        const rows = await trx
          .updateTable("match_records")
          .set({ lease_until: Math.max(...mine.map((a) => a.lease.until)) })
          .where("id", "in", [...new Set(mine.map((a) => a.matchId))])
          .where("owner", "=", owner)
          .returning("id")
          .execute();
        for (const row of rows) held.add(row.id);
      }
      const kept = batch.filter((a) => held.has(a.matchId));
      if (kept.length > 0)
        await trx
          .insertInto("record_actions")
          .values(kept.map((a) => a.row))
          .execute();
      for (const append of kept) {
        if (Object.keys(append.listing).length === 0) continue;
        await trx.updateTable("match_records").set(append.listing).where("id", "=", append.matchId).execute();
      }
      return batch.map((a) => (held.has(a.matchId) ? null : new LeaseLostError(a.matchId)));
    });
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
    await this.updateListing(this.db, matchId, { result });
  }

  private async updateListing(db: Kysely<RecordsDatabase>, matchId: string, listing: RecordListing): Promise<void> {
    const columns = listingColumns(listing);
    if (Object.keys(columns).length === 0) return;
    await db.updateTable("match_records").set(columns).where("id", "=", matchId).execute();
  }

  /**
   * The unfinished matches nobody holds: those whose lease ran out (their process stopped renewing), or, with
   * `all`, every unfinished one (a lone process starting: nobody else can have them).
   */
  async unheld(now: number, options: { readonly all: boolean; readonly limit: number }): Promise<UnheldRecord[]> {
    let query = this.db
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
  async claim(record: UnheldRecord, lease: Lease): Promise<boolean> {
    let update = this.db
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
  async renewLeases(ids: readonly string[], lease: Lease): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .updateTable("match_records")
      .set({ lease_until: lease.until })
      .where("id", "in", ids)
      .where("owner", "=", lease.owner)
      .returning("id")
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Gives up leases at once (a process stopping, or a restore that failed): another process may take them. */
  async releaseLeases(ids: readonly string[], owner: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable("match_records")
      .set({ lease_until: 0 })
      .where("id", "in", ids)
      .where("owner", "=", owner)
      .execute();
  }

  /** The whole record of a match kept as actions, or null. */
  async loadRecord(matchId: string): Promise<MatchRecord | null> {
    const row = await this.db.selectFrom("match_records").selectAll().where("id", "=", matchId).executeTakeFirst();
    if (!row) return null;
    const actions = await this.db
      .selectFrom("record_actions")
      .select(["at", "action", "played", "trace"])
      .where("match_id", "=", matchId)
      .orderBy("seq")
      .execute();
    return {
      header: {
        format: row.format,
        matchId: row.id,
        code: row.code,
        settings: JSON.parse(row.settings),
        seed: Number(row.seed),
        createdAt: Number(row.created_at),
      },
      actions: actions.map((a): RecordedAction => {
        const action = JSON.parse(a.action) as MatchAction;
        if (a.played === null) return { at: Number(a.at), action };
        const played = { ...JSON.parse(a.played), trace: a.trace ?? new Uint8Array() } as PlayedShot;
        return { at: Number(a.at), action, played };
      }),
    };
  }

  /**
   * Finished public matches, newest first (tables closed before a match began are not results), a page at a
   * time: `after` is the last one of the previous page, and `player` keeps the matches that player played.
   */
  async recentResults(query: ResultsQuery): Promise<MatchSummary[]> {
    let select = this.db
      .selectFrom("match_records")
      .select(["id", "players", "created_at", "result", "finished_at"])
      .where("visibility", "=", "public")
      .where("result", "is not", null)
      .where("finished_at", "is not", null)
      .where("result", "not like", '%"reason":"closed"%');
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
   * The last public match played at the table with this code, once it is over (a table closed before its
   * match began is not one): a table's link, after the table closed, leads to it. Private matches are left
   * out: a code is six digits anyone may try, a match's id is not.
   */
  async lastMatchAt(code: string): Promise<{ readonly id: string; readonly finishedAt: number } | null> {
    const row = await this.db
      .selectFrom("match_records")
      .select(["id", "finished_at"])
      .where("code", "=", code)
      .where("visibility", "=", "public")
      .where("finished_at", "is not", null)
      .where("result", "not like", '%"reason":"closed"%')
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    return row ? { id: row.id, finishedAt: Number(row.finished_at) } : null;
  }

  /**
   * The matches with these ids, whatever their visibility (an id is the match's link: whoever holds it may see
   * it) and whether or not they are over; unknown ids are left out.
   */
  async summaries(ids: readonly string[]): Promise<MatchSummary[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("match_records")
      .select(["id", "players", "created_at", "result", "finished_at"])
      .where("id", "in", ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, summaryOf(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** One match as the API shows it: kept as actions, or (older) as its shots. */
  async getMatch(id: string): Promise<StoredMatch | null> {
    const record = await this.loadRecord(id);
    if (record) {
      const row = (await this.db.selectFrom("match_records").selectAll().where("id", "=", id).executeTakeFirst())!;
      return {
        id,
        code: row.code,
        visibility: row.visibility,
        opening: record.header.settings.opening,
        shotClock: record.header.settings.shotClock,
        opponent: record.header.settings.opponent ?? "person",
        level: record.header.settings.level ?? null,
        players: JSON.parse(row.players),
        startedAt: Number(row.created_at),
        result: row.result === null ? null : JSON.parse(row.result),
        record,
        shots: record.actions.flatMap(({ played, at }) => (played ? [{ ...played, at }] : [])),
      };
    }
    return this.getLegacyMatch(id);
  }

  private async getLegacyMatch(id: string): Promise<StoredMatch | null> {
    const row = await this.db.selectFrom("matches").selectAll().where("id", "=", id).executeTakeFirst();
    if (!row) return null;
    const shots = await this.db.selectFrom("shots").selectAll().where("match_id", "=", id).orderBy("number").execute();
    return {
      id,
      code: row.code,
      visibility: row.visibility,
      opening: row.opening,
      shotClock: row.shot_clock,
      opponent: "person",
      level: null,
      players: JSON.parse(row.players),
      startedAt: Number(row.started_at),
      result: row.result === null ? null : JSON.parse(row.result),
      record: null,
      shots: shots.map((s) => ({
        kind: s.kind as PlayedShot["kind"],
        number: s.number,
        seat: s.seat,
        request: JSON.parse(s.request),
        before: s.before === null ? [] : JSON.parse(s.before),
        verdict: JSON.parse(s.verdict),
        events: JSON.parse(s.events),
        trace: s.trace,
        duration: 0,
        at: Number(s.at),
      })),
    };
  }

  /** Whether the database answers a read, and how many matches are unfinished (the live and the restorable). */
  async health(): Promise<
    | { readonly ok: true; readonly kind: DatabaseKind; readonly unfinished: number }
    | { readonly ok: false; readonly kind: DatabaseKind; readonly error: string }
  > {
    try {
      const row = await this.db
        .selectFrom("match_records")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("finished_at", "is", null)
        .executeTakeFirstOrThrow();
      return { ok: true, kind: this.kind, unfinished: Number(row.count) };
    } catch (cause) {
      return { ok: false, kind: this.kind, error: (cause as Error).message };
    }
  }

  async close(): Promise<void> {
    await this.#appends.settled();
    await this.db.destroy();
  }
}
