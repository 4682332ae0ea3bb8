import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { describeIssue, type HttpErrorCode, readUntrusted } from "@habibka/shared/protocol";
import { parseCookie } from "cookie";
import type { NextFunction, Request, Response } from "express";
import type { z } from "zod";
import { refuse } from "../http/http-refusals.ts";
import type { AccountLimitName, AccountLimits } from "../rate-limits.ts";
import { SESSION_COOKIE, SESSION_LIFETIME_MS, type Session, type Sessions } from "./sessions.ts";

/**
 * What every accounts route shares: the session cookie read and written, the site's own origin, the check
 * every change under `/api/` passes (a session, the site's Origin, the account's allowance), and bodies read
 * through the protocol's schemas. Every refusal is `{ error, message }` and changes nothing.
 */

export interface SiteOrigin {
  /** Whether an Origin header names the site itself. */
  accepts(origin: string | undefined): boolean;
  /** The relying party's id for passkeys (the site's host name) and the origins a passkey may be used at. */
  readonly rpId: () => string;
  readonly origins: () => string[];
}

/**
 * The site's origin: `PUBLIC_ORIGIN`, or by default `http://localhost:<port>`, where the loopback's other names
 * (127.0.0.1, [::1]) on the same port are the same site.
 */
export function siteOrigin(configured: string | undefined, port: () => number): SiteOrigin {
  const origins = () => {
    if (configured) return [new URL(configured).origin];
    const p = port();
    return [`http://localhost:${p}`, `http://127.0.0.1:${p}`, `http://[::1]:${p}`];
  };
  return {
    accepts: (origin) => origin !== undefined && origins().includes(origin),
    rpId: () => new URL(origins()[0]!).hostname,
    origins,
  };
}

/** The session token a request's cookie carries, if any. */
export function sessionToken(req: IncomingMessage): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  try {
    return parseCookie(header)[SESSION_COOKIE];
  } catch {
    return undefined;
  }
}

/** The request came over TLS: to this process, or to a proxy we trust that says so. */
function overTls(req: IncomingMessage, trustProxy: boolean): boolean {
  if ((req.socket as TLSSocket).encrypted) return true;
  return (
    trustProxy &&
    String(req.headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      ?.trim() === "https"
  );
}

export interface CookieWriter {
  set(req: Request, res: Response, token: string): void;
  clear(req: Request, res: Response): void;
}

export function cookieWriter(trustProxy: boolean): CookieWriter {
  const options = (req: Request) =>
    ({ httpOnly: true, sameSite: "lax", path: "/", secure: overTls(req, trustProxy) }) as const;
  return {
    set: (req, res, token) => res.cookie(SESSION_COOKIE, token, { ...options(req), maxAge: SESSION_LIFETIME_MS }),
    clear: (req, res) => res.clearCookie(SESSION_COOKIE, options(req)),
  };
}

/** The address the front door established for the request. */
export function addressOf(req: Request): string {
  const stamped = req.headers["x-real-ip"];
  return (Array.isArray(stamped) ? stamped[0] : stamped) ?? req.socket.remoteAddress ?? "unknown";
}

/** The session a request was found to have (set by `identify`). */
export function sessionOf(res: Response): Session | null {
  return (res.locals.session as Session | null | undefined) ?? null;
}

/** The session of a route that requires one (behind `guardWrites` or `requireSession`). */
export function signedIn(res: Response): Session {
  const session = sessionOf(res);
  if (!session) throw new Error("a signed-in route was reached without a session");
  return session;
}

/** Reads the request's session, if any, into `res.locals.session`. */
export function identify(sessions: Sessions) {
  return (req: Request, res: Response, next: NextFunction) => {
    sessions.find(sessionToken(req)).then((session) => {
      res.locals.session = session;
      next();
    }, next);
  };
}

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Every change under `/api/` (but the practice table's, which changes nothing and is open to any origin):
 * the session cookie (`401 no-session`), then the site's own Origin (`403 bad-origin`), then the account's
 * allowance of changes (`429`).
 */
export function guardWrites(origin: SiteOrigin, limits: AccountLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!WRITES.has(req.method) || req.path.startsWith("/practice/")) return next();
    const session = sessionOf(res);
    if (!session) {
      refuse(res, 401, "no-session", "this needs the session cookie: open the site first, which gives one");
      return;
    }
    if (!origin.accepts(req.headers.origin)) {
      refuse(res, 403, "bad-origin", "a change must come from the site's own pages (the Origin header)");
      return;
    }
    allowed(limits, "writes", session.accountId, res).then((ok) => ok && next(), next);
  };
}

/** Takes one of the key's allowance; refuses with `429 rate-limited` when it is spent. */
export async function allowed(
  limits: AccountLimits,
  name: AccountLimitName,
  key: string,
  res: Response,
): Promise<boolean> {
  const answer = await limits.take(name, key);
  if (answer.allowed) return true;
  refuse(res, 429, "rate-limited", "too many requests; try again shortly", {
    "Retry-After": String(answer.retryAfterSeconds),
  });
  return false;
}

/** The body read through its schema, or a `400` naming the field (null then: the answer is sent). */
export function readBody<T extends z.ZodType>(
  req: Request,
  res: Response,
  schema: T,
  code: HttpErrorCode = "bad-body",
): z.infer<T> | null {
  const read = readUntrusted(schema, req.body ?? {});
  if (read.ok) return read.value;
  refuse(res, 400, code, describeIssue(read.issue));
  return null;
}

/** An async route whose failure reaches the app's error handler (a 500 in JSON, logged). */
export function route(handler: (req: Request, res: Response) => Promise<void>) {
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch(next);
  };
}
