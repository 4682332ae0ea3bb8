/**
 * One beat for every table of the process, instead of Colyseus's timer per room. A room's own patch timer
 * fires four times a second whether or not anything changed, and each firing walks the room's state for
 * changes and its flushes: with thousands of tables that is tens of thousands of timer callbacks a second,
 * nearly all of them finding nothing. Here one interval advances each room's clock (its shot clock, seat
 * holds and animations run on it, and Colyseus's message-rate window reads it), and sends a state patch
 * only for the rooms whose state changed on that clock since the last one. The rooms are beaten a slice at
 * a time, each once an interval, so that thousands of them never hold the event loop in one go.
 */
export interface BeatingRoom {
  /** Advances the room's clock and sends what its timers changed. */
  beat(): void;
}

/** Slices of the interval: a beat every 50 ms, each room once every 250 ms. */
const SLICES = 5;

export class RoomBeat {
  private readonly rooms: BeatingRoom[] = [];
  private readonly positions = new Map<BeatingRoom, number>();
  private readonly intervalMs: number;
  private readonly failed: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;
  private slice = 0;

  /** `failed` hears of a room whose beat threw: the others beat on. */
  constructor(intervalMs: number, failed: (error: unknown) => void) {
    this.intervalMs = intervalMs;
    this.failed = failed;
  }

  add(room: BeatingRoom): void {
    if (this.positions.has(room)) return;
    this.positions.set(room, this.rooms.length);
    this.rooms.push(room);
    if (!this.timer) {
      this.timer = setInterval(() => this.beat(), this.intervalMs / SLICES);
      // The rooms' connections keep the process alive, not their clocks.
      this.timer.unref();
    }
  }

  remove(room: BeatingRoom): void {
    const at = this.positions.get(room);
    if (at === undefined) return;
    // The last room takes the removed one's place: a room moved so may beat once more or once less in a
    // round, which its clock (counting real time) does not notice.
    const last = this.rooms.pop()!;
    if (last !== room) {
      this.rooms[at] = last;
      this.positions.set(last, at);
    }
    this.positions.delete(room);
    if (this.rooms.length === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private beat(): void {
    const slice = this.slice;
    this.slice = (slice + 1) % SLICES;
    for (let i = slice; i < this.rooms.length; i += SLICES) {
      try {
        this.rooms[i]!.beat();
      } catch (error) {
        this.failed(error);
      }
    }
  }
}
