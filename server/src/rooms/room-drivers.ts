import { type IRoomCache, LocalDriver, type SortOptions } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";

/**
 * The room lists Colyseus's matchmaker keeps, one process's in memory or every process's in Redis, each
 * answering a look-up by table code alone directly. Colyseus's lobby looks a table up by code for every
 * change of its listing (a table's score after each pot), and both of Colyseus's own drivers answer such a
 * look-up by reading the whole list.
 */

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

  /**
   * Colyseus removes a disposed room up to three times over (the room, the matchmaker, the disconnect), and
   * its own removal walks the whole list each time: a room no longer listed is not looked for again.
   */
  override remove(roomId: string): boolean {
    return this.#byId.delete(roomId) && super.remove(roomId);
  }

  override clear(): void {
    this.#byId.clear();
    super.clear();
  }
}

/**
 * Colyseus's Redis room list, every process's tables in one hash. Its own look-up by id reads and parses the
 * whole hash (HGETALL): with thousands of tables, for every shot at any table, in every process (the most
 * costly work of two processes on one box). A look-up by id alone reads that table's field (HGET).
 */
export class IndexedRedisDriver extends RedisDriver {
  override async query(conditions: Partial<IRoomCache>, sortOptions?: SortOptions): Promise<IRoomCache[]> {
    const id = onlyRoomId(conditions);
    if (id === null || sortOptions) return super.query(conditions, sortOptions);
    const room = await super.findOne({ roomId: id });
    return room ? [room] : [];
  }
}

function onlyRoomId(conditions: Partial<IRoomCache>): string | null {
  const keys = Object.keys(conditions);
  return keys.length === 1 && keys[0] === "roomId" && typeof conditions.roomId === "string" ? conditions.roomId : null;
}
