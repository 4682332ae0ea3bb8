import type { Kysely } from "kysely";
import type { MatchAnalysesTable, RecordsDatabase } from "./records-schema.ts";

/**
 * The analyses kept with the match records (server/src/analysis/): which process computes a match's analysis
 * at a level, how far it has got, and the document once it is done. The database, not a process, says what is
 * done, and a lease says who is at work: of several processes asked at once, exactly one takes it, and should
 * that one stop, its lease runs out and another may take the analysis up again.
 */

export interface AnalysisRow {
  readonly status: MatchAnalysesTable["status"];
  readonly done: number;
  readonly total: number;
  readonly owner: string | null;
  /** Epoch ms; for a failed analysis, when it may be tried again. */
  readonly leaseUntil: number | null;
  /** The document's JSON, once done. */
  readonly analysis: string | null;
}

export interface AnalysisKey {
  readonly matchId: string;
  readonly level: string;
}

export class AnalysisRecords {
  readonly #db: Kysely<RecordsDatabase>;

  constructor(db: Kysely<RecordsDatabase>) {
    this.#db = db;
  }

  async read(key: AnalysisKey): Promise<AnalysisRow | null> {
    const row = await this.#db
      .selectFrom("match_analyses")
      .select(["status", "done", "total", "owner", "lease_until", "analysis"])
      .where("match_id", "=", key.matchId)
      .where("level", "=", key.level)
      .executeTakeFirst();
    if (!row) return null;
    return {
      status: row.status,
      done: Number(row.done),
      total: Number(row.total),
      owner: row.owner,
      leaseUntil: row.lease_until === null ? null : Number(row.lease_until),
      analysis: row.analysis,
    };
  }

  /**
   * Takes the analysis for `owner`, queued with `total` strokes to analyse: a new one, or one whose lease ran
   * out (its process stopped) or whose failure has waited long enough. Never one that is done. Resolves with
   * whether this owner has it now; of two processes taking it at once exactly one does.
   */
  async claim(
    key: AnalysisKey,
    claim: { readonly owner: string; readonly until: number; readonly total: number; readonly now: number },
  ): Promise<boolean> {
    const queued = {
      status: "queued" as const,
      done: 0,
      total: claim.total,
      owner: claim.owner,
      lease_until: claim.until,
      analysis: null,
      error: null,
      updated_at: claim.now,
    };
    const rows = await this.#db
      .insertInto("match_analyses")
      .values({ match_id: key.matchId, level: key.level, ...queued })
      .onConflict((conflict) =>
        conflict
          .columns(["match_id", "level"])
          .doUpdateSet(queued)
          .where("match_analyses.status", "!=", "done")
          .where("match_analyses.lease_until", "<", claim.now),
      )
      .returning(["owner", "lease_until"])
      .execute();
    return rows.some((row) => row.owner === claim.owner && Number(row.lease_until) === claim.until);
  }

  /** Renews the lease on an analysis this owner holds, with its progress; resolves with whether it still holds it. */
  async renew(
    key: AnalysisKey,
    renewal: {
      readonly owner: string;
      readonly until: number;
      readonly status: "queued" | "running";
      readonly done: number;
      readonly total: number;
      readonly now: number;
    },
  ): Promise<boolean> {
    const [result] = await this.#db
      .updateTable("match_analyses")
      .set({
        status: renewal.status,
        done: renewal.done,
        total: renewal.total,
        lease_until: renewal.until,
        updated_at: renewal.now,
      })
      .where("match_id", "=", key.matchId)
      .where("level", "=", key.level)
      .where("owner", "=", renewal.owner)
      // A failure or the document written meanwhile stands.
      .where("status", "in", ["queued", "running"])
      .execute();
    return Number(result?.numUpdatedRows ?? 0) === 1;
  }

  /** Keeps the finished document, if this owner still holds the analysis. */
  async finish(
    key: AnalysisKey,
    owner: string,
    result: { readonly analysis: string; readonly total: number; readonly now: number },
  ): Promise<boolean> {
    const [written] = await this.#db
      .updateTable("match_analyses")
      .set({
        status: "done",
        done: result.total,
        total: result.total,
        owner: null,
        lease_until: null,
        analysis: result.analysis,
        error: null,
        updated_at: result.now,
      })
      .where("match_id", "=", key.matchId)
      .where("level", "=", key.level)
      .where("owner", "=", owner)
      .where("status", "!=", "done")
      .execute();
    return Number(written?.numUpdatedRows ?? 0) === 1;
  }

  /** Marks the analysis failed until `retryAt`, when a request may take it again. */
  async fail(
    key: AnalysisKey,
    owner: string,
    failure: { readonly error: string; readonly retryAt: number; readonly now: number },
  ): Promise<void> {
    await this.#db
      .updateTable("match_analyses")
      .set({
        status: "failed",
        error: failure.error.slice(0, 500),
        lease_until: failure.retryAt,
        updated_at: failure.now,
      })
      .where("match_id", "=", key.matchId)
      .where("level", "=", key.level)
      .where("owner", "=", owner)
      .where("status", "!=", "done")
      .execute();
  }

  /** Gives up the analyses this owner holds and has not finished (a process stopping): another may take them now. */
  async release(owner: string, now: number): Promise<void> {
    await this.#db
      .updateTable("match_analyses")
      .set({ lease_until: now - 1, updated_at: now })
      .where("owner", "=", owner)
      .where("status", "in", ["queued", "running"])
      .execute();
  }
}
