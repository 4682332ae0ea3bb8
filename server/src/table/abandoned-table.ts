import type { Clock, Delayed } from "@colyseus/core";

export interface AbandonedTableHooks {
  /** Whether the lobby should list the table (a public one; a private table is never listed anyway). */
  readonly listed: (listed: boolean) => void;
  /** Nobody came in time: the table closes (its record as never begun, its code given back). */
  readonly close: () => void;
}

/**
 * A table nobody is at whose match never began: created and left, or never come to. Left alone it would be
 * listed in every lobby with a name and a free seat that nobody will play, and kept for its creator's whole
 * seat hold (up to an hour). So while it is deserted it is off the lobby's list at once, and it closes after
 * `waitMs` (ABANDONED_TABLE_SECONDS) whatever its seat hold. Whoever comes in time (its creator, reconnecting
 * or with his seat token; a friend with the code; a watcher) finds it as it was, listed again.
 *
 * Once a match has begun at the table (both seats taken) it is never deserted in this sense: an absent
 * player's seat is held for its full time, as the protocol promises, even with nobody left at the table.
 */
export class AbandonedTable {
  private everBegun = false;
  private closing: Delayed | null = null;
  private closed = false;
  private readonly clock: Clock;
  private readonly waitMs: number;
  private readonly hooks: AbandonedTableHooks;

  constructor(clock: Clock, waitMs: number, hooks: AbandonedTableHooks) {
    this.clock = clock;
    this.waitMs = waitMs;
    this.hooks = hooks;
  }

  /**
   * How long the SDK may resume a dropped player's session: before the match began, no longer than the table
   * may stay deserted. Colyseus's timer for that window keeps the room in memory until it runs out, even
   * after the room closed; the player's seat token still brings him back for as long as his seat is held.
   */
  reconnectionSeconds(holdSeconds: number): number {
    return this.everBegun ? holdSeconds : Math.min(holdSeconds, this.waitMs / 1000);
  }

  /** The table as it is now: whether its match has begun, and whether any person is at it. */
  update(begun: boolean, anyoneHere: boolean): void {
    if (this.closed) return;
    if (begun) this.everBegun = true;
    const deserted = !this.everBegun && !anyoneHere;
    if (deserted === (this.closing !== null)) return;
    if (deserted) {
      this.closing = this.clock.setTimeout(() => {
        this.closed = true;
        this.hooks.close();
      }, this.waitMs);
    } else {
      this.closing?.clear();
      this.closing = null;
    }
    this.hooks.listed(!deserted);
  }
}
