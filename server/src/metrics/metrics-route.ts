import { timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { refuse } from "../http/http-refusals.ts";
import type { GameMetrics } from "./game-metrics.ts";

/**
 * `GET /metrics`: the process's metrics for Prometheus. They tell the load and the tables of the server to
 * whoever reads them, so by default only this machine may (the address the front door established, which
 * behind the proxy is the player's, never the proxy's); with METRICS_TOKEN set, anyone presenting it as a
 * bearer token may, and nobody without it (docs/SECURITY.md). The route is rate-limited like every other
 * (rate-limits.ts, `metrics`).
 */
export function createMetricsHandler(metrics: GameMetrics, token: string | undefined) {
  return async (req: Request, res: Response) => {
    if (!(token === undefined ? fromThisMachine(req) : presents(req, token))) {
      refuse(
        res,
        403,
        "forbidden",
        token === undefined
          ? "the metrics are served to this machine only (set METRICS_TOKEN to read them from elsewhere)"
          : "the metrics need the bearer token METRICS_TOKEN",
      );
      return;
    }
    const { contentType, text } = await metrics.exposition();
    res.setHeader("Cache-Control", "no-store");
    res.type(contentType).send(text);
  };
}

/** The front door wrote the client's established address into X-Real-IP (front-door.ts). */
function fromThisMachine(req: Request): boolean {
  const address = req.headers["x-real-ip"];
  return typeof address === "string" && (/^(::ffff:)?127\./.test(address) || address === "::1");
}

function presents(req: Request, token: string): boolean {
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
