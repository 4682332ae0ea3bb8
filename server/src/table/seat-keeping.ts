import { hasBegun, type MatchAction } from "@habibka/shared/match";
import type { ActionBroadcast } from "@habibka/shared/protocol";
import type { PlayerIndex } from "@habibka/shared/rules";
import { FINISHED_TABLE_RETURN_MS } from "../records/lease-queries.ts";
import type { ActionQueue } from "./action-queue.ts";
import type { Handled } from "./refusals.ts";
import { SeatHolds } from "./seat-holds.ts";
import type { Seating } from "./seating.ts";
import type { TableDisplay } from "./table-display.ts";
import type { TableMatch } from "./table-match.ts";
import type { TablePort } from "./table-port.ts";

/** When the end of a seat's hold could not be recorded, it is tried again after this long. */
const RECORD_RETRY_MS = 2_000;

export interface SeatKeepingParts {
  readonly seating: Seating;
  readonly port: TablePort;
  readonly display: TableDisplay;
  readonly match: TableMatch;
  readonly queue: ActionQueue;
  readonly holdSeconds: number;
  /** The table's own actions (a seat's expiry, a leave), recorded as a player's are. */
  readonly perform: (action: MatchAction) => Promise<Handled>;
  readonly tell: (action: ActionBroadcast) => void;
}

/**
 * A seat's player as his connection comes and goes: while he is away his seat is held for him (its
 * countdown shown); he gets it back by returning in time; when the hold runs out with him still away, the
 * seat's `expire` is recorded (he loses a match being played; before or after one his seat is freed).
 */
export class SeatKeeping {
  readonly holds: SeatHolds;
  private readonly parts: SeatKeepingParts;

  constructor(parts: SeatKeepingParts) {
    this.parts = parts;
    const { port, display } = parts;
    this.holds = new SeatHolds(port.clock, parts.holdSeconds, {
      expired: (seat) => this.expired(seat),
      secondsLeftChanged: (seat, secondsLeft) => display.showHold(seat, secondsLeft),
      // A room closes once its last connection left: not while a seat waits for its player.
      anyHeldChanged: (anyHeld) => port.setAutoDispose(!anyHeld),
    });
  }

  /**
   * The table opens: whoever held a seat before a restart has the whole hold to come back. After a finished
   * match (restored for the rematch its players may have asked for) no longer than the restore waits for
   * such a table: nobody back by then, the seats are freed and the table closes, marked closed.
   */
  holdForAbsent(): void {
    const { match, seating, holdSeconds } = this.parts;
    const finished = match.match.phase === "finished";
    const seconds = finished ? Math.min(holdSeconds, FINISHED_TABLE_RETURN_MS / 1000) : holdSeconds;
    for (const seat of [0, 1] as const) {
      if (match.match.seats[seat] && !seating.isComputer(seat)) this.holds.hold(seat, seconds);
    }
  }

  /** A connection dropped: a seat's is held (true); a spectator's is only waited for a moment (false). */
  dropped(sessionId: string): boolean {
    const seat = this.parts.seating.drop(sessionId);
    if (seat !== null) this.holds.hold(seat);
    this.showSeats();
    return seat !== null;
  }

  reconnected(sessionId: string): void {
    const seat = this.parts.seating.reconnect(sessionId);
    if (seat !== null) this.holds.release(seat);
    this.showSeats();
  }

  /** A connection is gone (unless the table is restarting, its seat waits for its holder's token). */
  left(sessionId: string, restarting: boolean): void {
    const seat = this.parts.seating.disconnect(sessionId);
    if (seat !== null && !restarting) {
      if (this.parts.match.match.phase === "finished") {
        // After the match there is nothing to hold the seat for: it is free, and his rematch request goes.
        void this.parts.queue.run(() => this.parts.perform({ type: "leave", player: seat }));
      } else if (!this.holds.isHeld(seat)) {
        this.holds.hold(seat);
      }
    }
    this.showSeats();
  }

  private showSeats(): void {
    this.parts.display.showSeats(this.parts.match.match);
  }

  private expired(seat: PlayerIndex): void {
    const { seating, match, queue } = this.parts;
    void queue.run(async () => {
      if (seating.isPresent(seat) || !match.match.seats[seat]) {
        this.holds.release(seat);
        return;
      }
      const playing = hasBegun(match.match) && match.match.phase !== "finished";
      const error = await this.parts.perform({ type: "expire", player: seat });
      if (error?.code === "not-recorded") {
        this.holds.retryExpiry(seat, RECORD_RETRY_MS);
        return;
      }
      if (!error && playing) this.parts.tell({ kind: "absence", seat, shotNumber: this.parts.port.state.shotNumber });
      this.holds.release(seat);
      this.showSeats();
    });
  }
}
