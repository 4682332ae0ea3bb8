import type { Client } from "@colyseus/core";
import { CLOSE_CODES, type ErrorMessage } from "@habibka/shared/protocol";
import type { z } from "zod";
import type { Logger } from "../logger.ts";
import type { MessageRate } from "../rate-limits.ts";
import { TokenBucket } from "./rate-limit.ts";

/** An error sent to one client as the `error` message (docs/PROTOCOL.md). */
export type ClientError = ErrorMessage;

/** After this many refused messages or malformed frames a connection is closed as hostile. */
export const STRIKES_BEFORE_DISCONNECT = 20;
export const CLOSE_HOSTILE = CLOSE_CODES.hostile;
/** Buckets kept per table before idle (full) ones are dropped. */
const MAX_BUCKETS = 2_000;

export type Handled = ClientError | undefined;

/**
 * Who a message counts against. A seated player is counted by his seat and everyone else by his address,
 * so that neither a reconnection nor a fresh connection starts a new allowance.
 */
export type RateKey = (client: Client) => string;

/** A process-wide check, e.g. chat per address across every table; resolves false when over the limit. */
export type SharedLimit = (client: Client) => Promise<boolean>;

export interface MessageRule<S extends z.ZodType> {
  readonly schema: S;
  readonly limit: MessageRate;
  readonly shared?: SharedLimit;
  readonly handle: (client: Client, message: z.infer<S>) => Handled | Promise<Handled>;
}

/**
 * Every message a table receives passes here, in order: the sender's rate for its type, the payload's
 * shape (zod, shared with the client), then the handler, all inside one catch so that no payload, however
 * hostile, can raise an error out of the room. A refused message gets a specific `error` and changes
 * nothing; a connection that keeps sending bad messages is closed.
 */
export class MessageGuard {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly strikes = new Map<string, number>();
  private readonly reportedFrames = new Set<string>();
  private readonly logger: Logger;
  private readonly now: () => number;
  private readonly rateKey: RateKey;

  constructor(logger: Logger, now: () => number, rateKey: RateKey) {
    this.logger = logger;
    this.now = now;
    this.rateKey = rateKey;
  }

  handler<S extends z.ZodType>(type: string, rule: MessageRule<S>): (client: Client, payload: unknown) => void {
    return (client, payload) => {
      this.guard(client, type, payload, rule).catch((cause: unknown) => this.failed(client, type, cause));
    };
  }

  private async guard<S extends z.ZodType>(client: Client, type: string, payload: unknown, rule: MessageRule<S>) {
    if (!this.allow(this.rateKey(client), type, rule.limit) || (rule.shared && !(await rule.shared(client)))) {
      this.refuse(client, {
        type,
        code: "rate-limited",
        message: `too many ${type} messages; slow down`,
        messageRu: "Слишком часто; помедленнее",
      });
      return;
    }
    const parsed = rule.schema.safeParse(payload ?? {});
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
    const error = await rule.handle(client, parsed.data);
    if (error) client.send("error", error);
  }

  /** A handler failed: logged once with its cause, and the sender is told that nothing changed. */
  failed(client: Client, type: string, cause: unknown): void {
    this.logger.error({ err: cause, type, sessionId: client.sessionId }, "message handler failed");
    client.send("error", {
      type,
      code: "internal",
      message: "the server could not handle this message; nothing changed",
      messageRu: "Сервер не смог обработать сообщение; ничего не изменилось",
    });
  }

  /** For message types the protocol does not know; `type` is whatever the client put there. */
  unknown(client: Client, type: unknown): void {
    const shown = describeType(type);
    this.refuse(client, { type: shown, code: "unknown-message", message: `unknown message type "${shown}"` });
  }

  /**
   * A frame that is not a Colyseus message at all (or whose payload cannot be decoded): counted as a strike,
   * and logged once per connection so that a flood of them cannot fill the log.
   */
  malformedFrame(client: Client, bytes: number): void {
    if (!this.reportedFrames.has(client.sessionId)) {
      this.reportedFrames.add(client.sessionId);
      this.logger.warn({ sessionId: client.sessionId, bytes }, "malformed frame (further ones from it are not logged)");
    }
    this.refuse(client, { type: "", code: "bad-frame", message: "the frame is not a protocol message" });
  }

  forget(sessionId: string): void {
    this.strikes.delete(sessionId);
    this.reportedFrames.delete(sessionId);
  }

  private allow(key: string, type: string, limit: MessageRate): boolean {
    const id = `${key}:${type}`;
    const now = this.now();
    let bucket = this.buckets.get(id);
    if (!bucket) {
      if (this.buckets.size >= MAX_BUCKETS) this.dropIdleBuckets(now);
      bucket = new TokenBucket(limit.burst, limit.perSecond, now);
      this.buckets.set(id, bucket);
    }
    return bucket.take(now);
  }

  /** A full bucket is the same as no bucket: dropping it forgets nothing. */
  private dropIdleBuckets(now: number): void {
    for (const [id, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(id);
  }

  private refuse(client: Client, error: ClientError): void {
    client.send("error", error);
    const strikes = (this.strikes.get(client.sessionId) ?? 0) + 1;
    this.strikes.set(client.sessionId, strikes);
    if (strikes === STRIKES_BEFORE_DISCONNECT) {
      this.logger.warn({ sessionId: client.sessionId }, "disconnecting a client that keeps sending bad messages");
      client.leave(CLOSE_HOSTILE, "too many bad messages");
    }
  }
}

/** A message type as it may be shown back: strings and numbers as they are (cut short), anything else by kind. */
export function describeType(type: unknown): string {
  if (typeof type === "string") return type.slice(0, 40);
  if (typeof type === "number") return String(type);
  return `(${type === null ? "null" : typeof type})`;
}

/** A zod issue's path as the rules write fields: `call[1].pocket`, `stroke.angle`. */
export function fieldPath(path: readonly PropertyKey[]): string | undefined {
  let out = "";
  for (const key of path) out += typeof key === "number" ? `[${key}]` : `${out ? "." : ""}${String(key)}`;
  return out || undefined;
}
