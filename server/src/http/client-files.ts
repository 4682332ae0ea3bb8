import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Application } from "express";

/**
 * Serves the built web client. Invite links (`/t/<code>`) are client routes, so they get index.html.
 * Without a build the routes answer 503 with a hint rather than a bare 404.
 */
export function mountClientFiles(app: Application, clientDist: string): void {
  const index = join(clientDist, "index.html");
  if (!existsSync(index)) {
    app.get(["/", "/t/:code"], (_req, res) => {
      res.status(503).type("text/plain").send("The web client is not built: run `pnpm build` (or `pnpm start`).");
    });
    return;
  }
  app.use(express.static(clientDist, { index: "index.html", maxAge: "1h" }));
  app.get("/t/:code", (_req, res) => res.sendFile(index));
}
