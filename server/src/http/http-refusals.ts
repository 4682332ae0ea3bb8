import type { ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { HttpErrorCode } from "@habibka/shared/protocol";
import type { ErrorRequestHandler, Request, Response } from "express";

/**
 * Every HTTP refusal the server makes, in one shape (docs/PROTOCOL.md, "HTTP"): the status and the JSON
 * `{ error, message }`, never a stack trace or Node's and Express's pages. The refusals differ only in
 * where they are written: an Express route's response, a response the front door answers before Express
 * (it closes the connection), a bare socket Node could not make a request of, or a page a browser asked for.
 */

type Headers = Readonly<Record<string, string>>;

/** What the front door's refusals (and matchmaking's) say to any origin: a page elsewhere may read them. */
export const ANY_ORIGIN: Headers = { "Access-Control-Allow-Origin": "*" };

/** The body of every refusal; `details` are the numbers a refusal is about (a limit). */
export function refusalBody(
  code: HttpErrorCode,
  message: string,
  details: Readonly<Record<string, unknown>> = {},
): string {
  return JSON.stringify({ error: code, message, ...details });
}

/** An Express route's refusal. */
export function refuse(
  res: Response,
  status: number,
  code: HttpErrorCode,
  message: string,
  headers: Headers = {},
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.status(status).json({ error: code, message });
}

/**
 * A page that cannot be shown: to a browser, the client itself (`index`, its index.html) with the status,
 * which says in the player's language what is wrong and offers the way back; to anything else, or while the
 * client is not built, the refusal in JSON.
 */
export function refusePage(
  req: Request,
  res: Response,
  index: string | null,
  status: number,
  code: HttpErrorCode,
  message: string,
): void {
  if (index === null || req.accepts(["json", "html"]) !== "html") {
    refuse(res, status, code, message);
    return;
  }
  res.status(status).setHeader("Cache-Control", "no-cache");
  res.type("html").send(index);
}

/**
 * A refusal written before Express sees the request (the front door's), with its CORS headers. It closes
 * the connection, which stops a client that is still sending a body nobody will read.
 */
export function refuseAndClose(
  res: ServerResponse,
  status: number,
  code: HttpErrorCode,
  message: string,
  headers: Headers,
  details: Readonly<Record<string, unknown>> = {},
): void {
  if (res.headersSent) return;
  const body = refusalBody(code, message, details);
  res.writeHead(status, { ...headers, "Content-Type": "application/json", Connection: "close" });
  res.end(body, () => res.req.socket.destroySoon?.());
}

/**
 * A refusal written as raw HTTP on a socket no response object has: an upgrade refused before the
 * WebSocket server sees it, or a request Node could not parse.
 */
export function refuseOnSocket(
  socket: Duplex,
  answer: { readonly status: number; readonly reason: string; readonly code: HttpErrorCode; readonly message: string },
  headers: Headers = {},
): void {
  const body = refusalBody(answer.code, answer.message);
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${answer.status} ${answer.reason}\r\n${extra.join("")}Content-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * An Express error handler for a router that reads JSON bodies (express.json): a body that is not JSON, or
 * too long once read (one sent without a length), is refused saying so; any other error goes on.
 */
export function refuseUnreadableBodies(limitBytes: number, what = "a request body"): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === "entity.parse.failed") return refuse(res, 400, "bad-json", "the request body is not JSON");
    if (type === "entity.too.large")
      return refuse(res, 413, "body-too-large", `${what} may be at most ${limitBytes} bytes`);
    next(error);
  };
}
