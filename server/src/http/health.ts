import { matchMaker } from "@colyseus/core";
import type { Request, Response } from "express";
import type { MatchRecords } from "../records/match-records.ts";
import type { RestoreReport } from "../records/restore.ts";
import { VERSION } from "../version.ts";

export interface HealthSources {
  readonly startedAt: number;
  readonly records: MatchRecords;
  readonly restored: () => RestoreReport;
  /** Where the lobby and the room listing live: this process's memory, or Redis shared with others. */
  readonly presence: "local" | "redis";
}

/**
 * `GET /healthz`: liveness for load balancers and the compose health check, and what an operator looks at
 * first (docs/OPERATIONS.md): the tables here, what start-up restored, and whether the records answer.
 */
export function createHealthHandler(sources: HealthSources) {
  return async (_req: Request, res: Response) => {
    const database = await sources.records.health();
    const restore = sources.restored();
    res.status(database.ok ? 200 : 503).json({
      status: database.ok ? "ok" : "degraded",
      version: VERSION,
      uptime: Math.round((Date.now() - sources.startedAt) / 1000),
      process: matchMaker.processId,
      presence: sources.presence,
      rooms: matchMaker.stats.local.roomCount,
      restored: restore.restored,
      unrestorable: restore.failed.length,
      database,
    });
  };
}
