import { randomUUID } from "node:crypto";
import type { Presence } from "@colyseus/core";
import type { Request, Response } from "express";
import type { Logger } from "../logger.ts";
import { ACCOUNT_BOUNDS } from "../rate-limits.ts";
import type { Online } from "./online.ts";
import { RENEW_MS } from "./online.ts";

/**
 * The signed-in browser's live events (`GET /api/me/events`, Server-Sent Events): a challenge received, a
 * challenge's end, a friend's change. Events for an account are published on its channel in presence, so
 * whichever process holds his streams hears them; a stream is also how he is online (online.ts). Each stream
 * sends a comment every 25 s (which keeps proxies from closing it and finds a peer that went away) and is
 * closed when its session is revoked. A few streams per account and per address in each process.
 */

export type LiveEvent =
  | { readonly type: "challenge" | "challenge-update" | "friends"; readonly data: unknown }
  /** A session ended: its streams close (every session of the account when `tokenHash` is absent). */
  | { readonly type: "revoked"; readonly tokenHash?: string };

const channelOf = (accountId: string) => `account-events:${accountId}`;

interface Stream {
  readonly id: string;
  readonly accountId: string;
  readonly tokenHash: string;
  readonly address: string;
  readonly res: Response;
  readonly beat: NodeJS.Timeout;
}

export class LiveEvents {
  readonly #presence: () => Presence;
  readonly #online: Online;
  readonly #logger: Logger;
  readonly #streams = new Map<string, Stream>();
  /** The handler of each account's channel this process listens to (while it has a stream of his). */
  readonly #listening = new Map<string, (event: LiveEvent) => void>();

  constructor(presence: () => Presence, online: Online, logger: Logger) {
    this.#presence = presence;
    this.#online = online;
    this.#logger = logger;
  }

  /** Tells every open stream of the account, in whichever process. */
  publish(accountId: string, event: LiveEvent): void {
    this.#presence().publish(channelOf(accountId), event);
  }

  /** How many streams the account, and the address, hold open in this process. */
  counts(accountId: string, address: string): { readonly account: number; readonly address: number } {
    let account = 0;
    let fromAddress = 0;
    for (const stream of this.#streams.values()) {
      if (stream.accountId === accountId) account++;
      if (stream.address === address) fromAddress++;
    }
    return { account, address: fromAddress };
  }

  /** Whether one more stream is within the bounds. */
  admits(accountId: string, address: string): boolean {
    const held = this.counts(accountId, address);
    return held.account < ACCOUNT_BOUNDS.streamsPerAccount && held.address < ACCOUNT_BOUNDS.streamsPerAddress;
  }

  /** Opens a stream on the response; it lasts until the client goes, the session is revoked, or the server stops. */
  async open(
    req: Request,
    res: Response,
    who: { readonly accountId: string; readonly tokenHash: string; readonly address: string },
  ): Promise<void> {
    res.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      // nginx would otherwise hold the events back in its buffer.
      "X-Accel-Buffering": "no",
    });
    res.write("retry: 3000\n: open\n\n");
    const id = randomUUID();
    const beat = setInterval(() => {
      res.write(": beat\n\n");
      void this.#online.streamOpen(who.accountId, id).catch(() => undefined);
    }, RENEW_MS);
    beat.unref();
    const stream: Stream = { id, ...who, res, beat };
    this.#streams.set(id, stream);
    req.socket.setTimeout(0);
    res.on("close", () => void this.#closed(stream));
    await this.#listen(who.accountId);
    await this.#online.streamOpen(who.accountId, id);
  }

  /** Every stream ends (the server stops). */
  closeAll(): void {
    for (const stream of this.#streams.values()) stream.res.end();
  }

  async #listen(accountId: string): Promise<void> {
    if (this.#listening.has(accountId)) return;
    const handler = (event: LiveEvent) => this.#deliver(accountId, event);
    this.#listening.set(accountId, handler);
    await this.#presence().subscribe(channelOf(accountId), handler);
  }

  #deliver(accountId: string, event: LiveEvent): void {
    for (const stream of this.#streams.values()) {
      if (stream.accountId !== accountId) continue;
      if (event.type === "revoked") {
        if (event.tokenHash === undefined || event.tokenHash === stream.tokenHash) stream.res.end();
        continue;
      }
      stream.res.write(`event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
    }
  }

  async #closed(stream: Stream): Promise<void> {
    clearInterval(stream.beat);
    this.#streams.delete(stream.id);
    const { accountId } = stream;
    if (![...this.#streams.values()].some((s) => s.accountId === accountId)) {
      const handler = this.#listening.get(accountId);
      this.#listening.delete(accountId);
      if (handler) this.#presence().unsubscribe(channelOf(accountId), handler);
    }
    await this.#online
      .streamClosed(accountId, stream.id)
      .catch((cause: unknown) => this.#logger.warn({ err: cause }, "could not mark a stream closed"));
  }
}
