import type { ServerResponse } from "node:http";
import type { HttpErrorCode } from "@habibka/shared/protocol";
import { ANY_ORIGIN as CORS, refusalBody } from "./http-refusals.ts";

/**
 * Colyseus answers a failed matchmaking call with its own error number as the HTTP status (522 for a code
 * that names no table, 524 for a reconnection that expired) and a body `{code, error}`. Players and their
 * clients get a 4xx for their mistakes, with the `{error, message}` every other refusal has: the answer is
 * caught as Colyseus starts it and rewritten (matchmakingRefusal says how), and `refused` hears its code.
 */
export function answerMatchmakingErrorsAsJson(
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
  401: "account-required",
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
