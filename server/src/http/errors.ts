import type { Application, NextFunction, Request, Response } from "express";
import type { Logger } from "../logger.ts";

/**
 * The last handlers of the Express app: an unknown route and any error become a short JSON answer. Never a
 * stack trace or Express's HTML page, whatever NODE_ENV says: the defaults print both outside production.
 */
export function mountErrorHandlers(app: Application, logger: Logger): void {
  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: "not-found", message: "no such page" });
  });
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = statusOf(error);
    if (status >= 500) logger.error({ err: error, path: req.path }, "request failed");
    if (res.headersSent) {
      res.end();
      return;
    }
    const message = status === 400 ? "malformed request (check the address's %-escapes)" : "the server failed";
    res.status(status).json({ error: status === 400 ? "bad-request" : "internal", message });
  });
}

/** Express and its static files mark client errors (a malformed %-escape, a bad range) with a 4xx status. */
function statusOf(error: unknown): number {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}
