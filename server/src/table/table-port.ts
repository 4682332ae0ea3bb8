import type { Clock } from "@colyseus/core";
import type { LobbyTable } from "@habibka/shared/protocol";
import type { TableState } from "@habibka/shared/state";

/**
 * What a table needs from whatever carries it to its players: the Colyseus room in production, a plain
 * object in the tests that play a table without sockets. The table decides; the port only delivers.
 */
export interface TablePort {
  /** The room's clock: the shot clock, the seat holds and the animations run on it. */
  readonly clock: Clock;
  /** The synced state the table mirrors its match into. */
  readonly state: TableState;
  /** A message to everyone at the table, but `except` (the aimer of a relayed aim). */
  broadcast(type: string, message: unknown, except?: Member): void;
  /** What changed in the state goes out now. */
  sendState(): void;
  /** What a clock changed in the state (its seconds left) goes out with the next beat (a twentieth of a second). */
  stateChanged(): void;
  /** The lobby's listing of the table (sent only when it changed). */
  setListing(listing: LobbyTable): void;
  /** A public table leaves the lobby's list while nobody is at it, and comes back when someone is. */
  setListed(listed: boolean): void;
  /** The table may close once its last connection goes (false while a seat is held for its player). */
  setAutoDispose(autoDispose: boolean): void;
  /** Everyone is sent away with the close code (4100: come back, the table is restored elsewhere). */
  closeAll(code?: number): void;
  /** An old session of a seat's holder goes, open or waiting to reconnect: he came back on a new one. */
  replaceSession(sessionId: string): void;
}

/** One connection at the table, as the table speaks to it. */
export interface Member {
  readonly sessionId: string;
  send(type: string, message: unknown): void;
}
