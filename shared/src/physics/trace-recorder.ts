import type { BallTrace, TracePoint } from "../shot/trace-codec.ts";

const NO_POINTS = new Float64Array(0);

/**
 * Builds a ball's trace while it moves, keeping only the samples needed for linear interpolation (in time)
 * to stay within `tolerance` of the simulated path. The simulated path is itself piecewise linear between
 * the points offered here (step ends and contacts), so checking the buffered vertices against the candidate
 * chord bounds the error everywhere. Contacts are kinks and are always kept.
 */
export class TraceRecorder {
  readonly #tolerance: number;
  readonly #points: TracePoint[] = [];
  /**
   * Points offered since the last kept sample, not yet kept: time, x and y side by side. A point is offered
   * every step for every moving ball and most are never kept, so they wait here rather than as small arrays.
   */
  #pending = NO_POINTS;
  #pendingCount = 0;

  constructor(t: number, x: number, y: number, tolerance: number) {
    this.#tolerance = tolerance;
    this.#points.push([t, x, y]);
  }

  /** A point on the path; kept only if later points make it necessary. */
  offer(t: number, x: number, y: number): void {
    if (this.#pendingCount > 0 && !this.#chordFits(t, x, y)) {
      this.#points.push(this.#lastPending());
      this.#pendingCount = 0;
    }
    this.#hold(t, x, y);
  }

  /** A point that must be kept (a contact, the drop, the resting place). */
  keep(t: number, x: number, y: number): void {
    this.offer(t, x, y);
    const previous = this.#points[this.#points.length - 1]!;
    if (t > previous[0] || x !== previous[1] || y !== previous[2]) this.#points.push([t, x, y]);
    this.#pendingCount = 0;
  }

  finish(id: number): BallTrace {
    if (this.#pendingCount > 0) this.#points.push(this.#lastPending());
    this.#pendingCount = 0;
    return { id, points: this.#points };
  }

  #hold(t: number, x: number, y: number): void {
    if (3 * (this.#pendingCount + 1) > this.#pending.length) {
      // Made when the ball first moves: most balls of a shot never do.
      const grown = new Float64Array(Math.max(3 * 16, this.#pending.length * 2));
      grown.set(this.#pending);
      this.#pending = grown;
    }
    const at = 3 * this.#pendingCount++;
    this.#pending[at] = t;
    this.#pending[at + 1] = x;
    this.#pending[at + 2] = y;
  }

  #lastPending(): TracePoint {
    const at = 3 * (this.#pendingCount - 1);
    return [this.#pending[at]!, this.#pending[at + 1]!, this.#pending[at + 2]!];
  }

  #chordFits(endT: number, endX: number, endY: number): boolean {
    const start = this.#points[this.#points.length - 1]!;
    const span = endT - start[0];
    if (span <= 0) return false;
    const limit = this.#tolerance * this.#tolerance;
    const pending = this.#pending;
    for (let at = 0; at < 3 * this.#pendingCount; at += 3) {
      const f = (pending[at]! - start[0]) / span;
      const ex = start[1] + (endX - start[1]) * f - pending[at + 1]!;
      const ey = start[2] + (endY - start[2]) * f - pending[at + 2]!;
      if (ex * ex + ey * ey > limit) return false;
    }
    return true;
  }
}
