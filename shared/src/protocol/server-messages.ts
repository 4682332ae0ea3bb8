import type { LagVerdict } from "../match/lag-verdict.ts";
import type { PlayerIndex } from "../rules/position.ts";
import type { ShotVerdict } from "../rules/verdict-types.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallPosition } from "../table/balls.ts";
import type { CalledBall, PointMessage, StrokeMessage } from "./client-messages.ts";
import type { ErrorCode } from "./error-codes.ts";

/**
 * Messages the server sends to a table's clients (docs/PROTOCOL.md, "Server → client messages"), as types
 * only: the server builds them, the client reads them, and both compile against these.
 */

export interface WelcomeMessage {
  readonly role: "player" | "spectator";
  readonly seat: PlayerIndex | null;
  /** Only to the seat's holder: the secret that returns him to the seat. */
  readonly seatToken?: string;
  readonly matchId: string;
  /** The table's latest chat lines (at most 50), oldest first. */
  readonly chat: readonly ChatBroadcast[];
}

export interface ShotBroadcast {
  readonly matchId: string;
  readonly number: number;
  readonly kind: "shot" | "lag" | "clock";
  /** The seat that played it; -1 for the lag (both seats). */
  readonly seat: number;
  readonly request: {
    readonly stroke?: StrokeMessage;
    readonly call?: readonly CalledBall[];
    readonly [key: string]: unknown;
  };
  /** The balls on the table at the stroke: a replay draws these, moving the ones the trace moves. */
  readonly before: readonly BallPosition[];
  readonly events: readonly ShotEvent[];
  /** Base64 of the binary trace (shared/src/shot/trace-codec.ts). */
  readonly trace: string;
  /** Seconds of animation. */
  readonly duration: number;
  /** Milliseconds of the animation already played when the message was sent (late joiners). */
  readonly elapsed: number;
  /** The lag's verdict for the lag; a shot's (or a run-out clock's) for the others. */
  readonly verdict: ShotVerdict | LagVerdict;
}

export interface AimBroadcast {
  readonly seat: number;
  readonly stroke: StrokeMessage;
  readonly call: readonly CalledBall[];
  readonly place?: PointMessage;
}

export interface ChatBroadcast {
  readonly name: string;
  readonly role: "player" | "spectator";
  readonly seat: number | null;
  readonly text: string;
  /** Server epoch milliseconds. */
  readonly at: number;
}

/**
 * A decision that is not a shot, told to everyone at the table: taking or passing an offer, a resignation,
 * or a seat lost by absence. `shotNumber` is the match's number when it was made.
 */
export interface ActionBroadcast {
  readonly kind: "take" | "pass" | "resign" | "absence";
  readonly seat: PlayerIndex;
  readonly shotNumber: number;
  /** The offer that was taken or passed. */
  readonly offer?: "bonus" | "foul";
}

export interface ErrorMessage {
  /** The message type that was refused. */
  readonly type: string;
  readonly code: ErrorCode;
  readonly message: string;
  readonly messageRu?: string | undefined;
  /** The first bad field, when there is one. */
  readonly field?: string | undefined;
}

/**
 * Lobby metadata of one public table (docs/PROTOCOL.md, "The lobby"). The accounts' fields are optional in
 * the type only because a process of an older version, during a rolling deploy, lists its tables without
 * them; this version always sends them.
 */
export interface LobbyTable {
  readonly code: string;
  readonly players: readonly [string | null, string | null];
  readonly score: readonly [number, number];
  readonly spectators: number;
  readonly phase: string;
  /** A rated table: its finish moves both ratings. */
  readonly rated?: boolean;
  /** Each seat's account id, null for a free seat or a player without one (the computer). */
  readonly accounts?: readonly [string | null, string | null];
  /** Each seat's rating as shown beside the name (its value rounded), null where there is no account. */
  readonly ratings?: readonly [SeatRating | null, SeatRating | null];
}

/** A seated account's rating as the table and the lobby show it. */
export interface SeatRating {
  /** The Glicko-2 value, rounded. */
  readonly value: number;
  /** Too few rated games to trust it yet (deviation above the threshold, docs/PROTOCOL.md). */
  readonly provisional: boolean;
}
