import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { HttpErrorCode } from "@habibka/shared/protocol";
import type { Logger } from "../logger.ts";
import { LOG_WARNINGS_PER_MINUTE } from "../rate-limits.ts";
import { refuseOnSocket } from "./http-refusals.ts";
import { LogBudget } from "./log-budget.ts";

/**
 * The game's HTTP servers (its own port, and the port a box's workers share), made so that a visitor who
 * sends slowly cannot hold a connection: the headers must arrive within a few seconds and the whole request
 * within a few more (Node's defaults are a minute and five), checked every second rather than Node's every
 * thirty. A request Node cannot parse (a malformed or doubled Content-Length, Content-Length with
 * Transfer-Encoding, headers too large) or that stalls is answered with the same JSON error as every other
 * refusal, instead of Node's bare status line; a client that hangs up is only counted in the log.
 */

export interface HttpTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly checkEveryMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  /** From the connection's first byte to the end of the request's headers. */
  headersMs: 5_000,
  /** From the first byte to the end of the body (the largest the game takes is 4 KB). */
  requestMs: 10_000,
  /** How often Node looks for requests past those limits. */
  checkEveryMs: 1_000,
};

export function createHttpServer(
  logger: Logger,
  timeouts: HttpTimeouts = HTTP_TIMEOUTS,
  onRequest?: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkEveryMs,
  });
  if (onRequest) server.on("request", onRequest);
  const warnings = new LogBudget(logger, LOG_WARNINGS_PER_MINUTE.http, 60_000);
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answer = clientErrorAnswer(error.code, timeouts);
    if (answer) warnings.warn({ code: error.code }, answer.logLine);
    // Once a response has begun on this connection, nothing more can be said on it.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!answer || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    refuseOnSocket(socket, answer);
  });
  return server;
}

interface ClientErrorAnswer {
  readonly status: number;
  readonly reason: string;
  readonly code: HttpErrorCode;
  readonly message: string;
  readonly logLine: string;
}

/** What a request Node refused before any handler saw it gets; null for a connection that simply went away. */
function clientErrorAnswer(code: string | undefined, timeouts: HttpTimeouts): ClientErrorAnswer | null {
  switch (code) {
    case "ECONNRESET":
    case "EPIPE":
      return null;
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return {
        status: 408,
        reason: "Request Timeout",
        code: "request-timeout",
        message: `the request did not arrive in time (headers within ${timeouts.headersMs / 1000} s, all within ${timeouts.requestMs / 1000} s)`,
        logLine: "cut a request that did not arrive in time",
      };
    case "HPE_HEADER_OVERFLOW":
      return {
        status: 431,
        reason: "Request Header Fields Too Large",
        code: "headers-too-large",
        message: "the request's headers are too large",
        logLine: "refused a request with headers too large",
      };
    default:
      return {
        status: 400,
        reason: "Bad Request",
        code: "bad-request",
        message: "the request is not well-formed HTTP (check Content-Length and Transfer-Encoding)",
        logLine: "refused a request that is not well-formed HTTP",
      };
  }
}
