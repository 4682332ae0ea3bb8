import type { Clock, Delayed } from "@colyseus/core";
import type { ShotBroadcast } from "@habibka/shared/protocol";

/** Margin after a shot's animation before the next one is accepted, for clients' network jitter. */
const ANIMATION_MARGIN_MS = 250;

export interface RunningShot {
  readonly message: ShotBroadcast;
  /** Wall-clock ms when the shot was announced: a late joiner's `elapsed` counts from it. */
  readonly startedAt: number;
}

export interface ShotTimingOptions {
  /** Shot clock in seconds, 0 when off. */
  readonly shotClock: number;
  /** Multiplies the animation wait (tests shrink it). */
  readonly animationScale: number;
  /** Multiplies the length of one shot-clock second (tests shrink it). */
  readonly clockScale: number;
}

export interface ShotTimingHooks {
  /** The running shot's animation is over: shots are accepted again. */
  readonly animationEnded: () => void;
  /**
   * The shot clock was set: this many ms left from now (0 when it stops). Said when it starts, stops, and
   * again when someone joins; clients count down between, so a running clock sends nothing each second.
   */
  readonly clockSet: (msLeft: number) => void;
  /** The shot clock ran out for the player to move. */
  readonly clockExpired: () => void;
}

/**
 * The two clocks of a table: the animation gate (a shot is refused until every client has seen the last
 * one) and the shot clock. Both run on the room's clock, so they stop with the room.
 */
export class ShotTiming {
  running: RunningShot | null = null;
  private animationTimer: Delayed | null = null;
  private clockTimer: Delayed | null = null;
  /** Room-clock time the running shot clock runs out at; null when none runs. */
  private clockEndsAt: number | null = null;
  private readonly clock: Clock;
  private readonly options: ShotTimingOptions;
  private readonly hooks: ShotTimingHooks;

  constructor(clock: Clock, options: ShotTimingOptions, hooks: ShotTimingHooks) {
    this.clock = clock;
    this.options = options;
    this.hooks = hooks;
  }

  /** A shot was announced: hold new shots for its animation (the shot clock waits meanwhile). */
  startAnimation(message: ShotBroadcast): void {
    this.stopClock();
    if (message.duration <= 0) return;
    this.running = { message, startedAt: Date.now() };
    this.animationTimer?.clear();
    this.animationTimer = this.clock.setTimeout(
      () => {
        this.running = null;
        this.hooks.animationEnded();
      },
      (message.duration * 1000 + ANIMATION_MARGIN_MS) * this.options.animationScale,
    );
  }

  /** The player to move has seen the shot to its end: accept the next one now. */
  endAnimation(): void {
    if (!this.running) return;
    this.animationTimer?.clear();
    this.animationTimer = null;
    this.running = null;
    this.hooks.animationEnded();
  }

  /** A new match at the table: nothing animates and no clock runs. */
  reset(): void {
    this.animationTimer?.clear();
    this.animationTimer = null;
    this.running = null;
    this.stopClock();
  }

  /** The running shot as a late joiner receives it, with how far it has played. */
  runningForLateJoiner(): ShotBroadcast | null {
    if (!this.running) return null;
    return { ...this.running.message, elapsed: Date.now() - this.running.startedAt };
  }

  /** Starts the shot clock afresh when someone is to shoot and nothing animates; stops it otherwise. */
  restartClock(someoneToShoot: boolean): void {
    this.stopClock();
    if (this.options.shotClock === 0 || this.running || !someoneToShoot) return;
    const length = this.options.shotClock * 1000 * this.options.clockScale;
    // Counted from the time it ends, not in ticks: a late tick (a busy process) shortens no one's thinking.
    this.clockEndsAt = this.clock.currentTime + length;
    this.hooks.clockSet(length);
    this.clockTimer = this.clock.setTimeout(() => {
      this.clockTimer = null;
      this.clockEndsAt = null;
      this.hooks.clockExpired();
    }, length);
  }

  /** Tells the clock's time left again, as of now: a joiner's state says it exactly. */
  retellClock(): void {
    if (this.clockEndsAt !== null) this.hooks.clockSet(Math.max(0, this.clockEndsAt - this.clock.currentTime));
  }

  private stopClock(): void {
    this.clockTimer?.clear();
    this.clockTimer = null;
    if (this.clockEndsAt === null) return;
    this.clockEndsAt = null;
    this.hooks.clockSet(0);
  }
}
