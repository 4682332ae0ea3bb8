import { type BallTrace, type ShotEvent, traceAt } from "@habibka/shared";
import { POCKETS, type PocketId } from "@habibka/shared/table";

/**
 * A shot as the client plays it back: each ball that moved follows its decoded trace by linear
 * interpolation; a ball that drops rolls on into its pocket's hole and sinks there; every other ball stays
 * where it was before the shot. The playback lasts the server's `duration`, the perceptible part of the
 * motion: at its end every ball is put on its resting place (the trace's last sample), so the last
 * millimetres of creep are not waited for. Pure: given a time it answers positions, so frames never
 * accumulate drift or jumps.
 */

export interface BallSpot {
  readonly id: number;
  readonly x: number;
  readonly y: number;
  /** 0 on the cloth, rising to 1 as the ball sinks into a pocket. */
  readonly sink?: number;
}

export interface ShotAnimation {
  /** Length in seconds. */
  readonly duration: number;
  /** Balls on the table (and sinking into a pocket) at time `t` seconds from the stroke. */
  positionsAt(t: number): BallSpot[];
  /** Events in (from, to]: sounds are played for each once. */
  eventsBetween(from: number, to: number): ShotEvent[];
  /** A ball's speed (m/s) just before time t, from its trace; 0 for a ball that did not move. */
  speedBefore(id: number, t: number): number;
}

/** The window over which a speed is read from the trace: short enough to stop before the contact. */
const SPEED_WINDOW = 0.015;
/** How long a pocketed ball is seen rolling into the hole and sinking. */
export const DROP_SECONDS = 0.35;
/** How far behind the mouth, along the pocket's axis, the hole's centre is drawn. */
const HOLE_DEPTH = 0.05;

interface Gone {
  readonly t: number;
  readonly pocket: PocketId | null;
}

export function buildAnimation(
  before: readonly BallSpot[],
  traces: readonly BallTrace[],
  events: readonly ShotEvent[],
  duration: number,
): ShotAnimation {
  const traced = new Map(traces.filter((tr) => tr.points.length > 0).map((tr) => [tr.id, tr]));
  const gone = new Map<number, Gone>();
  for (const e of events) {
    if ((e.type !== "pocket" && e.type !== "off-table") || gone.has(e.ball)) continue;
    gone.set(e.ball, { t: e.t, pocket: e.type === "pocket" ? e.pocket : null });
  }
  const lastSample = Math.max(0, ...traces.map((tr) => tr.points.at(-1)?.[0] ?? 0));
  const lastDrop = Math.max(0, ...[...gone.values()].filter((g) => g.pocket).map((g) => g.t + DROP_SECONDS));
  // A record without a duration plays its whole trace; a drop is always seen to its end.
  const length = Math.max(Number.isFinite(duration) && duration > 0 ? duration : lastSample, lastDrop);
  const still = before.filter((b) => !traced.has(b.id));
  const sortedEvents = [...events].sort((a, b) => a.t - b.t);

  function spotOf(id: number, x: number, y: number, t: number, at: (time: number) => { x: number; y: number }) {
    const g = gone.get(id);
    if (!g || t < g.t) return { id, x, y };
    if (!g.pocket || t >= g.t + DROP_SECONDS) return null;
    const pocket = POCKETS[g.pocket];
    const from = at(g.t);
    const hole = {
      x: pocket.mouthCentre.x + pocket.axis.x * HOLE_DEPTH,
      y: pocket.mouthCentre.y + pocket.axis.y * HOLE_DEPTH,
    };
    const f = (t - g.t) / DROP_SECONDS;
    return { id, x: from.x + (hole.x - from.x) * f, y: from.y + (hole.y - from.y) * f, sink: f };
  }

  return {
    duration: length,
    positionsAt(t) {
      const clamped = Math.min(Math.max(t, 0), length);
      const spots: BallSpot[] = [];
      for (const b of still) {
        const spot = spotOf(b.id, b.x, b.y, clamped, () => b);
        if (spot) spots.push(spot);
      }
      for (const [id, trace] of traced) {
        // At the end every ball is on its resting place, however slowly the trace was still creeping.
        const p = clamped >= length ? traceAt(trace, Number.POSITIVE_INFINITY) : traceAt(trace, clamped);
        const spot = spotOf(id, p.x, p.y, clamped, (time) => traceAt(trace, time));
        if (spot) spots.push(spot);
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
