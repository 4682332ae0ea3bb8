import type { CentreLineEvent, LongAxisEvent } from "../shot/shot-events.ts";

/**
 * The two lines whose crossings the log reports: the centre line x = 0 (I4) and the long axis y = 0 (the lag's
 * "other player's half", I21). Each remembers the last non-zero side (−1 or +1) every ball's centre was on, so
 * a centre that stops exactly on a line and leaves it on the side it came from crosses nothing.
 */
export interface AxisSides {
  readonly type: (CentreLineEvent | LongAxisEvent)["type"];
  /** Per ball (world order): −1 or +1, or 0 while the centre has never been off the line. */
  readonly sides: number[];
}

export function axisSides(type: AxisSides["type"], coordinates: readonly number[]): AxisSides {
  return { type, sides: coordinates.map(Math.sign) };
}

/**
 * Notes the crossing, if any, of ball `i` (id `ball`) that moved in a straight line from coordinate `before` to
 * `after` at `speed` along the axis' normal during a span that began at `t0`; the event gets the exact time.
 */
export function noteCrossing(
  axis: AxisSides,
  i: number,
  ball: number,
  before: number,
  after: number,
  speed: number,
  t0: number,
  out: (CentreLineEvent | LongAxisEvent)[],
): void {
  const side = Math.sign(after);
  const last = axis.sides[i]!;
  if (side === 0 || side === last) return;
  if (last !== 0) out.push({ t: t0 + -before / speed, type: axis.type, ball, from: last as -1 | 1 });
  axis.sides[i] = side;
}
