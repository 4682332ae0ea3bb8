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
} from "../rate-limits.ts";
import { WAITING_PLACE_OPTION, type WaitingTables } from "../table/waiting-tables.ts";
import { refusalBody, refuseAndClose, refuseOnSocket } from "./http-refusals.ts";
import { LogBudget } from "./log-budget.ts";

/**
 * Every HTTP request and WebSocket upgrade passes here before Colyseus or Express sees it. It fixes the
 * client's address (so no header can forge it), applies the per-address limits, refuses bodies over a few
 * kilobytes without reading them, and lets through only the matchmaking calls the game makes, with their
 * documented options. Whatever it refuses gets a JSON answer that says why, and nothing reaches a room.
 */

/** The largest request body the game ever sends (create options are under 300 bytes, a practice shot about 1.5 KB). */
export const MAX_BODY_BYTES = 4 * 1024;

export interface FrontDoorOptions {
  readonly limits: AddressLimits;
  /** Each address's tables waiting for an opponent: a person's new table takes a place among them. */
  readonly waitingTables: WaitingTables;
  readonly logger: Logger;
  /** Behind our reverse proxy: take the address it puts in X-Real-IP (or the last X-Forwarded-For hop). */
  readonly trustProxy: boolean;
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

const CORS = { "Access-Control-Allow-Origin": "*" };

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
    socket.on("error", () => socket.destroy());
    admitUpgrade(req, socket, options).then(
      (admitted) => admitted && onUpgrade.call(server, req, socket, head),
      (error: unknown) => {
        options.logger.error({ err: error }, "front door failed on an upgrade");
        socket.destroy();
      },
    );
  });
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
  req.headers["x-real-ip"] = address;
}

function limitFor(req: IncomingMessage): AddressLimitName {
  // Express matches routes whatever their case and with a trailing slash: so must the choice of limit.
  const path = (req.url ?? "/").split("?")[0]!.toLowerCase();
  if (path.startsWith("/matchmake/")) return "matchmaking";
  if (path.startsWith("/api/practice/hint")) return "practiceHints";
  if (path.startsWith("/api/practice/")) return "practiceShots";
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
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) {
    refuseAndClose(res, 413, "body-too-large", `a request body may be at most ${MAX_BODY_BYTES} bytes`, CORS);
    return false;
  }
  const path = (req.url ?? "/").split("?")[0]!;
  if (!path.startsWith("/matchmake/") || req.method === "OPTIONS") return true;
  return admitMatchmaking(req, res, path, {
    address,
    waitingTables: options.waitingTables,
    hangUps,
    refused: options.refusedJoin ?? (() => undefined),
  });
}

async function admitMatchmaking(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  context: {
    readonly address: string;
    readonly waitingTables: WaitingTables;
    readonly hangUps: LogBudget;
    readonly refused: (code: HttpErrorCode) => void;
  },
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

/**
 * Colyseus answers a failed matchmaking call with its own error number as the HTTP status (522 for a code
 * that names no table, 524 for a reconnection that expired) and a body `{code, error}`. Players and their
 * clients get a 4xx for their mistakes, with the `{error, message}` every other refusal has: the answer is
 * caught as Colyseus starts it and rewritten (matchmakingRefusal says how).
 */
function answerMatchmakingErrorsAsJson(
  res: ServerResponse,
  method: string,
  target: string,
  refused: (code: HttpErrorCode) => void,
): void {
  const writeHead = res.writeHead.bind(res);
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const chunks: Buffer[] = [];
  let caught = false;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status < 400) return writeHead(status, ...(rest as []));
    caught = true;
    res.statusCode = status;
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!caught) return write(chunk as never, ...(rest as []));
    if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!caught) return end(chunk as never, ...(rest as []));
    if (typeof chunk === "string" || chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    const refusal = matchmakingRefusal(res.statusCode, parseJson(Buffer.concat(chunks)), method, target);
    refused(refusal.error);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    const body = refusalBody(refusal.error, refusal.message);
    writeHead(refusal.status, {
      ...CORS,
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(body),
    });
    return end(body);
  }) as typeof res.end;
}

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    return null;
  }
}

/** Colyseus's matchmaking error numbers (@colyseus/shared-types ErrorCode). */
const COLYSEUS = { noHandler: 520, invalidCriteria: 521, invalidRoomId: 522, unhandled: 523, expired: 524 } as const;

/** The protocol's code for each status a room refuses a join with (ServerError in the room). */
const REFUSAL_CODES: Readonly<Record<number, HttpErrorCode>> = {
  400: "bad-options",
  403: "forbidden",
  404: "not-found",
  409: "refused",
  410: "gone",
  429: "too-many",
  503: "unavailable",
};

/** What a player is told for a failed matchmaking call: a 4xx for his mistakes, a 5xx only for the server's. */
function matchmakingRefusal(
  status: number,
  body: unknown,
  method: string,
  target: string,
): { status: number; error: HttpErrorCode; message: string } {
  const said = (body as { error?: unknown; message?: unknown } | null) ?? {};
  const text = typeof said.error === "string" ? said.error : typeof said.message === "string" ? said.message : "";
  const reconnecting = method === "reconnect";
  switch (status) {
    case COLYSEUS.invalidRoomId:
    case COLYSEUS.invalidCriteria:
      return reconnecting
        ? {
            status: 404,
            error: "no-such-table",
            message: "the table to reconnect to is gone; join it again by its code",
          }
        : { status: 404, error: "no-such-table", message: `no table has the code ${target}` };
    case COLYSEUS.expired:
      return {
        status: 410,
        error: "reconnection-expired",
        message: "this reconnection is no longer valid; join again",
      };
    case COLYSEUS.noHandler:
      return { status: 404, error: "not-found", message: "no such matchmaking call" };
    case COLYSEUS.unhandled:
      return reconnecting
        ? { status: 400, error: "bad-reconnection", message: text || "the reconnection could not be read" }
        : { status: 500, error: "internal", message: "the server could not handle this request" };
  }
  if (status >= 400 && status < 600) {
    return {
      status,
      error: REFUSAL_CODES[status] ?? (status < 500 ? "refused" : "internal"),
      message: text || "refused",
    };
  }
  return { status: 500, error: "internal", message: "the server could not handle this request" };
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
