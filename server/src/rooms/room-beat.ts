/**
 * One beat for every table of the process, instead of Colyseus's timer per room. A room's own patch timer
 * fires four times a second whether or not anything changed, and each firing walks the room's state for
 * changes and its flushes: with thousands of tables that is tens of thousands of timer callbacks a second,
 * nearly all of them finding nothing. Here one interval looks at when each room is next due, and beats only
 * the rooms due by now: one whose clock has a timer due (its shot clock, a seat hold, an animation's end;
 * clock-on-demand.ts says when), or whose state a timer changed. The rest cost a comparison in an array.
 */
export interface BeatingRoom {
  /** Ticks the room's clock and sends what its timers changed. */
  beat(): void;
}

export class RoomBeat {
  private readonly rooms: BeatingRoom[] = [];
  private readonly positions = new Map<BeatingRoom, number>();
  /** When each room (by its position in `rooms`) is next due, in epoch ms; +Infinity when it waits for nothing. */
  private dueAt = new Float64Array(64);
  private readonly intervalMs: number;
  private readonly failed: (error: unknown) => void;
  private timer: NodeJS.Timeout | null = null;

  /** Rooms are beaten at most `intervalMs` after they are due; `failed` hears of a room whose beat threw. */
  constructor(intervalMs: number, failed: (error: unknown) => void) {
    this.intervalMs = intervalMs;
    this.failed = failed;
  }

  /** A new room is beaten at the next interval, which tells its clock's first due time. */
  add(room: BeatingRoom): void {
    if (this.positions.has(room)) return;
    const at = this.rooms.length;
    if (at === this.dueAt.length) {
      const grown = new Float64Array(at * 2);
      grown.set(this.dueAt);
      this.dueAt = grown;
    }
    this.positions.set(room, at);
    this.rooms.push(room);
    this.dueAt[at] = Number.NEGATIVE_INFINITY;
    if (!this.timer) {
      this.timer = setInterval(() => this.beat(), this.intervalMs);
      // The rooms' connections keep the process alive, not their clocks.
      this.timer.unref();
    }
  }

  remove(room: BeatingRoom): void {
    const at = this.positions.get(room);
    if (at === undefined) return;
    // The last room takes the removed one's place, with its due time.
    const lastAt = this.rooms.length - 1;
    const last = this.rooms.pop()!;
    if (last !== room) {
      this.rooms[at] = last;
      this.dueAt[at] = this.dueAt[lastAt]!;
      this.positions.set(last, at);
    }
    this.positions.delete(room);
    if (this.rooms.length === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** The room is to be beaten once `at` (epoch ms) has come, unless it was already due earlier. */
  wake(room: BeatingRoom, at: number): void {
    const position = this.positions.get(room);
    if (position !== undefined && at < this.dueAt[position]!) this.dueAt[position] = at;
  }

  private beat(): void {
    const now = Date.now();
    // A room's beat may remove rooms (one closing moves the last into its place) or wake them: the array is
    // read afresh at each step, and a room moved so is looked at in the next interval at the latest.
    for (let i = 0; i < this.rooms.length; i++) {
      if (this.dueAt[i]! > now) continue;
      this.dueAt[i] = Number.POSITIVE_INFINITY;
      const room = this.rooms[i]!;
      try {
        room.beat();
      } catch (error) {
        this.failed(error);
        // It may not have told when it is next due: looked at again in a while.
        this.wake(room, now + this.intervalMs);
      }
    }
  }
}
