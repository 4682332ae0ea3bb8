import type {
  AimMessage,
  AnswerMessage,
  ChatMessage,
  LagMessage,
  SeenMessage,
  ShotMessage,
} from "@habibka/shared/protocol";

export type { CalledBall, StrokeMessage, Way } from "@habibka/shared/protocol";

/**
 * Message payloads of docs/PROTOCOL.md as the client reads and writes them: the shared protocol's own
 * types, imported as types only.
 */

/** Every message type a client may send, with its payload (docs/PROTOCOL.md). */
export interface OutgoingMessages {
  readonly shot: ShotMessage;
  readonly lag: LagMessage;
  readonly aim: AimMessage;
  readonly answer: AnswerMessage;
  readonly chat: ChatMessage;
  readonly seen: SeenMessage;
  readonly resign: Record<string, never>;
  readonly rematch: Record<string, never>;
}

// Server → client: the shared protocol's types.
export type {
  ActionBroadcast,
  AimBroadcast,
  ChatBroadcast,
  ErrorMessage,
  LobbyTable,
  ShotBroadcast,
  WelcomeMessage,
} from "@habibka/shared/protocol";
