import { gameServerEndpoint } from "../net/endpoint.ts";
import { type ApiProblem, readProblem } from "./account-data.ts";

/**
 * One call to the accounts' HTTP routes (docs/PROTOCOL.md, "Players and accounts"): JSON both ways, the
 * session cookie sent along (the browser adds the site's `Origin` to every write, which the server checks),
 * and every answer turned into a value read by `read` or an `ApiProblem`: a refusal as the server words it,
 * status 0 when no answer came at all.
 */

export type ApiAnswer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: ApiProblem };

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const OFFLINE: ApiProblem = { status: 0, error: "offline", message: "" };

/**
 * The server's clock less this device's, from the answers' `Date` headers, so that a challenge's countdown
 * (its `expiresAt` is the server's time) reads right on a phone whose clock is off. A header has whole
 * seconds, so a difference under a few seconds is taken for none rather than made to jitter.
 */
let skew = 0;
const SKEW_IGNORED_MS = 3000;

function noteServerTime(response: Response): void {
  const date = Date.parse(response.headers.get("Date") ?? "");
  if (!Number.isFinite(date)) return;
  const difference = date - Date.now();
  skew = Math.abs(difference) > SKEW_IGNORED_MS ? difference : 0;
}

/** Now, by the server's clock. */
export function serverNow(): number {
  return Date.now() + skew;
}

export async function apiCall<T>(
  method: Method,
  path: string,
  read: (body: unknown) => T | null,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  let response: Response;
  try {
    response = await fetch(`${gameServerEndpoint()}${path}`, {
      method,
      credentials: "include",
      headers: body === undefined ? { Accept: "application/json" } : { "Content-Type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return { ok: false, problem: OFFLINE };
  }
  noteServerTime(response);
  // 204 and a body that is not JSON read as null: the reader decides whether that is an answer.
  const json: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) return { ok: false, problem: readProblem(response.status, json) };
  const value = read(json);
  if (value === null) return { ok: false, problem: { status: response.status, error: "unreadable", message: "" } };
  return { ok: true, value };
}

/** For routes answered `204` (or whose body the page does not need). */
export const nothing = (): true => true;
