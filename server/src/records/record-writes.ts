import { type RecordEnd, type RecordedStroke, type RecordHeader, recordedPart } from "@habibka/shared/match";
import type { Insertable, Kysely } from "kysely";
import type { NamedStatement, OpenDatabase } from "./database.ts";
import type { BatchWriter } from "./group-commit.ts";
import { playerKey } from "./migrations.ts";
import type { MatchRecordsTable, RecordActionsTable, RecordsDatabase } from "./records-schema.ts";
import type { Statement } from "./sqlite-requests.ts";

/**
 * Writing a match record: its header when the match is created, then each action appended under the table's
 * lease, the actions arriving together committed in one transaction (group-commit.ts, match-records.ts). An
 * action only checks that its process still holds the lease, without writing it: the process renews all its
 * leases every few seconds (table-leases.ts), and a write per action would double the pages each commit
 * writes (and, in PostgreSQL, leave a dead row version per action).
 */

/** How a record ended: a match's result, or `closed` for a table that closed before its match began. */
export interface RecordResult {
  readonly winner: 0 | 1 | null;
  readonly reason: RecordEnd;
  readonly shelves: readonly [number, number];
  readonly finishedAt: number;
}

/** What the listings show beside the record, updated with the action that changes it. */
export interface RecordListing {
  readonly players?: readonly [string | null, string | null];
  /** The seats' accounts, with the players (null where the player has none). */
  readonly accounts?: readonly [string | null, string | null];
  readonly result?: RecordResult;
  /** With the result: the match has an account at it, whose settlement is now due (accounts/settlement.ts). */
  readonly settle?: boolean;
}

/** A process's hold on a table: every action is written under it, so that a table can only have one keeper. */
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

/** One action waiting for its transaction. */
export interface ActionAppend {
  readonly matchId: string;
  readonly row: Insertable<RecordActionsTable>;
  readonly listing: ReturnType<typeof listingColumns>;
  /** The process writing it, which must hold the table's lease. */
  readonly owner: string;
}

/** An action as the table appends it: the action as JSON, and the stroke it played, if any. */
export interface ActionEntry {
  readonly at: number;
  readonly action: string;
  /** The action's type, when the caller has it at hand (otherwise read back from `action`). */
  readonly type?: string;
  readonly played?: RecordedStroke;
}

export function listingColumns(listing: RecordListing) {
  const { players, accounts, result, settle } = listing;
  return {
    ...(players ? { players: JSON.stringify(players), player_key: playerKey(players) } : {}),
    ...(accounts ? { account_0: accounts[0], account_1: accounts[1] } : {}),
    ...(result ? { result: JSON.stringify(result), result_reason: result.reason, finished_at: result.finishedAt } : {}),
    ...(settle ? { settle_pending: 1 } : {}),
  };
}

/** A new record's row: its header, held by the lease's owner, nobody seated yet. */
export function headerRow(header: RecordHeader, lease: Lease): Insertable<MatchRecordsTable> {
  return {
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
    result_reason: null,
    finished_at: null,
  };
}

/** An action's row: only the part of a played stroke the record keeps, its trace in a binary column. */
export function actionRow(matchId: string, seq: number, entry: ActionEntry): Insertable<RecordActionsTable> {
  // A shot's action carries its whole simulated result: parsed again only when the caller did not say.
  const type = entry.type ?? (JSON.parse(entry.action) as { type: string }).type;
  const { trace, ...stroke } = entry.played ? recordedPart(entry.played) : { trace: null };
  return {
    match_id: matchId,
    seq,
    at: entry.at,
    type,
    action: entry.action,
    played: entry.played ? JSON.stringify(stroke) : null,
    trace,
  };
}

/** The columns of an action's row, in the order its insert binds them. */
const ACTION_COLUMNS = ["match_id", "seq", "at", "type", "action", "played", "trace"] as const;

/**
 * The two statements nearly every append runs on SQLite, compiled once: building each through Kysely's query
 * builder and compiling it again for every action was a thirtieth of the rooms' event loop's busy time at
 * 3,000 matches. The text is Kysely's own, compiled from placeholders of the same shape; only the values
 * change (server/test/append-statements.test.ts holds them to Kysely's compilation of the same append).
 */
export class AppendStatements {
  readonly #heldSql: string;
  readonly #insertSql: string;

  constructor(db: Kysely<RecordsDatabase>) {
    this.#heldSql = db
      .selectFrom("match_records")
      .select("id")
      .where("id", "=", "")
      .where("owner", "=", "")
      .compile().sql;
    const placeholder = Object.fromEntries(ACTION_COLUMNS.map((column) => [column, null]));
    this.#insertSql = db
      .insertInto("record_actions")
      .values(placeholder as unknown as Insertable<RecordActionsTable>)
      .compile().sql;
  }

  /** Finds the table's record only while `owner` holds its lease. */
  held(matchId: string, owner: string): Statement {
    return { sql: this.#heldSql, parameters: [matchId, owner] };
  }

  insert(row: Insertable<RecordActionsTable>): Statement {
    return { sql: this.#insertSql, parameters: ACTION_COLUMNS.map((column) => row[column] ?? null) };
  }
}

/**
 * How this database writes a batch of actions, in one transaction: each action only where this process still
 * holds its table; a table another process holds now gets LeaseLostError and has nothing written, while the
 * rest of the batch commits. SQLite's worker runs the whole transaction in one request, its statements
 * compiled once; PostgreSQL takes the batch over the network.
 */
export function batchAppender(database: OpenDatabase): BatchWriter<ActionAppend> {
  const { db, writeGuarded, prepared } = database;
  if (writeGuarded) {
    const appends: WorkerAppends = { statements: new AppendStatements(db), writeGuarded };
    return (batch) => appendInWorker(db, appends, batch);
  }
  if (prepared) return (batch) => appendOverNetwork(db, prepared, batch);
  throw new Error("the database neither runs transactions in a worker nor prepares statements");
}

/** What an append on SQLite needs: the database's worker, and the append's statements compiled once. */
interface WorkerAppends {
  readonly statements: AppendStatements;
  readonly writeGuarded: NonNullable<OpenDatabase["writeGuarded"]>;
}

/**
 * SQLite: the lease guards each insert, found (or, with a listing change, updated) in the same transaction,
 * and the worker runs the whole transaction in one request.
 */
async function appendInWorker(
  db: Kysely<RecordsDatabase>,
  { statements, writeGuarded }: WorkerAppends,
  batch: readonly ActionAppend[],
): Promise<(Error | null)[]> {
  const held = await writeGuarded(
    batch.map((append) => ({
      guard:
        Object.keys(append.listing).length === 0
          ? statements.held(append.matchId, append.owner)
          : db
              .updateTable("match_records")
              .set(append.listing)
              .where("id", "=", append.matchId)
              .where("owner", "=", append.owner)
              .compile(),
      writes: [statements.insert(append.row)],
    })),
  );
  return batch.map((append, i) => (held[i] ? null : new LeaseLostError(append.matchId)));
}

/**
 * PostgreSQL: a round trip costs a hop of the event loop, so a batch takes a few statements whatever its size.
 * Most batches change no listing: one statement then (`APPEND_HELD`). Otherwise a transaction: the tables
 * still held found and locked against a takeover until the commit, their actions in one insert, and the few
 * listing changes.
 */
async function appendOverNetwork(
  db: Kysely<RecordsDatabase>,
  prepared: NonNullable<OpenDatabase["prepared"]>,
  batch: readonly ActionAppend[],
): Promise<(Error | null)[]> {
  const owners = new Set(batch.map((a) => a.owner));
  if (owners.size === 1 && batch.every((a) => Object.keys(a.listing).length === 0)) {
    return appendInOneStatement(prepared, batch);
  }
  return db.transaction().execute(async (trx) => {
    const held = new Set<string>();
    for (const owner of owners) {
      const mine = batch.filter((a) => a.owner === owner);
      const rows = await trx
        .selectFrom("match_records")
        .select("id")
        .where("id", "in", [...new Set(mine.map((a) => a.matchId))])
        .where("owner", "=", owner)
        .forShare()
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

/**
 * One process's batch that changes no listing, in one statement (atomic on its own, so without the four round
 * trips of a transaction): the tables this process still holds, locked against a takeover until it commits,
 * and their actions inserted from one array per column. Prepared once per connection, so that the database
 * does not parse and plan it again for every batch.
 */
const APPEND_HELD: NamedStatement = {
  name: "append-held-actions",
  text: `
    with held as (
      select id from match_records
      where id = any($1::text[]) and owner = $2
      for share
    )
    insert into record_actions (match_id, seq, at, type, action, played, trace)
    select r.match_id, r.seq, r.at, r.type, r.action, r.played, r.trace
    from unnest(
      $3::text[], $4::integer[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::bytea[]
    ) as r(match_id, seq, at, type, action, played, trace)
    where r.match_id in (select id from held)
    returning match_id`,
};

async function appendInOneStatement(
  prepared: NonNullable<OpenDatabase["prepared"]>,
  batch: readonly ActionAppend[],
): Promise<(Error | null)[]> {
  const owner = batch[0]!.owner;
  const ids = [...new Set(batch.map((a) => a.matchId))];
  // One array per column, in the order the statement's unnest takes them.
  const columns = ACTION_COLUMNS.map((key) => batch.map((a) => a.row[key] ?? null));
  const inserted = await prepared<{ match_id: string }>(APPEND_HELD, [ids, owner, ...columns]);
  const held = new Set(inserted.map((row) => row.match_id));
  return batch.map((a) => (held.has(a.matchId) ? null : new LeaseLostError(a.matchId)));
}
