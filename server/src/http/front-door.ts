import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { CreateTableOptions, JoinTableOptions, TABLE_CODE_PATTERN } from "@habibka/shared/protocol";
import { z } from "zod";
import type { Logger } from "../logger.ts";
import { ABANDONED_TABLE_SECONDS, type AddressLimitName, type AddressLimits } from "../rate-limits.ts";
import { describeIssue } from "../rooms/room-errors.ts";
import { WAITING_PLACE_OPTION, type WaitingTables } from "../rooms/waiting-tables.ts";

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
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    admitRequest(req, res, options).then(
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
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
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
  return "pages";
}

async function admitRequest(req: IncomingMessage, res: ServerResponse, options: FrontDoorOptions): Promise<boolean> {
  const address = clientAddress(req, options.trustProxy);
  stampAddress(req, address);
  const answer = await options.limits.take(limitFor(req), address);
  if (!answer.allowed) {
    refuse(res, 429, "rate-limited", "too many requests from this address; try again shortly", {
      "Retry-After": String(answer.retryAfterSeconds),
    });
    return false;
  }
  const declared = Number(req.headers["content-length"] ?? 0);
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) {
    refuse(res, 413, "body-too-large", `a request body may be at most ${MAX_BODY_BYTES} bytes`);
    return false;
  }
  const path = (req.url ?? "/").split("?")[0]!;
  if (!path.startsWith("/matchmake/") || req.method === "OPTIONS") return true;
  return admitMatchmaking(req, res, path, address, options.waitingTables);
}

async function admitMatchmaking(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  address: string,
  waitingTables: WaitingTables,
): Promise<boolean> {
  const [, , method, target, ...rest] = path.split("/");
  const route = MATCHMAKING.find((r) => r.method === method);
  if (req.method !== "POST" || !route || target === undefined || rest.length > 0 || !route.target.test(target)) {
    refuse(res, 404, "not-found", "no such matchmaking call: the game creates habibka tables and joins them by code");
    return false;
  }
  const raw = await readBody(req);
  if (raw === null) {
    refuse(res, 413, "body-too-large", `a request body may be at most ${MAX_BODY_BYTES} bytes`);
    return false;
  }
  let body: unknown;
  try {
    body = raw.length === 0 ? {} : JSON.parse(raw.toString("utf8"));
  } catch {
    refuse(res, 400, "bad-json", "the request body is not JSON");
    return false;
  }
  const checked = route.body.safeParse(body);
  if (!checked.success) {
    refuse(res, 400, "bad-options", describeIssue(checked.error.issues[0]));
    return false;
  }
  let admitted = body;
  if (method === "create" && (checked.data as CreateTableOptions).opponent === "person") {
    const place = await waitingTables.claim(address);
    if (!place) {
      const minutes = Math.ceil(ABANDONED_TABLE_SECONDS / 60);
      refuse(
        res,
        429,
        "too-many-waiting-tables",
        `this address already has ${waitingTables.limit} tables waiting for an opponent: play at one of them ` +
          `first (a table nobody is at closes within ${minutes} minutes)`,
        {},
        { limit: waitingTables.limit },
      );
      return false;
    }
    // The table holds its place from now on; a create that failed gives it back (rooms/waiting-tables.ts).
    res.once("finish", () => {
      if (res.statusCode >= 300) void waitingTables.release(place).catch(() => undefined);
    });
    admitted = { ...(body as object), [WAITING_PLACE_OPTION]: place };
  }
  // Colyseus's router takes a body already read from `req.body` instead of reading the stream again.
  (req as IncomingMessage & { body?: unknown }).body = admitted;
  return true;
}

/** The body, or null when it grows past the limit (the rest is never read). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function refuse(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
  details: Record<string, unknown> = {},
): void {
  if (res.headersSent) return;
  const body = JSON.stringify({ error: code, message, ...details });
  // Closing the connection stops a client that is still sending a body we will not read.
  res.writeHead(status, { ...CORS, ...headers, "Content-Type": "application/json", Connection: "close" });
  res.end(body, () => res.req.socket.destroySoon?.());
}

function failRequest(res: ServerResponse, logger: Logger, error: unknown): void {
  logger.error({ err: error }, "front door failed on a request");
  refuse(res, 500, "internal", "the server could not handle this request");
}

async function admitUpgrade(req: IncomingMessage, socket: Duplex, options: FrontDoorOptions): Promise<boolean> {
  const address = clientAddress(req, options.trustProxy);
  stampAddress(req, address);
  const answer = await options.limits.take("upgrades", address);
  if (answer.allowed) return true;
  const body = JSON.stringify({ error: "rate-limited", message: "too many connections from this address" });
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${answer.retryAfterSeconds}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  return false;
}
