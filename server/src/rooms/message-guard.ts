import { type Client, Protocol, type Room } from "@colyseus/core";
import { CLOSE_CODES, fieldPath, readUntrusted } from "@habibka/shared/protocol";
import type { z } from "zod";
import type { Logger } from "../logger.ts";
import { type MessageRate, STRIKES_BEFORE_DISCONNECT } from "../rate-limits.ts";
import type { ClientError, Handled } from "../table/refusals.ts";
import { TokenBucket } from "./rate-limit.ts";

const CLOSE_HOSTILE = CLOSE_CODES.hostile;

/** The frame kinds the SDK sends for this game: joining, leaving, messages and pings. */
const CLIENT_FRAMES: ReadonlySet<number> = new Set([
  Protocol.JOIN_ROOM,
  Protocol.LEAVE_ROOM,
  Protocol.ROOM_DATA,
  Protocol.PING,
]);

/**
 * Closes after which the connection may not come back as the same session: the server closed it for bad
 * messages or for flooding, or its seat was taken over. A kicked player can still return to a held seat
 * with the seat token, as a new session. (An oversized frame is refused by the WebSocket layer, which the
 * room sees as an abnormal close, 1006: that one is indistinguishable from a network failure and keeps its
 * reconnection window.)
 */
const NO_RECONNECTION: ReadonlySet<number> = new Set([
  CLOSE_CODES.hostile,
  CLOSE_CODES.flooding,
  CLOSE_CODES.seatTakenOver,
]);

/** Whether a connection that closed with this code keeps its place for the SDK to reconnect it. */
export function mayReconnect(code: number | undefined): boolean {
  return code === undefined || !NO_RECONNECTION.has(code);
}
/** Buckets kept per table before idle (full) ones are dropped. */
const MAX_BUCKETS = 2_000;

/**
 * Who a message counts against. A seated player is counted by his seat and everyone else by his address,
 * so that neither a reconnection nor a fresh connection starts a new allowance.
 */
export type RateKey = (client: Client) => string;

/** A process-wide check, e.g. chat per address across every table; resolves false when over the limit. */
type SharedLimit = (client: Client) => Promise<boolean>;

export interface MessageRule<S extends z.ZodType> {
  readonly schema: S;
  readonly limit: MessageRate;
  readonly shared?: SharedLimit;
  readonly handle: (client: Client, message: z.infer<S>) => Handled | Promise<Handled>;
}

/**
 * Every message a table receives passes here, in order: the sender's rate for its type, the payload's
 * shape (zod, shared with the client, read so that no value can make it throw), then the handler, all
 * inside one catch so that no payload, however hostile, can raise an error out of the room. A refused
 * message gets a specific `error` and changes nothing; a connection that keeps sending bad messages is
 * closed. The log hears of a connection's first refusal and its first failure only: what one connection
 * can write there is bounded, however fast it sends.
 */
export class MessageGuard {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly strikes = new Map<string, number>();
  /** Connections whose refusals, and whose failures, were logged already. */
  private readonly loggedRefusal = new Set<string>();
  private readonly loggedFailure = new Set<string>();
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
    const parsed = readUntrusted(rule.schema, payload ?? {});
    if (!parsed.ok) {
      const field = fieldPath(parsed.issue.path);
      this.refuse(client, {
        type,
        code: "bad-message",
        message: `${type}: ${field ? `${field}: ` : ""}${parsed.issue.message}`,
        messageRu: "Сообщение не по протоколу",
        field,
      });
      return;
    }
    const error = await rule.handle(client, parsed.value);
    if (error) client.send("error", error);
  }

  /**
   * A handler failed: the sender is told that nothing changed, and it counts as a refusal, so that a
   * message which keeps failing closes its connection like any other bad message. The cause, with its
   * stack, is logged for the connection's first failure only.
   */
  failed(client: Client, type: string, cause: unknown): void {
    if (!this.loggedFailure.has(client.sessionId)) {
      this.loggedFailure.add(client.sessionId);
      this.logger.error(
        { err: cause, type, sessionId: client.sessionId },
        "message handler failed (further failures from this connection are not logged)",
      );
    }
    this.refuse(client, {
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

  /** A frame that is not a Colyseus message at all (or whose payload cannot be decoded): a refusal like any. */
  malformedFrame(client: Client, bytes: number): void {
    this.refuse(client, {
      type: "",
      code: "bad-frame",
      message: `the frame (${bytes} bytes) is not a protocol message`,
    });
  }

  /**
   * Frames of a kind the game's client never sends (requests, raw bytes, inputs, or no Colyseus frame at
   * all) are dropped before Colyseus decodes them, and counted against their connection like any refusal.
   */
  guardFrames(room: Room): void {
    // Colyseus binds each connection's frames to `_onMessage` when it joins: an own property shadows it.
    const decoding = room as unknown as { _onMessage: (client: Client, frame: Uint8Array) => void };
    const decode = decoding._onMessage;
    decoding._onMessage = (client, frame) => {
      if (frame instanceof Uint8Array && frame.length > 0 && CLIENT_FRAMES.has(frame[0]!)) {
        decode.call(room, client, frame);
      } else this.malformedFrame(client, frame?.length ?? 0);
    };
  }

  forget(sessionId: string): void {
    this.strikes.delete(sessionId);
    this.loggedRefusal.delete(sessionId);
    this.loggedFailure.delete(sessionId);
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
    if (!this.loggedRefusal.has(client.sessionId)) {
      this.loggedRefusal.add(client.sessionId);
      this.logger.warn(
        { sessionId: client.sessionId, type: error.type, code: error.code },
        "refused a message (further refusals from this connection are not logged)",
      );
    }
    const strikes = (this.strikes.get(client.sessionId) ?? 0) + 1;
    this.strikes.set(client.sessionId, strikes);
    if (strikes === STRIKES_BEFORE_DISCONNECT) {
      this.logger.warn({ sessionId: client.sessionId }, "disconnecting a client that keeps sending bad messages");
      client.leave(CLOSE_HOSTILE, "too many bad messages");
    }
  }
}

/** A message type as it may be shown back: strings and numbers as they are (cut short), anything else by kind. */
function describeType(type: unknown): string {
  if (typeof type === "string") return type.slice(0, 40);
  if (typeof type === "number") return String(type);
  return `(${type === null ? "null" : typeof type})`;
}
