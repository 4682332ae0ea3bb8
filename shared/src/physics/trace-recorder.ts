import type { BallTrace, TracePoint } from "../shot/trace-codec.ts";

/**
 * Builds a ball's trace while it moves, keeping only the samples needed for linear interpolation (in time)
 * to stay within `tolerance` of the simulated path. The simulated path is itself piecewise linear between
 * the points offered here (step ends and contacts), so checking the buffered vertices against the candidate
 * chord bounds the error everywhere. Contacts are kinks and are always kept.
 */
export class TraceRecorder {
  readonly #tolerance: number;
  readonly #points: TracePoint[] = [];
  /** Points offered since the last kept sample, not yet kept. */
  #pending: TracePoint[] = [];

  constructor(t: number, x: number, y: number, tolerance: number) {
    this.#tolerance = tolerance;
    this.#points.push([t, x, y]);
  }

  /** A point on the path; kept only if later points make it necessary. */
  offer(t: number, x: number, y: number): void {
    const point: TracePoint = [t, x, y];
    if (this.#pending.length > 0 && !this.#chordFits(point)) {
      this.#points.push(this.#pending[this.#pending.length - 1]!);
      this.#pending = [];
    }
    this.#pending.push(point);
  }

  /** A point that must be kept (a contact, the drop, the resting place). */
  keep(t: number, x: number, y: number): void {
    this.offer(t, x, y);
    const last = this.#pending[this.#pending.length - 1]!;
    const previous = this.#points[this.#points.length - 1]!;
    if (last[0] > previous[0] || last[1] !== previous[1] || last[2] !== previous[2]) this.#points.push(last);
    this.#pending = [];
  }

  finish(id: number): BallTrace {
    if (this.#pending.length > 0) this.#points.push(this.#pending[this.#pending.length - 1]!);
    this.#pending = [];
    return { id, points: this.#points };
  }

  #chordFits(end: TracePoint): boolean {
    const start = this.#points[this.#points.length - 1]!;
    const span = end[0] - start[0];
    if (span <= 0) return false;
    const limit = this.#tolerance * this.#tolerance;
    for (const p of this.#pending) {
      const f = (p[0] - start[0]) / span;
      const ex = start[1] + (end[1] - start[1]) * f - p[1];
      const ey = start[2] + (end[2] - start[2]) * f - p[2];
      if (ex * ex + ey * ey > limit) return false;
    }
    return true;
  }
}
