import { type IRoomCache, matchMaker, type RegisteredHandler, Room, subscribeLobby, updateLobby } from "@colyseus/core";

/**
 * The lobby: the live list of public tables, as Colyseus's LobbyRoom sends it (`rooms` on joining, then `+`
 * [code, listing] for a table listed or changed and `-` code for one gone; docs/PROTOCOL.md). Colyseus's own
 * finds a table in its list by walking the list, once for every update of every table, so its cost grows
 * with the square of the tables; here they are kept by code. It lives as long as the server: clients only
 * join it, so it is created at start and never closes when its last watcher leaves. With several processes
 * each has its own, and each lists every process's public tables.
 */
export class TableLobby extends Room {
  override autoDispose = false;
  private readonly tables = new Map<string, IRoomCache>();
  private unsubscribe: (() => void) | null = null;

  override async onCreate(): Promise<void> {
    // The lobby does not list itself.
    (this as unknown as { _listing: { unlisted: boolean } })._listing.unlisted = true;
    this.unsubscribe = await subscribeLobby((code, listing) => {
      if (!listing) {
        if (this.tables.delete(code)) this.broadcast("-", code);
        return;
      }
      this.tables.set(code, listing);
      this.broadcast("+", [code, listing]);
    });
    // Tables already open (restored ones come after the lobby): whatever an update said meanwhile is newer.
    for (const listing of await matchMaker.query({ private: false, unlisted: false })) {
      if (!this.tables.has(listing.roomId)) this.tables.set(listing.roomId, listing);
    }
    // A lobby client has nothing to say; whatever it sends is let go.
    this.onMessage("*", () => undefined);
  }

  override onJoin(client: { send(type: string, message: unknown): void }): void {
    client.send("rooms", [...this.tables.values()]);
  }

  override onDispose(): void {
    this.unsubscribe?.();
  }
}

/**
 * The lobby hears of a table when it is created, when what it lists changes (its metadata: players, score,
 * spectators, phase), when it is hidden or shown again, and when it closes. Colyseus's own realtime listing
 * also tells every lobby of every join and leave at every table, which change nothing the lobby shows, and
 * each of which costs every process's lobby a look-up of the table.
 */
export function listTablesInLobby(tables: RegisteredHandler): void {
  tables.realtimeListingEnabled = true;
  tables.on("create", (room: Room) => updateLobby(room));
  tables.on("metadata-change", (room: Room) => updateLobby(room));
  tables.on("visibility-change", (room: Room, hidden: boolean) => updateLobby(room, hidden));
  tables.on("dispose", (room: Room) => updateLobby(room, true));
}
