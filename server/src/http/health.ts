import { matchMaker } from "@colyseus/core";
import type { Request, Response } from "express";
import { VERSION } from "../version.ts";

/** `GET /healthz`: liveness for load balancers and the compose health check. */
export function createHealthHandler(startedAt: number) {
  return (_req: Request, res: Response) => {
    res.json({
      status: "ok",
      version: VERSION,
      uptime: Math.round((Date.now() - startedAt) / 1000),
      rooms: matchMaker.stats.local.roomCount,
    });
  };
}
