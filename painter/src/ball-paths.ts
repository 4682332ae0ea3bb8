import type { ShotEvent } from "@habibka/shared";
import { type BallPosition, POCKETS, type Point } from "@habibka/shared/table";
import type { VerdictDrawingInput } from "./drawing-items.ts";

/**
 * Where each ball went during a shot, as far as its events tell: the balls run straight between the points
 * known (the stroke, each contact, the drop, the rest), which is all the drawing needs to place its marks.
 */

/** Where a ball is known to have been, and when: the stroke, its contacts, its drop, its rest. */
export interface Waypoint extends Point {
  readonly t: number;
}

export function waypoints(input: VerdictDrawingInput, events: readonly ShotEvent[]): Map<number, Waypoint[]> {
  const paths = new Map<number, Waypoint[]>();
  const add = (ball: number, point: Waypoint) => {
    const list = paths.get(ball);
    if (list) list.push(point);
    else paths.set(ball, [point]);
  };
  for (const b of input.before) add(b.id, { x: b.x, y: b.y, t: 0 });
  for (const e of events) {
    if (e.type === "collision") {
      add(e.a, { x: e.ax, y: e.ay, t: e.t });
      add(e.b, { x: e.bx, y: e.by, t: e.t });
    } else if (e.type === "cushion") add(e.ball, { x: e.x, y: e.y, t: e.t });
    else if (e.type === "pocket") add(e.ball, { ...POCKETS[e.pocket].mouthCentre, t: e.t });
  }
  const gone = new Set(events.flatMap((e) => (e.type === "pocket" || e.type === "off-table" ? [e.ball] : [])));
  for (const r of input.rest ?? []) if (!gone.has(r.id)) add(r.id, { x: r.x, y: r.y, t: Number.POSITIVE_INFINITY });
  return paths;
}

/** The point of a ball's path where its centre crossed x = 0 at time `t` (balls run straight between contacts). */
export function crossingPoint(path: readonly Waypoint[], t: number): Point {
  const next = path.findIndex((p) => p.t > t);
  const from = next > 0 ? path[next - 1]! : (path.filter((p) => p.t <= t).at(-1) ?? path[0]);
  const to = next >= 0 ? path[next] : undefined;
  if (!from) return { x: 0, y: 0 };
  if (!to || Math.sign(from.x) === Math.sign(to.x) || from.x === to.x) return { x: 0, y: from.y };
  const f = from.x / (from.x - to.x);
  return { x: 0, y: from.y + (to.y - from.y) * f };
}

export function lastPoint(path: readonly Waypoint[] | undefined, t = Number.POSITIVE_INFINITY): Point | null {
  const point = path?.filter((p) => p.t <= t).at(-1);
  return point ? { x: point.x, y: point.y } : null;
}

export function where(list: readonly BallPosition[] | undefined, ball: number): Point | null {
  const b = list?.find((p) => p.id === ball);
  return b ? { x: b.x, y: b.y } : null;
}
