import type { Client } from "@colyseus/core";
import type { ErrorMessage } from "@habibka/shared/protocol";
import type { z } from "zod";
import type { Logger } from "../logger.ts";
import { TokenBucket } from "./rate-limit.ts";

/** An error sent to one client as the `error` message (docs/PROTOCOL.md). */
export type ClientError = ErrorMessage;

export interface RateLimit {
  readonly burst: number;
  readonly perSecond: number;
}

/** After this many malformed or refused-for-rate messages a client is disconnected as hostile. */
export const STRIKES_BEFORE_DISCONNECT = 20;
export const CLOSE_HOSTILE = 4400;

/**
 * Wraps every message handler of the room with the same three checks, in order: the sender's rate for this
 * message type, the payload's shape (zod, shared with the client), and a catch-all so that no message can
 * crash the room. A refused message gets a specific `error` and changes nothing; repeated bad messages
 * disconnect the sender.
 */
export class MessageGuard {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly strikes = new Map<string, number>();
  private readonly logger: Logger;
  private readonly now: () => number;

  constructor(logger: Logger, now: () => number) {
    this.logger = logger;
    this.now = now;
  }

  handler<S extends z.ZodType>(
    type: string,
    schema: S,
    limit: RateLimit,
    handle: (client: Client, message: z.infer<S>) => ClientError | undefined,
  ): (client: Client, payload: unknown) => void {
    return (client, payload) => {
      if (!this.allow(client.sessionId, type, limit)) {
        this.refuse(client, {
          type,
          code: "rate-limited",
          message: `too many ${type} messages; slow down`,
          messageRu: "Слишком часто; помедленнее",
        });
        return;
      }
      const parsed = schema.safeParse(payload ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue ? fieldPath(issue.path) : undefined;
        this.refuse(client, {
          type,
          code: "bad-message",
          message: `${type}: ${field ? `${field}: ` : ""}${issue?.message ?? "malformed"}`,
          messageRu: "Сообщение не по протоколу",
          field,
        });
        return;
      }
      try {
        const error = handle(client, parsed.data);
        if (error) client.send("error", error);
      } catch (cause) {
        this.logger.error({ err: cause, type, sessionId: client.sessionId }, "message handler failed");
        client.send("error", {
          type,
          code: "internal",
          message: "the server could not handle this message",
          messageRu: "Сервер не смог обработать сообщение",
        });
      }
    };
  }

  /** For message types the protocol does not know. */
  unknown(client: Client, type: string | number): void {
    this.refuse(client, {
      type: String(type).slice(0, 40),
      code: "unknown-message",
      message: `unknown message type "${String(type).slice(0, 40)}"`,
    });
  }

  forget(sessionId: string): void {
    this.strikes.delete(sessionId);
    for (const key of this.buckets.keys()) if (key.startsWith(`${sessionId}:`)) this.buckets.delete(key);
  }

  private allow(sessionId: string, type: string, limit: RateLimit): boolean {
    const key = `${sessionId}:${type}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(limit.burst, limit.perSecond, this.now());
      this.buckets.set(key, bucket);
    }
    return bucket.take(this.now());
  }

  private refuse(client: Client, error: ClientError): void {
    client.send("error", error);
    const strikes = (this.strikes.get(client.sessionId) ?? 0) + 1;
    this.strikes.set(client.sessionId, strikes);
    if (strikes >= STRIKES_BEFORE_DISCONNECT) {
      this.logger.warn({ sessionId: client.sessionId }, "disconnecting a client that keeps sending bad messages");
      client.leave(CLOSE_HOSTILE, "too many bad messages");
    }
  }
}

/** A zod issue's path as the rules write fields: `call[1].pocket`, `stroke.angle`. */
export function fieldPath(path: readonly PropertyKey[]): string | undefined {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out || undefined;
}
