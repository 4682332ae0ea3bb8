import { request } from "node:http";
import { Client } from "@colyseus/sdk";
import type { MeAnswer } from "@habibka/shared/protocol";
import { parseSetCookie } from "cookie";
import { attachTableClient, type TableClient } from "./table-client.ts";
import { eventually } from "./test-server.ts";

/**
 * A browser as the accounts' routes meet it: it keeps the session cookie the server sets (and forgets it when
 * the server clears it), sends the site's Origin with every change, and joins tables with its cookie, as the
 * web client does on the game's own origin.
 */

export interface Answer<T = unknown> {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: T;
  readonly text: string;
}

/** A live event stream as a test reads it. */
export interface EventStream {
  readonly status: number;
  readonly events: { readonly type: string; readonly data: unknown }[];
  /** Comment lines received (the opening one and the heartbeats). */
  comments: number;
  ended: boolean;
  close(): void;
}

export class Visitor {
  readonly url: string;
  /** The session cookie's value, or undefined before the first visit and after a sign-out. */
  session: string | undefined;
  /** The Origin sent with every request (the site's own unless a test changes it). */
  origin: string;
  readonly from: string | undefined;

  constructor(url: string, options: { readonly from?: string } = {}) {
    this.url = url;
    this.origin = new URL(url).origin;
    this.from = options.from;
  }

  /** The first visit: `GET /api/me`, which makes the account and sets the cookie. */
  async visit(): Promise<MeAnswer> {
    const answer = await this.get<MeAnswer>("/api/me");
    if (answer.status !== 200) throw new Error(`GET /api/me answered ${answer.status}: ${answer.text}`);
    return answer.body;
  }

  get<T = unknown>(path: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    return this.send<T>("GET", path, undefined, headers);
  }

  send<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    return new Promise((resolve, reject) => {
      const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
      const req = request(
        new URL(path, this.url),
        {
          method,
          localAddress: this.from,
          headers: {
            ...(text !== undefined ? { "Content-Type": "application/json" } : {}),
            ...(this.origin ? { Origin: this.origin } : {}),
            ...(this.session ? { Cookie: `habibka_session=${this.session}` } : {}),
            ...headers,
          },
        },
        (res) => {
          this.#keepCookie(res.headers["set-cookie"]);
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            let parsed: unknown = raw;
            try {
              parsed = raw.length > 0 ? JSON.parse(raw) : undefined;
            } catch {
              // not JSON: the text is the body
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed as T, text: raw });
          });
        },
      );
      req.on("error", reject);
      req.end(text);
    });
  }

  /**
   * Opens the live event stream (`GET /api/me/events`) as an EventSource would: resolves once the server
   * answered, with the status, the events as they arrive, and a way to close it.
   */
  openEvents(): Promise<EventStream> {
    return new Promise((resolve, reject) => {
      const req = request(new URL("/api/me/events", this.url), {
        localAddress: this.from,
        headers: {
          Accept: "text/event-stream",
          ...(this.session ? { Cookie: `habibka_session=${this.session}` } : {}),
        },
      });
      req.on("response", (res) => {
        const stream: EventStream = {
          status: res.statusCode ?? 0,
          events: [],
          comments: 0,
          ended: false,
          close: () => req.destroy(),
        };
        let buffer = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const lines = block.split("\n");
            const type = lines.find((line) => line.startsWith("event: "))?.slice(7);
            const data = lines.find((line) => line.startsWith("data: "))?.slice(6);
            if (type && data !== undefined) stream.events.push({ type, data: JSON.parse(data) });
            else if (lines.some((line) => line.startsWith(":"))) stream.comments++;
            end = buffer.indexOf("\n\n");
          }
        });
        res.on("end", () => {
          stream.ended = true;
        });
        res.on("close", () => {
          stream.ended = true;
        });
        resolve(stream);
      });
      req.on("error", (error) => (error.message === "socket hang up" ? undefined : reject(error)));
      req.end();
    });
  }

  /** An SDK client whose matchmaking and WebSocket carry this browser's cookie. */
  sdk(): Client {
    return new Client(this.url, { headers: this.session ? { Cookie: `habibka_session=${this.session}` } : {} });
  }

  async createTable(options: Record<string, unknown>): Promise<TableClient> {
    const sdk = this.sdk();
    const client = attachTableClient(sdk, await sdk.create("habibka", options));
    await eventually(() => client.welcomes.length > 0 && client.state?.phase !== undefined, "welcome and state");
    return client;
  }

  async joinTable(code: string, options: Record<string, unknown>): Promise<TableClient> {
    const sdk = this.sdk();
    const client = attachTableClient(sdk, await sdk.joinById(code, options));
    await eventually(() => client.welcomes.length > 0 && client.state?.phase !== undefined, "welcome and state");
    return client;
  }

  #keepCookie(header: string[] | undefined): void {
    for (const line of header ?? []) {
      const cookie = parseSetCookie(line);
      if (cookie.name !== "habibka_session") continue;
      const expired = cookie.maxAge !== undefined ? cookie.maxAge <= 0 : (cookie.expires?.getTime() ?? 1) < Date.now();
      this.session = expired || !cookie.value ? undefined : cookie.value;
    }
  }
}
