import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import express, { type Application } from "express";

/**
 * Serves the built web client. Invite links (`/t/<code>`), the practice table (`/practice`, its position in
 * the address's fragment, which never reaches the server), a player's profile (`/p/<id>`), the leaderboard
 * (`/leaders`) and a table played in the page without the server (`/local/<match id>`) are client routes, so
 * they get index.html. Without a build the routes answer 503 with a hint rather than a bare 404.
 *
 * Caching (docs/OPERATIONS.md, "The installed app and its service worker"): Vite's assets, and Workbox's own
 * script, have content hashes in their names and are cached for a year; everything else is revalidated on
 * every load (`no-cache`: a 304 when unchanged). That matters most for the service worker, `sw.js`, whose
 * copy in a browser decides which build an installed app runs: were it cached, a deploy would not reach
 * installed apps until the cache ran out. The browser checks it itself on every visit too, but never later
 * than the `Cache-Control` allows. The manifest goes out as `application/manifest+json`.
 */
const CLIENT_ROUTES = ["/t/:code", "/practice", "/p/:id", "/leaders", "/local/:id"];

/** Workbox's runtime beside sw.js, named by its content's hash. */
const HASHED_ROOT_FILE = /^workbox-[0-9a-f]{8}\.js(\.map)?$/;

export function mountClientFiles(app: Application, clientDist: string): void {
  const index = join(clientDist, "index.html");
  if (!existsSync(index)) {
    app.get(["/", ...CLIENT_ROUTES], (_req, res) => {
      res.status(503).type("text/plain").send("The web client is not built: run `pnpm build` (or `pnpm start`).");
    });
    return;
  }
  const assets = join(clientDist, "assets");
  app.use(
    express.static(clientDist, {
      index: "index.html",
      setHeaders: (res, path) => {
        const hashed = path.startsWith(assets) || HASHED_ROOT_FILE.test(basename(path));
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
        if (path.endsWith(".webmanifest")) res.setHeader("Content-Type", "application/manifest+json; charset=utf-8");
      },
    }),
  );
  app.get(CLIENT_ROUTES, (_req, res) => res.setHeader("Cache-Control", "no-cache").sendFile(index));
}
