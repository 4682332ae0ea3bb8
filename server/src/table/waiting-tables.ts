import { randomUUID } from "node:crypto";
import type { Clock, Delayed, Presence } from "@colyseus/core";

/**
 * How many tables each address keeps waiting for an opponent, counted in presence so that every process
 * sees one count (with Redis presence, one hash per address in Redis). The front door claims a place for
 * a new person's table before Colyseus creates it, and hands it to the room in the create options; the
 * table gives it up when its second seat is taken or it closes.
 *
 * A place is a lease rather than a counter: its value is the time (epoch ms) until which it counts, and
 * the table renews it while it waits. A process that dies cannot give its places up, so they stop counting
 * once their lease runs out, and a crash never locks an address out for longer than that. Its tables come
 * back elsewhere from their records, which keep no addresses: a restored table counts against nobody (and
 * one whose creator never returns closes within minutes, abandoned-table.ts).
 */

/** How long a place counts without its table renewing it; the table renews it every third of that. */
export const WAITING_LEASE_MS = 60_000;

const KEY_PREFIX = "habibka:waiting-tables:";

/** A table's place in the count of the address that created it. */
export interface WaitingPlace {
  readonly address: string;
  readonly slot: string;
}

/**
 * The create option the front door adds to carry the place to the room, in whichever process creates it.
 * A client cannot send it: the front door refuses every option the protocol does not have.
 */
export const WAITING_PLACE_OPTION = "waitingPlace";

export class WaitingTables {
  readonly limit: number;
  private readonly presence: () => Presence;
  private readonly now: () => number;

  /** `presence` is read when used: Colyseus sets its presence up after the rooms are defined. */
  constructor(presence: () => Presence, limit: number, now: () => number = Date.now) {
    this.presence = presence;
    this.limit = limit;
    this.now = now;
  }

  /**
   * A place for one more waiting table of the address, or null when it has `limit` already. The place is
   * added before the count is read, so that two claims at once may both be refused but never both let in
   * past the limit. Places whose lease ran out are dropped on the way.
   */
  async claim(address: string): Promise<WaitingPlace | null> {
    const presence = this.presence();
    const key = KEY_PREFIX + address;
    const place = { address, slot: randomUUID() };
    const now = this.now();
    await presence.hset(key, place.slot, String(now + WAITING_LEASE_MS));
    let counted = 0;
    for (const [slot, until] of Object.entries(await presence.hgetall(key))) {
      if (Number(until) > now) counted++;
      else await presence.hdel(key, slot);
    }
    if (counted <= this.limit) return place;
    await presence.hdel(key, place.slot);
    return null;
  }

  async renew(place: WaitingPlace): Promise<void> {
    await this.presence().hset(KEY_PREFIX + place.address, place.slot, String(this.now() + WAITING_LEASE_MS));
  }

  async release(place: WaitingPlace): Promise<void> {
    await this.presence().hdel(KEY_PREFIX + place.address, place.slot);
  }
}

/** The create options without the place, and the place (null for a table that is not counted). */
export function takeWaitingPlace(options: unknown): { readonly options: unknown; readonly place: WaitingPlace | null } {
  if (typeof options !== "object" || options === null || !(WAITING_PLACE_OPTION in options)) {
    return { options, place: null };
  }
  const { [WAITING_PLACE_OPTION]: place, ...rest } = options as Record<string, unknown>;
  const { address, slot } = (place ?? {}) as Partial<WaitingPlace>;
  return {
    options: rest,
    place: typeof address === "string" && typeof slot === "string" ? { address, slot } : null,
  };
}

/**
 * A waiting table's place, held by its room: renewed on the room's clock (which stops with the room) and
 * given up once. A renewal or a release that fails is not retried: the place then stops counting when its
 * lease runs out, or counts until then, both within a minute.
 */
export class HeldPlace {
  private renewal: Delayed | null;
  private readonly tables: WaitingTables;
  private readonly place: WaitingPlace;

  constructor(tables: WaitingTables, place: WaitingPlace, clock: Clock) {
    this.tables = tables;
    this.place = place;
    this.renewal = clock.setInterval(() => void tables.renew(place).catch(() => undefined), WAITING_LEASE_MS / 3);
  }

  /** The table no longer waits (its second seat was taken) or is closing. */
  giveUp(): void {
    if (!this.renewal) return;
    this.renewal.clear();
    this.renewal = null;
    void this.tables.release(this.place).catch(() => undefined);
  }
}
