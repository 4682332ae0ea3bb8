import type { ComputerLevel } from "@habibka/shared/match";
import type { EngineName } from "@habibka/shared/physics";
import type { AnalysisPending, HttpErrorCode } from "@habibka/shared/protocol";
import type { Logger } from "../logger.ts";
import type { AddressLimits, AnalysisLimits } from "../rate-limits.ts";
import type { AnalysisKey } from "../records/analysis-queries.ts";
import type { MatchRecords } from "../records/match-records.ts";
import type { AnalysisRunner } from "./analysis-runner.ts";

/**
 * A finished match's analysis (docs/COMPUTER.md, "Analysis"), asked for over HTTP: computed once, on the
 * first request, by whichever process takes its lease in the database, in that process's low-priority
 * analysis processes (analysis-runner.ts), and kept with the record; every later request, in any process,
 * reads it back. While it waits or runs, the answer is its progress. Starting one is bounded three ways: the
 * runner's places (a full runner refuses), each address's starts (rate-limits.ts), and one analysis per
 * match and level however many ask.
 */

export type AnalysisAnswer =
  | { readonly kind: "done"; readonly analysis: string }
  | { readonly kind: "pending"; readonly pending: AnalysisPending }
  | {
      readonly kind: "refused";
      readonly status: number;
      readonly code: HttpErrorCode;
      readonly message: string;
      readonly retryAfterSeconds?: number;
    };

export interface MatchAnalysesServices {
  readonly records: MatchRecords;
  readonly runner: Pick<AnalysisRunner, "full" | "run" | "close">;
  readonly limits: AddressLimits;
  readonly settings: AnalysisLimits;
  readonly engine: EngineName;
  readonly logger: Logger;
  /** This process's name in the leases (Colyseus's process id). */
  readonly owner: () => string;
  readonly now?: () => number;
}

/** An analysis this process holds: waiting in its runner or running. */
interface LocalJob {
  status: "queued" | "running";
  done: number;
  total: number;
}

const keyOf = ({ matchId, level }: AnalysisKey) => `${matchId}/${level}`;

export class MatchAnalyses {
  readonly #services: MatchAnalysesServices;
  readonly #now: () => number;
  readonly #local = new Map<string, { key: AnalysisKey; job: LocalJob }>();
  readonly #renewal: NodeJS.Timeout;
  #closing = false;

  constructor(services: MatchAnalysesServices) {
    this.#services = services;
    this.#now = services.now ?? Date.now;
    this.#renewal = setInterval(() => void this.#renew(), services.settings.renewEveryMs);
    this.#renewal.unref();
  }

  /** The analysis of a match at a level: done, under way, or why not; starting it when nobody has. */
  async request(matchId: string, level: ComputerLevel, address: string): Promise<AnalysisAnswer> {
    if (this.#closing)
      return refused(503, "analysis-busy", "the server is stopping; ask again in a moment", { retryAfterSeconds: 5 });
    const key: AnalysisKey = { matchId, level };
    const local = this.#local.get(keyOf(key));
    if (local) return pending(local.job);
    const { records } = this.#services;
    const row = await records.analyses.read(key);
    if (row?.status === "done" && row.analysis !== null) return { kind: "done", analysis: row.analysis };
    const now = this.#now();
    if (row && row.leaseUntil !== null && row.leaseUntil >= now) {
      if (row.status === "failed") {
        return refused(500, "analysis-failed", "the analysis of this match failed; it will be tried again later", {
          retryAfterSeconds: Math.ceil((row.leaseUntil - now) / 1000),
        });
      }
      return pending({ status: row.status === "running" ? "running" : "queued", done: row.done, total: row.total });
    }
    return this.#start(key, address);
  }

  /** Stops every analysis of this process and gives up its leases, so another process may take them now. */
  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#renewal);
    await this.#services.runner.close();
    this.#local.clear();
    await this.#services.records.analyses.release(this.#services.owner(), this.#now());
  }

  async #start(key: AnalysisKey, address: string): Promise<AnalysisAnswer> {
    const { runner, limits, settings, records, logger } = this.#services;
    // A full runner refuses before anything is read: a flood of requests costs no more than that.
    if (runner.full) {
      return refused(503, "analysis-busy", "the server is analysing as many matches as it takes; try again later", {
        retryAfterSeconds: settings.busyRetrySeconds,
      });
    }
    // The record as stored, not folded: the analysis process folds it (and fails on one that does not fold),
    // so the event loop never judges a whole match for a request.
    const match = await records.getMatch(key.matchId);
    if (!match) return refused(404, "not-found", "no match with this id");
    if (!match.result) {
      return refused(409, "not-finished", "the match is not over yet: it is analysed once it is finished");
    }
    const { record } = match;
    if (!record) return refused(404, "no-analysis", "this match was recorded before its strokes could be analysed");
    const allowance = await limits.take("analyses", address);
    if (!allowance.allowed) {
      return refused(429, "too-many-analyses", "this address has asked for many analyses lately; try again later", {
        retryAfterSeconds: allowance.retryAfterSeconds,
      });
    }
    const total = record.actions.filter(({ played }) => played?.kind === "shot" && played.seat !== -1).length;
    const now = this.#now();
    const owner = this.#services.owner();
    const claimed = await records.analyses.claim(key, { owner, until: now + settings.leaseMs, total, now });
    if (!claimed) {
      // Another process took it a moment ago: its progress is the answer.
      const row = await records.analyses.read(key);
      if (row?.status === "done" && row.analysis !== null) return { kind: "done", analysis: row.analysis };
      return pending({ status: "queued", done: row?.done ?? 0, total: row?.total ?? total });
    }
    const job: LocalJob = { status: "queued", done: 0, total };
    const started = runner.run(
      { matchId: key.matchId, record, level: key.level as ComputerLevel, engine: this.#services.engine },
      {
        started: () => {
          job.status = "running";
        },
        progress: (done, of) => {
          job.done = done;
          job.total = of;
        },
      },
    );
    if (!started) {
      // The runner filled between the check and the claim: give the lease back at once.
      await records.analyses.fail(key, owner, { error: "not started: the runner was full", retryAt: now, now });
      return refused(503, "analysis-busy", "the server is analysing as many matches as it takes; try again later", {
        retryAfterSeconds: settings.busyRetrySeconds,
      });
    }
    this.#local.set(keyOf(key), { key, job });
    logger.info({ matchId: key.matchId, level: key.level, strokes: total }, "analysis queued");
    void started
      .then(
        async (analysis) => {
          const kept = await records.analyses.finish(key, owner, {
            analysis: JSON.stringify(analysis),
            total: analysis.shots.length,
            now: this.#now(),
          });
          if (!kept) logger.warn({ matchId: key.matchId }, "an analysis finished after another process took it");
          else logger.info({ matchId: key.matchId, level: key.level }, "analysis done");
        },
        async (error: Error) => {
          // Stopped by a shutdown, it is given back below for another process, not failed.
          if (this.#closing) return;
          logger.error({ matchId: key.matchId, level: key.level, err: error }, "an analysis failed");
          const at = this.#now();
          await records.analyses.fail(key, owner, {
            error: error.message,
            retryAt: at + settings.failedRetryMs,
            now: at,
          });
        },
      )
      .catch((error: unknown) => logger.error({ err: error, matchId: key.matchId }, "could not keep an analysis"))
      .finally(() => this.#local.delete(keyOf(key)));
    return pending(job);
  }

  /** Renews the lease of every analysis this process holds, with its progress for the other processes. */
  async #renew(): Promise<void> {
    const now = this.#now();
    const owner = this.#services.owner();
    for (const { key, job } of this.#local.values()) {
      try {
        const held = await this.#services.records.analyses.renew(key, {
          owner,
          until: now + this.#services.settings.leaseMs,
          ...job,
          now,
        });
        if (!held)
          this.#services.logger.warn({ matchId: key.matchId }, "an analysis's lease was taken by another process");
      } catch (error) {
        this.#services.logger.warn({ err: error, matchId: key.matchId }, "could not renew an analysis's lease");
      }
    }
  }
}

function pending(job: LocalJob): AnalysisAnswer {
  return { kind: "pending", pending: { status: job.status, progress: { done: job.done, total: job.total } } };
}

function refused(
  status: number,
  code: HttpErrorCode,
  message: string,
  extra: { retryAfterSeconds?: number } = {},
): AnalysisAnswer {
  return { kind: "refused", status, code, message, ...extra };
}
