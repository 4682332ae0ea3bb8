import type { ShotBroadcast } from "../net/messages.ts";

/**
 * The match as something to play back: its shots one after another, each as long as its animation, with a
 * short rest on each verdict, at a chosen speed. Pure apart from the clock it is given, so the page's
 * controls (play, pause, speed, a shot back and forth, the scrubbers) can be tested without a browser.
 */

export const SPEEDS = [0.25, 0.5, 1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];

/** Seconds each verdict stays on the table before the next shot plays, at speed 1. */
export const REST_SECONDS = 1.2;

/** How a shot is marked on the match's scrubber. */
export type ShotMark = "foul" | "bonus" | "scored" | "lag" | "clock" | "plain";

interface VerdictFields {
  readonly foul?: boolean;
  readonly bonus?: boolean;
  readonly counted?: readonly number[];
}

export function markOf(shot: ShotBroadcast): ShotMark {
  if (shot.kind === "lag") return "lag";
  const verdict = shot.verdict as VerdictFields | null;
  if (shot.kind === "clock") return "clock";
  if (verdict?.foul) return "foul";
  if (verdict?.bonus) return "bonus";
  if ((verdict?.counted?.length ?? 0) > 0) return "scored";
  return "plain";
}

/** The next speed up or down the list, staying at its ends. */
export function nextSpeed(speed: Speed, step: 1 | -1): Speed {
  const index = SPEEDS.indexOf(speed);
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, index + step))]!;
}

/**
 * Where playback stands in one shot: seconds from the stroke, advancing with the clock while playing, at the
 * speed chosen. Past the shot's length it counts the rest on the verdict, after which the shot is over.
 */
export class ShotClock {
  private readonly now: () => number;
  private base = 0;
  private startedAt = 0;
  private running = false;
  private rate: Speed = 1;
  length = 0;

  /** `now` in milliseconds (performance.now in the page). */
  constructor(now: () => number) {
    this.now = now;
  }

  get playing(): boolean {
    return this.running;
  }

  get speed(): Speed {
    return this.rate;
  }

  /** Seconds into the shot including the rest after it, not clamped. */
  private raw(): number {
    return this.running ? this.base + ((this.now() - this.startedAt) / 1000) * this.rate : this.base;
  }

  /** Seconds into the shot, between 0 and its length. */
  time(): number {
    return Math.min(Math.max(this.raw(), 0), this.length);
  }

  /** The balls have stopped: the shot's verdict stands on the table. */
  stopped(): boolean {
    return this.raw() >= this.length;
  }

  /** The shot and its rest are over: a playing match moves on to the next shot. */
  over(): boolean {
    return this.raw() >= this.length + REST_SECONDS;
  }

  /** Starts a shot of `length` seconds at `t`, keeping whether it plays and at what speed. */
  load(length: number, t = 0): void {
    this.length = Math.max(0, length);
    this.seek(t);
  }

  seek(t: number): void {
    this.base = Math.min(Math.max(t, 0), this.length);
    this.startedAt = this.now();
  }

  play(): void {
    if (this.running) return;
    // Playing a shot that is over starts it again.
    if (this.raw() >= this.length) this.base = 0;
    this.startedAt = this.now();
    this.running = true;
  }

  pause(): void {
    if (!this.running) return;
    this.base = Math.min(this.raw(), this.length);
    this.running = false;
  }

  setSpeed(speed: Speed): void {
    this.base = this.raw();
    this.startedAt = this.now();
    this.rate = speed;
  }
}
