/**
 * One beat for every table of the process, instead of Colyseus's timer per room. A room's own patch timer
 * fires four times a second whether or not anything changed, and each firing walks the room's state for
 * changes and its flushes: with thousands of tables that is tens of thousands of timer callbacks a second,
 * nearly all of them finding nothing. Here one interval advances each room's clock (its shot clock, seat
 * holds and animations run on it, and Colyseus's message-rate window reads it), and sends a state patch
 * only for the rooms whose state changed on that clock since the last one.
 */
export interface BeatingRoom {
  /** Advances the room's clock and sends what its timers changed. */
  beat(): void;
}

export class RoomBeat {
  private readonly rooms = new Set<BeatingRoom>();
  private readonly intervalMs: number;
  private readonly failed: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;

  /** `failed` hears of a room whose beat threw: the others beat on. */
  constructor(intervalMs: number, failed: (error: unknown) => void) {
    this.intervalMs = intervalMs;
    this.failed = failed;
  }

  add(room: BeatingRoom): void {
    this.rooms.add(room);
    if (!this.timer) {
      this.timer = setInterval(() => this.beat(), this.intervalMs);
      // The rooms' connections keep the process alive, not their clocks.
      this.timer.unref();
    }
  }

  remove(room: BeatingRoom): void {
    this.rooms.delete(room);
    if (this.rooms.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  get size(): number {
    return this.rooms.size;
  }

  private beat(): void {
    for (const room of this.rooms) {
      try {
        room.beat();
      } catch (error) {
        this.failed(error);
      }
    }
  }
}
