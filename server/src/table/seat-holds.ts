import type { Clock, Delayed } from "@colyseus/core";
import type { PlayerIndex } from "@habibka/shared/rules";

/**
 * The time an absent player's seat is kept for him, per seat, on the room's clock (so it stops with the
 * room). While a hold runs, the seconds left are reported once a second for the table to show. A hold that
 * ran out stays until the room has dealt with it and calls `release`.
 */
export class SeatHolds {
  private readonly deadlines = new Map<PlayerIndex, number>();
  private readonly expiries = new Map<PlayerIndex, Delayed>();
  private ticker: Delayed | null = null;
  private readonly clock: Clock;
  private readonly holdSeconds: number;
  private readonly expired: (seat: PlayerIndex) => void;
  private readonly secondsLeftChanged: (seat: PlayerIndex, secondsLeft: number) => void;
  private readonly anyHeldChanged: (anyHeld: boolean) => void;

  constructor(
    clock: Clock,
    holdSeconds: number,
    hooks: {
      readonly expired: (seat: PlayerIndex) => void;
      readonly secondsLeftChanged: (seat: PlayerIndex, secondsLeft: number) => void;
      /** Whether any seat is held now (the room stays open while one is). */
      readonly anyHeldChanged: (anyHeld: boolean) => void;
    },
  ) {
    this.clock = clock;
    this.holdSeconds = holdSeconds;
    this.expired = hooks.expired;
    this.secondsLeftChanged = hooks.secondsLeftChanged;
    this.anyHeldChanged = hooks.anyHeldChanged;
  }

  isHeld(seat: PlayerIndex): boolean {
    return this.deadlines.has(seat);
  }

  /** Starts (or restarts) the full hold for the seat, or a shorter one of `seconds`. */
  hold(seat: PlayerIndex, seconds = this.holdSeconds): void {
    this.expireIn(seat, seconds * 1000);
    this.secondsLeftChanged(seat, seconds);
    this.ticker ??= this.clock.setInterval(() => this.tick(), 1000);
  }

  /** Ends the hold again shortly: the room could not deal with its end yet (it could not be recorded). */
  retryExpiry(seat: PlayerIndex, afterMs: number): void {
    this.expireIn(seat, afterMs);
  }

  /** The player is back, or the seat is no longer his: no hold. */
  release(seat: PlayerIndex): void {
    this.expiries.get(seat)?.clear();
    this.expiries.delete(seat);
    if (this.deadlines.delete(seat)) {
      this.secondsLeftChanged(seat, 0);
      if (this.deadlines.size === 0) {
        this.ticker?.clear();
        this.ticker = null;
        this.anyHeldChanged(false);
      }
    }
  }

  private expireIn(seat: PlayerIndex, ms: number): void {
    this.expiries.get(seat)?.clear();
    const first = this.deadlines.size === 0;
    this.deadlines.set(seat, this.clock.currentTime + ms);
    this.expiries.set(
      seat,
      this.clock.setTimeout(() => this.expired(seat), ms),
    );
    if (first) this.anyHeldChanged(true);
  }

  private tick(): void {
    for (const [seat, deadline] of this.deadlines) {
      this.secondsLeftChanged(seat, Math.max(0, Math.ceil((deadline - this.clock.currentTime) / 1000)));
    }
  }
}
