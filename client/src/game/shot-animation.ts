import { type BallTrace, type ShotEvent, traceAt } from "@habibka/shared";

/**
 * A shot as the client plays it back: each ball that moved follows its decoded trace by linear
 * interpolation; a ball disappears at its pocket or off-table event; every other ball stays where it was
 * before the shot. Pure: given a time it answers positions, so frames never accumulate drift or jumps.
 */

export interface BallSpot {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

export interface ShotAnimation {
  /** Length in seconds (the server's `duration`, at least as long as the longest trace). */
  readonly duration: number;
  /** Balls on the table at time `t` seconds from the stroke. */
  positionsAt(t: number): BallSpot[];
  /** Events in (from, to]: sounds are played for each once. */
  eventsBetween(from: number, to: number): ShotEvent[];
  /** A ball's speed (m/s) just before time t, from its trace; 0 for a ball that did not move. */
  speedBefore(id: number, t: number): number;
}

/** The window over which a speed is read from the trace: short enough to stop before the contact. */
const SPEED_WINDOW = 0.015;

export function buildAnimation(
  before: readonly BallSpot[],
  traces: readonly BallTrace[],
  events: readonly ShotEvent[],
  duration: number,
): ShotAnimation {
  const traced = new Map(traces.filter((tr) => tr.points.length > 0).map((tr) => [tr.id, tr]));
  const goneAt = new Map<number, number>();
  for (const e of events) {
    if ((e.type === "pocket" || e.type === "off-table") && !goneAt.has(e.ball)) goneAt.set(e.ball, e.t);
  }
  const lastSample = Math.max(0, ...traces.map((tr) => tr.points.at(-1)?.[0] ?? 0));
  const length = Math.max(Number.isFinite(duration) ? duration : 0, lastSample);
  const still = before.filter((b) => !traced.has(b.id));
  const sortedEvents = [...events].sort((a, b) => a.t - b.t);
  return {
    duration: length,
    positionsAt(t) {
      const clamped = Math.min(Math.max(t, 0), length);
      const spots: BallSpot[] = still.filter((b) => (goneAt.get(b.id) ?? Number.POSITIVE_INFINITY) > clamped);
      for (const [id, trace] of traced) {
        const gone = goneAt.get(id);
        if (gone !== undefined && clamped >= gone) continue;
        const p = traceAt(trace, clamped);
        spots.push({ id, x: p.x, y: p.y });
      }
      return spots.sort((a, b) => a.id - b.id);
    },
    eventsBetween(from, to) {
      return sortedEvents.filter((e) => e.t > from && e.t <= to);
    },
    speedBefore(id, t) {
      const trace = traced.get(id);
      if (!trace) return 0;
      const a = traceAt(trace, t - SPEED_WINDOW);
      const b = traceAt(trace, t);
      return Math.hypot(b.x - a.x, b.y - a.y) / SPEED_WINDOW;
    },
  };
}

/**
 * Seconds into the shot at a frame: the shot began `elapsedMs` before it was received (a late joiner sees
 * the rest of the running shot, not a restart), clamped to the animation.
 */
export function playbackTime(nowMs: number, receivedAtMs: number, elapsedMs: number, duration: number): number {
  const t = (nowMs - receivedAtMs + Math.max(0, elapsedMs)) / 1000;
  return Math.min(Math.max(t, 0), duration);
}

/** Decodes the protocol's base64 trace (browser and Node alike). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
