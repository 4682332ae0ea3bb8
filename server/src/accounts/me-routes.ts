import { PasskeyRegistration, PasskeySignIn, RenameRequest } from "@habibka/shared/protocol";
import { type Response, Router } from "express";
import { refuse } from "../http/http-refusals.ts";
import {
  addressOf,
  allowed,
  type CookieWriter,
  readBody,
  route,
  sessionOf,
  sessionToken,
  signedIn,
} from "./account-http.ts";
import type { Accounts } from "./accounts.ts";
import { PasskeyRefusal } from "./passkeys.ts";

/**
 * The signed-in browser's own routes (docs/PROTOCOL.md, "Accounts"): who he is (`/me`, made on the first
 * visit), his name, signing out here or everywhere, his live events, and his passkeys: registering one,
 * listing and removing them, and signing in with one on another device.
 */
export function meRoutes(accounts: Accounts, cookies: CookieWriter): Router {
  const router = Router({ caseSensitive: true, strict: true });

  router.get(
    "/me",
    route(async (req, res) => {
      let session = sessionOf(res);
      if (session && !(await accounts.store.exists(session.accountId))) session = null;
      if (!session) {
        if (!(await allowed(accounts.limits, "newAccounts", addressOf(req), res))) return;
        const account = await accounts.store.create();
        const started = await accounts.sessions.start(account.id);
        cookies.set(req, res, started.token);
        session = started.session;
      } else if (accounts.sessions.dueForRenewal(session)) {
        session = await accounts.sessions.renew(session);
        cookies.set(req, res, sessionToken(req)!);
      }
      res.setHeader("Cache-Control", "no-store");
      res.json(await accounts.me(session.accountId));
    }),
  );

  router.patch(
    "/me",
    route(async (req, res) => {
      const body = readBody(req, res, RenameRequest, "bad-name");
      if (!body) return;
      const { accountId } = signedIn(res);
      await accounts.store.rename(accountId, body.name);
      res.json(await accounts.me(accountId));
    }),
  );

  router.post(
    "/me/sign-out",
    route(async (req, res) => {
      const session = signedIn(res);
      await accounts.sessions.end(session);
      accounts.events.publish(session.accountId, { type: "revoked", tokenHash: session.tokenHash });
      cookies.clear(req, res);
      res.status(204).end();
    }),
  );

  router.post(
    "/me/sign-out-everywhere",
    route(async (req, res) => {
      const { accountId } = signedIn(res);
      await accounts.sessions.endAll(accountId);
      accounts.events.publish(accountId, { type: "revoked" });
      cookies.clear(req, res);
      res.status(204).end();
    }),
  );

  router.get(
    "/me/events",
    route(async (req, res) => {
      const session = requireSession(res);
      if (!session) return;
      const address = addressOf(req);
      if (!accounts.events.admits(session.accountId, address)) {
        refuse(res, 429, "too-many-streams", "too many live event streams are open for this account or address");
        return;
      }
      await accounts.events.open(req, res, { accountId: session.accountId, tokenHash: session.tokenHash, address });
    }),
  );

  mountPasskeys(router, accounts, cookies);
  return router;
}

function mountPasskeys(router: Router, accounts: Accounts, cookies: CookieWriter): void {
  router.post(
    "/passkeys/registration",
    route(async (_req, res) => {
      const account = await accounts.store.get(signedIn(res).accountId);
      if (!account) throw new Error("a session without its account");
      res.json(await accounts.passkeys.registrationOptions(account));
    }),
  );

  router.post(
    "/passkeys",
    route(async (req, res) => {
      const body = readBody(req, res, PasskeyRegistration);
      if (!body) return;
      await answerPasskey(res, async () => {
        const passkeys = await accounts.passkeys.register(signedIn(res).accountId, body.response);
        res.status(201).json({ passkeys });
      });
    }),
  );

  router.get(
    "/passkeys",
    route(async (_req, res) => {
      const session = requireSession(res);
      if (!session) return;
      res.json({ passkeys: await accounts.passkeys.list(session.accountId) });
    }),
  );

  router.delete(
    "/passkeys/:id",
    route(async (req, res) => {
      if (!(await accounts.passkeys.remove(signedIn(res).accountId, String(req.params.id)))) {
        refuse(res, 404, "no-such-passkey", "this account has no passkey with that id");
        return;
      }
      res.status(204).end();
    }),
  );

  router.post(
    "/passkeys/authentication",
    route(async (req, res) => {
      if (!(await allowed(accounts.limits, "passkeySignIns", addressOf(req), res))) return;
      res.json(await accounts.passkeys.authenticationOptions());
    }),
  );

  router.post(
    "/passkeys/sign-in",
    route(async (req, res) => {
      if (!(await allowed(accounts.limits, "passkeySignIns", addressOf(req), res))) return;
      const body = readBody(req, res, PasskeySignIn);
      if (!body) return;
      await answerPasskey(res, async () => {
        const accountId = await accounts.passkeys.signIn(body.response);
        // The account this browser had until now is left as it was; the browser's cookie is now the passkey's.
        const { token } = await accounts.sessions.start(accountId);
        cookies.set(req, res, token);
        res.json(await accounts.me(accountId));
      });
    }),
  );
}

/** A passkey ceremony's answer: a refusal of the passkey itself is `400 passkey-refused`, saying why. */
async function answerPasskey(res: Response, answer: () => Promise<void>): Promise<void> {
  try {
    await answer();
  } catch (cause) {
    if (!(cause instanceof PasskeyRefusal)) throw cause;
    refuse(res, 400, "passkey-refused", cause.message);
  }
}

/** A reading route that is about the signed-in account: `401 no-session` without one. */
export function requireSession(res: Response) {
  const session = sessionOf(res);
  if (!session) refuse(res, 401, "no-session", "this needs the session cookie: open the site first, which gives one");
  return session;
}
