import type { AimMessage, AnswerMessage, ChatMessage, LagMessage, ShotMessage } from "@habibka/shared/protocol";

export type { CalledBall, PointMessage, Stroke, Way } from "@habibka/shared/protocol";

/**
 * Message payloads of docs/PROTOCOL.md as the client reads and writes them. Only types: the zod schemas
 * stay on the server so that the validator does not ship in the page.
 */

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

// Server → client: the shared protocol's types.
export type {
  AimBroadcast,
  ChatBroadcast,
  ErrorMessage,
  Explanation,
  LobbyTable,
  ShotBroadcast,
  VerdictMessage,
  WelcomeMessage,
} from "@habibka/shared/protocol";
