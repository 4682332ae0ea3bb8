import express, { type Router } from "express";
import { MAX_BODY_BYTES } from "../http/front-door.ts";
import { refuseUnreadableBodies } from "../http/http-refusals.ts";
import { cookieWriter, guardWrites, identify } from "./account-http.ts";
import type { Accounts } from "./accounts.ts";
import { meRoutes } from "./me-routes.ts";
import { socialRoutes } from "./social-routes.ts";

/**
 * The accounts' HTTP routes, mounted on `/api` before every other API: each request's session is read
 * first, and every change under `/api/` (the practice table's excepted) is checked here for its session and
 * its Origin, whichever route then answers it. Requests for other APIs pass on.
 */
export function createAccountsRouter(accounts: Accounts, options: { readonly trustProxy: boolean }): Router {
  const router = express.Router({ caseSensitive: true, strict: true });
  const cookies = cookieWriter(options.trustProxy);
  router.use(identify(accounts.sessions));
  router.use(guardWrites(accounts.origin, accounts.limits));
  router.use(express.json({ limit: MAX_BODY_BYTES, strict: true }));
  router.use(meRoutes(accounts, cookies));
  router.use(socialRoutes(accounts));
  router.use(refuseUnreadableBodies(MAX_BODY_BYTES));
  return router;
}
