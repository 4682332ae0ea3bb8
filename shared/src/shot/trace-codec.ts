/**
 * The shot trace and its compact binary form. The server sends the trace to every client, which animates it;
 * this module needs no physics engine, so the client can decode without pulling the simulator into its bundle.
 *
 * Binary layout (all integers unsigned LEB128 varints; signed ones zigzag-coded first):
 *   format version (1) · ball count · for each ball: id · sample count · samples
 * Each sample is the difference from the previous sample of the same ball (the first from 0) of
 *   t in units of 10 µs, x and y in units of 0.05 mm.
 * Rounding moves a point by at most 5 µs (0.06 mm at 12 m/s) and 0.025 mm per axis, so a trace kept within
 * 0.5 mm of the path decodes within 1 mm of it.
 */

/** One sample: seconds from the stroke, then the ball's centre in metres. */
export type TracePoint = [t: number, x: number, y: number];

export interface BallTrace {
  readonly id: number;
  readonly points: TracePoint[];
}

export const TRACE_FORMAT_VERSION = 1;
/** Quantisation steps of the binary form. */
export const TRACE_TIME_STEP = 1e-5;
export const TRACE_POSITION_STEP = 5e-5;

class ByteWriter {
  #bytes = new Uint8Array(256);
  #length = 0;

  unsigned(value: number): void {
    let v = value;
    while (v >= 0x80) {
      this.#byte((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.#byte(v);
  }

  signed(value: number): void {
    this.unsigned(value < 0 ? -2 * value - 1 : 2 * value);
  }

  result(): Uint8Array {
    return this.#bytes.slice(0, this.#length);
  }

  #byte(value: number): void {
    if (this.#length === this.#bytes.length) {
      const grown = new Uint8Array(this.#bytes.length * 2);
      grown.set(this.#bytes);
      this.#bytes = grown;
    }
    this.#bytes[this.#length++] = value;
  }
}

class ByteReader {
  readonly #bytes: Uint8Array;
  #offset = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  unsigned(): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      if (this.#offset >= this.#bytes.length) throw new Error("trace: truncated data");
      const byte = this.#bytes[this.#offset++]!;
      value += (byte & 0x7f) * scale;
      if (byte < 0x80) return value;
      scale *= 0x80;
      if (scale > 2 ** 49) throw new Error("trace: varint too long");
    }
  }

  signed(): number {
    const v = this.unsigned();
    return v % 2 === 0 ? v / 2 : -(v + 1) / 2;
  }

  get done(): boolean {
    return this.#offset === this.#bytes.length;
  }
}

export function encodeTrace(traces: readonly BallTrace[]): Uint8Array {
  const out = new ByteWriter();
  out.unsigned(TRACE_FORMAT_VERSION);
  out.unsigned(traces.length);
  for (const trace of traces) {
    out.unsigned(trace.id);
    out.unsigned(trace.points.length);
    let t = 0;
    let x = 0;
    let y = 0;
    for (const [pt, px, py] of trace.points) {
      // Deltas of the rounded absolute values, so rounding never accumulates along the trace.
      const qt = Math.round(pt / TRACE_TIME_STEP);
      const qx = Math.round(px / TRACE_POSITION_STEP);
      const qy = Math.round(py / TRACE_POSITION_STEP);
      out.signed(qt - t);
      out.signed(qx - x);
      out.signed(qy - y);
      t = qt;
      x = qx;
      y = qy;
    }
  }
  return out.result();
}

export function decodeTrace(bytes: Uint8Array): BallTrace[] {
  return readTrace(bytes, Number.POSITIVE_INFINITY);
}

/**
 * Each ball the trace moves with only its first sample (none for a ball without samples), the whole trace
 * read and checked as `decodeTrace` checks it: for a check of where the balls start, without building every
 * point of every path.
 */
export function traceStarts(bytes: Uint8Array): BallTrace[] {
  return readTrace(bytes, 1);
}

/** The trace's balls, each with its first `keep` samples; the rest are read (and checked) but not kept. */
function readTrace(bytes: Uint8Array, keep: number): BallTrace[] {
  const input = new ByteReader(bytes);
  const version = input.unsigned();
  if (version !== TRACE_FORMAT_VERSION) throw new Error(`trace: unknown format version ${version}`);
  const count = input.unsigned();
  const traces: BallTrace[] = [];
  for (let i = 0; i < count; i++) {
    const id = input.unsigned();
    const length = input.unsigned();
    const points: TracePoint[] = [];
    let t = 0;
    let x = 0;
    let y = 0;
    for (let k = 0; k < length; k++) {
      t += input.signed();
      x += input.signed();
      y += input.signed();
      if (k < keep) points.push([t * TRACE_TIME_STEP, x * TRACE_POSITION_STEP, y * TRACE_POSITION_STEP]);
    }
    traces.push({ id, points });
  }
  if (!input.done) throw new Error("trace: trailing bytes");
  return traces;
}

/** The ball's centre at time t by linear interpolation (held at the ends), as a client animates it. */
export function traceAt(trace: BallTrace, t: number): { x: number; y: number } {
  const points = trace.points;
  const first = points[0]!;
  if (t <= first[0]) return { x: first[1], y: first[2] };
  let lo = 0;
  let hi = points.length - 1;
  if (t >= points[hi]![0]) return { x: points[hi]![1], y: points[hi]![2] };
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (points[mid]![0] <= t) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi]!;
  const f = b[0] > a[0] ? (t - a[0]) / (b[0] - a[0]) : 1;
  return { x: a[1] + (b[1] - a[1]) * f, y: a[2] + (b[2] - a[2]) * f };
}
