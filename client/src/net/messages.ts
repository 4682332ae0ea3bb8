import type {
  AimMessage,
  AnswerMessage,
  ChatBroadcast,
  ChatMessage,
  LagMessage,
  WelcomeMessage as SharedWelcome,
  ShotMessage,
} from "@habibka/shared/protocol";

export type { CalledBall, PointMessage, Stroke, Way } from "@habibka/shared/protocol";

/**
 * Message payloads of docs/PROTOCOL.md as the client reads and writes them. Only types: the zod schemas
 * stay on the server so that the validator does not ship in the page.
 */

/** The player's playback of the latest announced shot has ended or was skipped. */
export interface SeenMessage {
  readonly shotNumber: number;
}

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

export type AimOutMessage = AimMessage;

/** `welcome`, with the room's last chat lines (oldest first) for a joiner and a rejoiner. */
export interface WelcomeMessage extends SharedWelcome {
  readonly chat?: readonly ChatBroadcast[];
}

/** A decision that is not a shot: taking or passing an offer, a resignation, a seat lost to absence. */
export interface ActionBroadcast {
  readonly kind: "take" | "pass" | "resign" | "absence";
  readonly seat: 0 | 1;
  readonly shotNumber: number;
  /** Which offer was taken or passed. */
  readonly offer?: "bonus" | "foul";
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
} from "@habibka/shared/protocol";
