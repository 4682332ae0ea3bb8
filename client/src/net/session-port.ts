import type { OutgoingMessages } from "./messages.ts";
import type { SessionState } from "./session-state.ts";
import type { ShotRecord } from "./shot-record.ts";

/** What the table's view asks of its session (table-session.ts): its state, and what the player does. */
export interface SessionPort {
  subscribe(listener: () => void): () => void;
  getState(): SessionState;
  send<K extends keyof OutgoingMessages & string>(type: K, payload: OutgoingMessages[K]): boolean;
  replay(record: ShotRecord): void;
  endPlayback(): void;
  retry(): void;
  watchInstead(): void;
  clearError(): void;
}
