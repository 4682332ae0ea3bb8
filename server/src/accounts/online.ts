import type { Presence } from "@colyseus/core";

/**
 * Who is online, kept in Colyseus's presence (Redis with several processes) so that every process sees the
 * same: a player is online while a page of the site holds his live event stream open, or while he holds a
 * seat at a table. Each stream and each seat is an entry that its keeper renews; an entry not renewed in time
 * (its process died) stops counting by itself, and the whole key expires with it.
 */

/** How long an entry counts without being renewed; its keeper renews it every RENEW_MS. */
const ENTRY_TTL_MS = 70_000;
export const RENEW_MS = 25_000;

/** Where an account sits: what a friend may be told of it. */
export interface SeatEntry {
  readonly code: string;
  readonly visibility: "public" | "private";
  /** The table's two seats' accounts, so that a private table is named only to someone who sits there too. */
  readonly accounts: readonly [string | null, string | null];
  /** When he sat there (ms): of two tables he holds seats at, the one he sat at last is where he is. */
  readonly since: number;
}

export interface OnlineStatus {
  readonly online: boolean;
  /** The code of a table he sits at that the asker may know of, else null. */
  readonly table: string | null;
}

const streamsKey = (accountId: string) => `online-streams:${accountId}`;
const seatsKey = (accountId: string) => `online-seats:${accountId}`;

interface Stamped {
  readonly until: number;
}

export class Online {
  readonly #presence: () => Presence;
  readonly #now: () => number;

  constructor(presence: () => Presence, now: () => number = Date.now) {
    this.#presence = presence;
    this.#now = now;
  }

  /** A live stream of the account is open (or still open): renewed every RENEW_MS by its keeper. */
  async streamOpen(accountId: string, streamId: string): Promise<void> {
    await this.#stamp(streamsKey(accountId), streamId, {});
  }

  async streamClosed(accountId: string, streamId: string): Promise<void> {
    await this.#presence().hdel(streamsKey(accountId), streamId);
  }

  /** The account holds a seat at the table (renewed by the table while he does). */
  async seated(accountId: string, entry: SeatEntry): Promise<void> {
    await this.#stamp(seatsKey(accountId), entry.code, entry);
  }

  async unseated(accountId: string, code: string): Promise<void> {
    await this.#presence().hdel(seatsKey(accountId), code);
  }

  /** Whether the account is online, and which of his tables `viewerId` may be told of. */
  async status(accountId: string, viewerId: string | null): Promise<OnlineStatus> {
    const [streams, seats] = await Promise.all([
      this.#live<Stamped>(streamsKey(accountId)),
      this.#live<SeatEntry & Stamped>(seatsKey(accountId)),
    ]);
    const shown = seats
      .filter((seat) => seat.visibility === "public" || (viewerId !== null && seat.accounts.includes(viewerId)))
      .reduce<(SeatEntry & Stamped) | null>(
        (latest, seat) => (latest && latest.since >= seat.since ? latest : seat),
        null,
      );
    return { online: streams.length > 0 || seats.length > 0, table: shown?.code ?? null };
  }

  async #stamp(key: string, field: string, value: object): Promise<void> {
    const presence = this.#presence();
    await presence.hset(key, field, JSON.stringify({ ...value, until: this.#now() + ENTRY_TTL_MS }));
    await presence.expire(key, Math.ceil(ENTRY_TTL_MS / 1000));
  }

  async #live<T extends Stamped>(key: string): Promise<T[]> {
    const all = (await this.#presence().hgetall(key)) ?? {};
    const now = this.#now();
    return Object.values(all)
      .map((text) => JSON.parse(text) as T)
      .filter((entry) => entry.until > now);
  }
}
