import type { Application, NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.ts";
import { refuse } from "./http-refusals.ts";

/**
 * The last handlers of the Express app: an unknown route and any error become a short JSON answer. Never a
 * stack trace or Express's HTML page, whatever NODE_ENV says: the defaults print both outside production.
 */
export function mountErrorHandlers(app: Application, logger: Logger): void {
  app.use((_req: Request, res: Response) => {
    refuse(res, 404, "not-found", "no such page");
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = statusOf(error);
    if (status >= 500) logger.error({ err: error, path: req.path }, "request failed");
    if (res.headersSent) {
      res.end();
      return;
    }
    if (status === 400) refuse(res, status, "bad-request", "malformed request (check the address's %-escapes)");
    else refuse(res, status, "internal", "the server failed");
  });
}

/** Express and its static files mark client errors (a malformed %-escape, a bad range) with a 4xx status. */
function statusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
