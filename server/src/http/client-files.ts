import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Application } from "express";

/**
 * Serves the built web client. Invite links (`/t/<code>`), the practice table (`/practice`, its position in
 * the address's fragment, which never reaches the server), a player's profile (`/p/<id>`) and the
 * leaderboard (`/leaders`) are client routes, so they get index.html.
 * Vite's assets have content hashes in their names and are cached for a year; index.html is revalidated
 * on every load, so a redeploy reaches players at once. Without a build the routes answer 503 with a hint
 * rather than a bare 404.
 */
const CLIENT_ROUTES = ["/t/:code", "/practice", "/p/:id", "/leaders"];

export function mountClientFiles(app: Application, clientDist: string): void {
  const index = join(clientDist, "index.html");
  if (!existsSync(index)) {
    app.get(["/", ...CLIENT_ROUTES], (_req, res) => {
      res.status(503).type("text/plain").send("The web client is not built: run `pnpm build` (or `pnpm start`).");
    });
    return;
  }
  app.use(
    express.static(clientDist, {
      index: "index.html",
      setHeaders: (res, path) => {
        const hashed = path.includes(`${join(clientDist, "assets")}`);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    }),
  );
  app.get(CLIENT_ROUTES, (_req, res) => res.setHeader("Cache-Control", "no-cache").sendFile(index));
}
