import { type IRoomCache, LocalDriver, type SortOptions } from "@colyseus/core";

/**
 * Colyseus's in-memory room list with the rooms also kept by id. Its own look-up by id copies and filters
 * the whole list, and the lobby makes one for every listing change (a table's score after each pot), so with
 * one process holding thousands of tables the lobby alone grew with the square of their number. A look-up
 * by id alone is answered from the index; every other query is Colyseus's own.
 */
export class IndexedLocalDriver extends LocalDriver {
  readonly #byId = new Map<string, IRoomCache>();

  override query(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): IRoomCache[] {
    const id = onlyRoomId(conditions);
    if (id === null || sortOptions) return super.query(conditions, sortOptions);
    const room = this.#byId.get(id);
    return room ? [room] : [];
  }

  override findOne(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache> {
    const id = onlyRoomId(conditions);
    if (id === null || sortOptions) return super.findOne(conditions, sortOptions);
    // Colyseus resolves a miss with undefined, not a rejection.
    return Promise.resolve(this.#byId.get(id) as IRoomCache);
  }

  override async insert(room: IRoomCache): Promise<boolean> {
    const inserted = await super.insert(room);
    if (inserted) this.#byId.set(room.roomId, room);
    return inserted;
  }

  override persist(room: IRoomCache, create = false): boolean {
    const persisted = super.persist(room, create);
    if (persisted) this.#byId.set(room.roomId, room);
    return persisted;
  }

  override remove(roomId: string): boolean {
    this.#byId.delete(roomId);
    return super.remove(roomId);
  }

  override clear(): void {
    this.#byId.clear();
    super.clear();
  }
}

function onlyRoomId(conditions: Partial<IRoomCache>): string | null {
  const keys = Object.keys(conditions);
  return keys.length === 1 && keys[0] === "roomId" && typeof conditions.roomId === "string" ? conditions.roomId : null;
}
