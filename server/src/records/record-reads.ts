import type { ComputerLevel, MatchAction, MatchRecord, RecordedAction, RecordedStroke } from "@habibka/shared/match";
import type { Kysely } from "kysely";
import { type LegacyShot, legacyMatch } from "./legacy-matches.ts";
import type { RecordResult } from "./record-writes.ts";
import type { RecordsDatabase } from "./records-schema.ts";

/** Reading a match record back: the whole record (to restore or fold it), and one match as the API shows it. */

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
  /** The whole record, for a record kept as actions (its strokes come from its fold); null for one written before. */
  readonly record: MatchRecord | null;
  /** A match written before records were kept as actions: its strokes as stored. Empty for a record. */
  readonly legacyShots: readonly LegacyShot[];
}

/**
 * The whole record of a match kept as actions, or null. Rows are returned as stored, whatever the record's
 * format: the shared fold reads every format it knows (record.ts), so nothing is converted here.
 */
export async function loadRecord(db: Kysely<RecordsDatabase>, matchId: string): Promise<MatchRecord | null> {
  const row = await db.selectFrom("match_records").selectAll().where("id", "=", matchId).executeTakeFirst();
  if (!row) return null;
  const actions = await db
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
      const action: MatchAction = JSON.parse(a.action);
      if (a.played === null) return { at: Number(a.at), action };
      const stroke: Omit<RecordedStroke, "trace"> = JSON.parse(a.played);
      return { at: Number(a.at), action, played: { ...stroke, trace: a.trace ?? new Uint8Array() } };
    }),
  };
}

/** One match as the API shows it: kept as actions, or (older) as its shots. */
export async function storedMatch(db: Kysely<RecordsDatabase>, id: string): Promise<StoredMatch | null> {
  const record = await loadRecord(db, id);
  if (!record) return legacyMatch(db, id);
  const row = (await db.selectFrom("match_records").selectAll().where("id", "=", id).executeTakeFirst())!;
  const { settings } = record.header;
  return {
    id,
    code: row.code,
    visibility: row.visibility,
    opening: settings.opening,
    shotClock: settings.shotClock,
    opponent: settings.opponent ?? "person",
    level: settings.level ?? null,
    players: JSON.parse(row.players),
    startedAt: Number(row.created_at),
    result: row.result === null ? null : JSON.parse(row.result),
    record,
    legacyShots: [],
  };
}
