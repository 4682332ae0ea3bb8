import { monitorEventLoopDelay } from "node:perf_hooks";
import { matchMaker } from "@colyseus/core";
import type { EngineName } from "@habibka/shared/physics";
import type { Request, Response } from "express";
import type { LiveHeap } from "../metrics/live-heap.ts";
import type { MatchRecords } from "../records/match-records.ts";
import type { RestoreReport } from "../records/restore.ts";
import { VERSION } from "../version.ts";

export interface HealthSources {
  readonly startedAt: number;
  readonly records: MatchRecords;
  readonly restored: () => RestoreReport;
  /** Where the lobby and the room listing live: this process's memory, or Redis shared with others. */
  readonly presence: "local" | "redis";
  /** The physics engine the shots are simulated on (PHYSICS_ENGINE). */
  readonly physicsEngine: EngineName;
  readonly liveHeap: LiveHeap;
}

/**
 * `GET /healthz`: liveness for load balancers and the compose health check, and what an operator looks at
 * first (docs/OPERATIONS.md): the tables here, what start-up restored, whether the records answer, and how
 * long the event loop was held up since the last look, and the process's memory (resident, and what its heap
 * keeps alive).
 */
export function createHealthHandler(sources: HealthSources) {
  // How long the event loop was held up since the last look: what a load test reads as the server's stalls.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  return async (_req: Request, res: Response) => {
    const database = await sources.records.health();
    const restore = sources.restored();
    const loop = { p99Ms: round(delay.percentile(99) / 1e6), maxMs: round(delay.max / 1e6) };
    delay.reset();
    const live = sources.liveHeap.bytes();
    res.status(database.ok ? 200 : 503).json({
      status: database.ok ? "ok" : "degraded",
      version: VERSION,
      uptime: Math.round((Date.now() - sources.startedAt) / 1000),
      process: matchMaker.processId,
      presence: sources.presence,
      rooms: matchMaker.stats.local.roomCount,
      physicsEngine: sources.physicsEngine,
      restored: restore.restored,
      unrestorable: restore.failed.length,
      database,
      loop,
      memory: {
        rssMb: round(process.memoryUsage.rss() / 2 ** 20),
        liveHeapMb: live === null ? null : round(live / 2 ** 20),
        fullCollections: sources.liveHeap.collections(),
      },
    });
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
