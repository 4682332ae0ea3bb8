import type { BallPosition } from "@habibka/shared/table";
import type { Kysely } from "kysely";
import type { StoredMatch } from "./record-reads.ts";
import type { RecordsDatabase } from "./records-schema.ts";

/**
 * The reader of matches written before matches were kept as their actions (tables `matches` and `shots`):
 * shown as they were stored, never folded or restored.
 */

/** A stroke as the old tables kept it: as it was announced, its request and verdict in whatever shape then. */
export interface LegacyShot {
  readonly kind: "shot" | "lag" | "clock";
  readonly number: number;
  readonly seat: number;
  readonly request: unknown;
  readonly before: readonly BallPosition[];
  readonly verdict: unknown;
  readonly events: readonly unknown[];
  readonly trace: Uint8Array;
  readonly duration: number;
  readonly at: number;
}

export async function legacyMatch(db: Kysely<RecordsDatabase>, id: string): Promise<StoredMatch | null> {
  const row = await db.selectFrom("matches").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const shots = await db.selectFrom("shots").selectAll().where("match_id", "=", id).orderBy("number").execute();
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
    legacyShots: shots.map((s) => ({
      kind: s.kind as LegacyShot["kind"],
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
