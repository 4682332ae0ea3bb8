import type { ShotEvent } from "@habibka/shared";
import type { AimMessage, AnswerMessage, ChatMessage, LagMessage, ShotMessage } from "@habibka/shared/protocol";
import type { PocketId } from "@habibka/shared/table";

/**
 * Message payloads of docs/PROTOCOL.md as the client reads and writes them. Only types: the zod schemas
 * stay on the server so that the validator does not ship in the page.
 */

export type Way = "direct" | "bank";

export interface CalledBall {
  readonly ball: number;
  readonly pocket: PocketId;
  readonly way: Way;
}

export interface Stroke {
  readonly cue: number;
  readonly angle: number;
  readonly speed: number;
  readonly offset: { readonly x: number; readonly y: number };
}

export interface PointMessage {
  readonly x: number;
  readonly y: number;
}

// Client → server: the shared protocol's own types (type-only, so zod stays out of the page).
export type ShotRequestMessage = ShotMessage;
export type LagRequestMessage = LagMessage;
export type AimOutMessage = AimMessage;

/** Every message type a client may send, with its payload (docs/PROTOCOL.md). */
export interface OutgoingMessages {
  readonly shot: ShotMessage;
  readonly lag: LagMessage;
  readonly aim: AimMessage;
  readonly answer: AnswerMessage;
  readonly chat: ChatMessage;
  readonly resign: Record<string, never>;
  readonly rematch: Record<string, never>;
}

// Server → client.
export interface WelcomeMessage {
  readonly role: "player" | "spectator";
  readonly seat: 0 | 1 | null;
  readonly seatToken?: string;
  readonly matchId: string;
}

export interface Explanation {
  readonly ru: string;
  readonly en: string;
}

export interface VerdictMessage {
  readonly foul?: boolean;
  readonly reasons?: readonly string[];
  readonly counted?: readonly number[];
  readonly clauses?: readonly string[];
  readonly explanation?: Explanation;
  readonly winner?: number | null;
  readonly [key: string]: unknown;
}

export interface ShotBroadcast {
  readonly matchId: string;
  readonly number: number;
  readonly kind: "shot" | "lag" | "clock";
  readonly seat: number;
  readonly request?: {
    readonly stroke?: Stroke;
    readonly call?: readonly CalledBall[];
    readonly [key: string]: unknown;
  };
  readonly events?: readonly ShotEvent[];
  readonly trace?: string;
  readonly duration?: number;
  readonly elapsed?: number;
  readonly verdict?: VerdictMessage;
}

export interface AimBroadcast {
  readonly seat: number;
  readonly stroke: Stroke;
  readonly call: readonly CalledBall[];
  readonly place?: PointMessage;
}

export interface ChatBroadcast {
  readonly name: string;
  readonly role: "player" | "spectator";
  readonly seat: number | null;
  readonly text: string;
  readonly at: number;
}

export interface ErrorMessage {
  readonly type: string;
  readonly code: string;
  readonly message: string;
  readonly messageRu?: string;
  readonly field?: string;
}

/** Lobby metadata of one public table. */
export interface LobbyTable {
  readonly code: string;
  readonly players: readonly (string | null)[];
  readonly score: readonly number[];
  readonly spectators: number;
  readonly phase: string;
}
