import type { ShotBroadcast } from "./messages.ts";
import type { SyncedState } from "./table-snapshot.ts";

/**
 * What a table session needs of its room: the Colyseus room of a server's table, or a table this page plays
 * without the server (offline/local-room.ts), which speaks the same messages and syncs the same state.
 */
export interface TableRoom {
  readonly roomId: string;
  onMessage<T>(type: string, callback: (message: T) => void): unknown;
  onStateChange(callback: (state: SyncedState) => void): unknown;
  onDrop(callback: () => void): unknown;
  onReconnect(callback: () => void): unknown;
  onLeave(callback: (code: number) => void): unknown;
  send(type: string, message: unknown): void;
  leave(consented?: boolean): Promise<unknown>;
  /** The match's strokes so far, where the room keeps them itself; a server's are read from its HTTP API. */
  readonly shots?: (matchId: string) => Promise<ShotBroadcast[]>;
}
