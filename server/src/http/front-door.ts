import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import {
  CreateTableOptions,
  describeIssue,
  type HttpErrorCode,
  JoinTableOptions,
  readUntrusted,
  TABLE_CODE_PATTERN,
} from "@habibka/shared/protocol";
import { z } from "zod";
import type { Logger } from "../logger.ts";
import {
  ABANDONED_TABLE_SECONDS,
  type AddressLimitName,
  type AddressLimits,
  LOG_WARNINGS_PER_MINUTE,
  OFFLINE_MATCH_BODY_BYTES,
} from "../rate-limits.ts";
import { WAITING_PLACE_OPTION, type WaitingTables } from "../table/waiting-tables.ts";
import { ANY_ORIGIN, refuseAndClose, refuseOnSocket } from "./http-refusals.ts";
import { LogBudget } from "./log-budget.ts";
import { answerMatchmakingErrorsAsJson } from "./matchmaking-refusals.ts";

/**
 * Every HTTP request and WebSocket upgrade passes here before Colyseus or Express sees it. It fixes the
 * client's address (so no header can forge it), applies the per-address limits, refuses bodies over a few
 * kilobytes without reading them, and lets through only the matchmaking calls the game makes, with their
 * documented options. Whatever it refuses gets a JSON answer that says why, and nothing reaches a room.
 */

/**
 * The largest request body the game ever sends (create options are under 300 bytes, a practice shot about
 * 1.5 KB, a passkey's registration about 1 KB).
 */
export const MAX_BODY_BYTES = 4 * 1024;

/**
 * The header that carries a matchmaking request's account, from its session cookie, to the room: set here
 * and only here (whatever a client sends under this name is removed first), as the address is.
 */
export const ACCOUNT_HEADER = "x-habibka-account";

/** What the front door asks of the accounts and the tables for matchmaking. */
interface FrontDoorAccounts {
  /** The account a request's session cookie names, or null. */
  accountOf(req: IncomingMessage): Promise<string | null>;
  /** Whether the open table with this code is rated (its seats are for accounts only). */
  isRatedTable(code: string): Promise<boolean>;
}

export interface FrontDoorOptions {
  readonly limits: AddressLimits;
  /** Each address's tables waiting for an opponent: a person's new table takes a place among them. */
  readonly waitingTables: WaitingTables;
  readonly logger: Logger;
  /** Behind our reverse proxy: take the address it puts in X-Real-IP (or the last X-Forwarded-For hop). */
  readonly trustProxy: boolean;
  readonly accounts: FrontDoorAccounts;
  /** Hears of every create, join, reconnection or table WebSocket refused, with its code (the metrics). */
  readonly refusedJoin?: (code: HttpErrorCode) => void;
}

interface MatchmakingRoute {
  readonly method: string;
  /** What the path's last part (the room name, or the table code for joinById) must be. */
  readonly target: RegExp;
  readonly body: z.ZodType;
}

/** The only matchmaking the game does (docs/PROTOCOL.md); the lobby is created by the server, never over HTTP. */
const MATCHMAKING: readonly MatchmakingRoute[] = [
  { method: "create", target: /^habibka$/, body: CreateTableOptions },
  { method: "joinById", target: TABLE_CODE_PATTERN, body: JoinTableOptions.strict() },
  { method: "join", target: /^lobby$/, body: z.object({}).strict() },
  {
    method: "reconnect",
    target: /^[A-Za-z0-9_-]{1,40}$/,
    body: z.object({ reconnectionToken: z.string().max(64) }).strict(),
  },
];

const CORS = ANY_ORIGIN;

/**
 * Puts the front door before the server's request and upgrade handlers. Call it after Colyseus bound its
 * routes (after `listen`): it takes over the handlers that are there, and checks there is exactly one of each.
 */
export function installFrontDoor(server: Server, options: FrontDoorOptions): void {
  const onRequest = takeOnlyListener(server, "request") as (req: IncomingMessage, res: ServerResponse) => void;
  const onUpgrade = takeOnlyListener(server, "upgrade") as (req: IncomingMessage, socket: Duplex, head: Buffer) => void;
  const hangUps = new LogBudget(options.logger, LOG_WARNINGS_PER_MINUTE.hangUps, 60_000);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    admitRequest(req, res, options, hangUps).then(
      (admitted) => admitted && onRequest.call(server, req, res),
      (error: unknown) => failRequest(res, options.logger, error),
    );
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", destroySocket);
    admitUpgrade(req, socket, options).then(
      (admitted) => admitted && onUpgrade.call(server, req, socket, head),
      (error: unknown) => {
        options.logger.error({ err: error }, "front door failed on an upgrade");
        socket.destroy();
      },
    );
  });
}

/**
 * A socket's error listener for as long as the socket lives: a function of its own, because an arrow written
 * in the upgrade handler would share that handler's scope and keep its request and first bytes, about 2.5 KB
 * a connection, until the connection ends.
 */
function destroySocket(this: Duplex): void {
  this.destroy();
}

function takeOnlyListener(server: Server, event: "request" | "upgrade"): (...args: never[]) => void {
  const listeners = server.listeners(event);
  if (listeners.length !== 1) {
    throw new Error(`the front door expects one "${event}" handler on the HTTP server, found ${listeners.length}`);
  }
  server.removeAllListeners(event);
  return listeners[0] as (...args: never[]) => void;
}

/** The peer's address; behind a trusted proxy, the one the proxy reports. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const peer = req.socket.remoteAddress ?? "unknown";
  if (!trustProxy) return peer;
  const real = headerValue(req, "x-real-ip");
  if (real) return real.trim();
  const hops = headerValue(req, "x-forwarded-for")?.split(",") ?? [];
  return hops.at(-1)?.trim() || peer;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Colyseus reads the client's address from X-Real-IP or X-Forwarded-For, which a client can send itself:
 * rewrite them to the address we established, so every later reader sees the same, true one.
 */
function stampAddress(req: IncomingMessage, address: string): void {
  delete req.headers["x-forwarded-for"];
  delete req.headers["x-client-ip"];
  delete req.headers[ACCOUNT_HEADER];
  req.headers["x-real-ip"] = address;
}

/** The one route whose body may be longer than MAX_BODY_BYTES: a whole offline match (rate-limits.ts). */
const OFFLINE_MATCHES_PATH = "/api/offline-matches";

function bodyLimitFor(req: IncomingMessage): number {
  const path = (req.url ?? "/").split("?")[0]!.toLowerCase();
  return req.method === "POST" && path.replace(/\/$/, "") === OFFLINE_MATCHES_PATH
    ? OFFLINE_MATCH_BODY_BYTES
    : MAX_BODY_BYTES;
}

function limitFor(req: IncomingMessage): AddressLimitName {
  // Express matches routes whatever their case and with a trailing slash: so must the choice of limit.
  const path = (req.url ?? "/").split("?")[0]!.toLowerCase();
  if (path.startsWith("/matchmake/")) return "matchmaking";
  if (path.startsWith("/api/practice/hint")) return "practiceHints";
  if (path.startsWith("/api/practice/")) return "practiceShots";
  if (path.startsWith(OFFLINE_MATCHES_PATH)) return "offlineMatches";
  if (path.startsWith("/api/")) return "api";
  if (/^\/m\/[^/]+\/[^/]+\.png$/.test(path)) return "pictures";
  if (path === "/metrics" || path === "/metrics/") return "metrics";
  return "pages";
}

async function admitRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: FrontDoorOptions,
  hangUps: LogBudget,
): Promise<boolean> {
  const address = clientAddress(req, options.trustProxy);
  stampAddress(req, address);
  const limit = limitFor(req);
  const answer = await options.limits.take(limit, address);
  if (!answer.allowed) {
    if (limit === "matchmaking") options.refusedJoin?.("rate-limited");
    refuseAndClose(res, 429, "rate-limited", "too many requests from this address; try again shortly", {
      ...CORS,
      "Retry-After": String(answer.retryAfterSeconds),
    });
    return false;
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  const bodyLimit = bodyLimitFor(req);
  if (!Number.isFinite(declared) || declared > bodyLimit) {
    refuseAndClose(res, 413, "body-too-large", `a request body may be at most ${bodyLimit} bytes`, CORS);
    return false;
  }
  const path = (req.url ?? "/").split("?")[0]!;
  if (!path.startsWith("/matchmake/") || req.method === "OPTIONS") return true;
  return admitMatchmaking(req, res, path, {
    address,
    waitingTables: options.waitingTables,
    hangUps,
    accounts: options.accounts,
    refused: options.refusedJoin ?? (() => undefined),
  });
}

interface MatchmakingContext {
  readonly address: string;
  readonly waitingTables: WaitingTables;
  readonly hangUps: LogBudget;
  readonly accounts: FrontDoorAccounts;
  /** Hears of each matchmaking call refused, with its code (the metrics). */
  readonly refused: (code: HttpErrorCode) => void;
}

async function admitMatchmaking(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: MatchmakingContext,
): Promise<boolean> {
  const [, , method, target, ...rest] = path.split("/");
  const route = MATCHMAKING.find((r) => r.method === method);
  if (req.method !== "POST" || !route || target === undefined || rest.length > 0 || !route.target.test(target)) {
    context.refused("not-found");
    refuseAndClose(
      res,
      404,
      "not-found",
      "no such matchmaking call: the game creates habibka tables and joins them by code",
      CORS,
    );
    return false;
  }
  const raw = await readBody(req);
  if (raw === "hung-up") {
    context.hangUps.warn({ method, bytes: req.socket.bytesRead }, "a client hung up before its request body arrived");
    return false;
  }
  if (raw === "too-large") {
    context.refused("body-too-large");
    refuseAndClose(res, 413, "body-too-large", `a request body may be at most ${MAX_BODY_BYTES} bytes`, CORS);
    return false;
  }
  let body: unknown;
  try {
    body = raw.length === 0 ? {} : JSON.parse(raw.toString("utf8"));
  } catch {
    context.refused("bad-json");
    refuseAndClose(res, 400, "bad-json", "the request body is not JSON", CORS);
    return false;
  }
  const checked = readUntrusted(route.body, body);
  if (!checked.ok) {
    context.refused("bad-options");
    refuseAndClose(res, 400, "bad-options", describeIssue(checked.issue), CORS);
    return false;
  }
  const account = await context.accounts.accountOf(req);
  if (account) req.headers[ACCOUNT_HEADER] = account;
  else if (await needsAccount(method ?? "", target ?? "", checked.value, context.accounts)) {
    context.refused("account-required");
    refuseAndClose(
      res,
      401,
      "account-required",
      "a seat at a rated table is for a player with an account: open the site first, then come with its cookie",
      CORS,
    );
    return false;
  }
  let admitted = body;
  if (method === "create" && (checked.value as CreateTableOptions).opponent === "person") {
    const place = await context.waitingTables.claim(context.address);
    if (!place) {
      context.refused("too-many-waiting-tables");
      const minutes = Math.ceil(ABANDONED_TABLE_SECONDS / 60);
      refuseAndClose(
        res,
        429,
        "too-many-waiting-tables",
        `this address already has ${context.waitingTables.limit} tables waiting for an opponent: play at one of them ` +
          `first (a table nobody is at closes within ${minutes} minutes)`,
        CORS,
        { limit: context.waitingTables.limit },
      );
      return false;
    }
    // The table holds its place from now on; a create that failed gives it back (table/waiting-tables.ts).
    res.once("finish", () => {
      if (res.statusCode >= 300) void context.waitingTables.release(place).catch(() => undefined);
    });
    admitted = { ...(body as object), [WAITING_PLACE_OPTION]: place };
  }
  // Colyseus's router takes a body already read from `req.body` instead of reading the stream again.
  (req as IncomingMessage & { body?: unknown }).body = admitted;
  answerMatchmakingErrorsAsJson(res, route.method, target, context.refused);
  return true;
}

/**
 * Whether a matchmaking call without an account asks for what only an account may have: a rated table of
 * its own, or a seat at one (a watcher needs none; the table refuses a seat too, should it become rated
 * between this look and the join).
 */
async function needsAccount(
  method: string,
  target: string,
  options: unknown,
  accounts: FrontDoorAccounts,
): Promise<boolean> {
  if (method === "create") return (options as CreateTableOptions).rated;
  if (method !== "joinById") return false;
  const join = options as { readonly watch?: boolean; readonly seatToken?: string };
  return !join.watch && join.seatToken === undefined && (await accounts.isRatedTable(target));
}

/**
 * The body; "too-large" when it grows past the limit (the rest is never read); "hung-up" when the client
 * went away first, or stalled until the server's request timeout cut it (http-server.ts).
 */
function readBody(req: IncomingMessage): Promise<Buffer | "too-large" | "hung-up"> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.pause();
        resolve("too-large");
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    // Whichever comes first settles it; the later ones change nothing.
    req.on("error", () => resolve("hung-up"));
    req.on("close", () => resolve(req.complete ? Buffer.concat(chunks) : "hung-up"));
  });
}

function failRequest(res: ServerResponse, logger: Logger, error: unknown): void {
  logger.error({ err: error }, "front door failed on a request");
  refuseAndClose(res, 500, "internal", "the server could not handle this request", CORS);
}

async function admitUpgrade(req: IncomingMessage, socket: Duplex, options: FrontDoorOptions): Promise<boolean> {
  const address = clientAddress(req, options.trustProxy);
  stampAddress(req, address);
  const answer = await options.limits.take("upgrades", address);
  if (answer.allowed) return true;
  options.refusedJoin?.("rate-limited");
  refuseOnSocket(
    socket,
    {
      status: 429,
      reason: "Too Many Requests",
      code: "rate-limited",
      message: "too many connections from this address",
    },
    { "Retry-After": String(answer.retryAfterSeconds) },
  );
  return false;
}
