import type {
  CollisionEvent,
  CushionEvent,
  InMouthEvent,
  OffTableEvent,
  PocketEvent,
  ShotEvent,
} from "../shot/shot-events.ts";
import type { BallPosition } from "../table/balls.ts";
import type { CushionId } from "../table/cushions.ts";
import type { PocketId } from "../table/pockets.ts";

/**
 * Small named questions about one shot, asked of its event log. Every rule reads the shot
 * through these, so "what happened" is decided in one place.
 *
 * Positions in the log are indices into `ShotLog.events`, which is the log in time order with equal
 * times kept in log order (I23). "Then" in the rules means a larger index.
 */
export interface ShotLog {
  readonly events: readonly ShotEvent[];
  /** The ball struck with the cue. */
  readonly cue: number;
  /** Per-ball lists built once, so that the chain searches of clause 3 stay fast on long logs. */
  readonly index: ShotLogIndex;
}

export interface Indexed<E> {
  readonly index: number;
  readonly event: E;
}

export interface ShotLogIndex {
  readonly collisions: readonly Indexed<CollisionEvent>[];
  readonly collisionsByBall: ReadonlyMap<number, readonly Indexed<CollisionEvent>[]>;
  readonly cushionsByBall: ReadonlyMap<number, readonly Indexed<CushionEvent>[]>;
  readonly crossingsByBall: ReadonlyMap<number, readonly number[]>;
  readonly pockets: readonly Indexed<PocketEvent>[];
  readonly offTable: readonly Indexed<OffTableEvent>[];
  readonly inMouth: readonly Indexed<InMouthEvent>[];
}

function append<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function buildIndex(events: readonly ShotEvent[]): ShotLogIndex {
  const collisions: Indexed<CollisionEvent>[] = [];
  const collisionsByBall = new Map<number, Indexed<CollisionEvent>[]>();
  const cushionsByBall = new Map<number, Indexed<CushionEvent>[]>();
  const crossingsByBall = new Map<number, number[]>();
  const pockets: Indexed<PocketEvent>[] = [];
  const offTable: Indexed<OffTableEvent>[] = [];
  const inMouth: Indexed<InMouthEvent>[] = [];
  events.forEach((event, index) => {
    switch (event.type) {
      case "collision": {
        const entry = { index, event };
        collisions.push(entry);
        append(collisionsByBall, event.a, entry);
        if (event.b !== event.a) append(collisionsByBall, event.b, entry);
        break;
      }
      case "cushion":
        append(cushionsByBall, event.ball, { index, event });
        break;
      case "centre-line":
        append(crossingsByBall, event.ball, index);
        break;
      case "pocket":
        pockets.push({ index, event });
        break;
      case "off-table":
        offTable.push({ index, event });
        break;
      case "in-mouth":
        inMouth.push({ index, event });
        break;
      default:
        break;
    }
  });
  return { collisions, collisionsByBall, cushionsByBall, crossingsByBall, pockets, offTable, inMouth };
}

export function readShotLog(events: readonly ShotEvent[], cue: number): ShotLog {
  // Array.prototype.sort is stable, so equal times keep the order the physics appended them in (I23).
  const ordered = events.map((event, index) => ({ event, index }));
  ordered.sort((p, q) => p.event.t - q.event.t || p.index - q.index);
  const sorted = ordered.map((o) => o.event);
  return { events: sorted, cue, index: buildIndex(sorted) };
}

export function involves(collision: CollisionEvent, ball: number): boolean {
  return collision.a === ball || collision.b === ball;
}

/** The other ball of a collision that involves `ball` (a collision is symmetric, I23). */
export function partnerOf(collision: CollisionEvent, ball: number): number {
  return collision.a === ball ? collision.b : collision.a;
}

/** Where `ball` was at the moment of a collision it took part in. */
export function positionIn(collision: CollisionEvent, ball: number): { x: number; y: number } {
  return collision.a === ball ? { x: collision.ax, y: collision.ay } : { x: collision.bx, y: collision.by };
}

export function collisions(log: ShotLog): readonly Indexed<CollisionEvent>[] {
  return log.index.collisions;
}

/** Collisions of `ball` strictly after index `after` (default: all). */
export function collisionsOf(log: ShotLog, ball: number, after = -1): Indexed<CollisionEvent>[] {
  return (log.index.collisionsByBall.get(ball) ?? []).filter((c) => c.index > after);
}

/** The cue ball's first contact with another ball (I14): it starts the clause-3 count. */
export function firstContact(log: ShotLog): { index: number; ball: number } | null {
  const first = collisionsOf(log, log.cue)[0];
  return first === undefined ? null : { index: first.index, ball: partnerOf(first.event, log.cue) };
}

/** Cushion contacts of `ball` (jaw contacts included, as the segment they belong to, I5). */
export function cushionContacts(log: ShotLog, ball: number, after = -1, before = Infinity): Indexed<CushionEvent>[] {
  return (log.index.cushionsByBall.get(ball) ?? []).filter((c) => c.index > after && c.index < before);
}

export function segmentsTouched(log: ShotLog, ball: number, after = -1, before = Infinity): Set<CushionId> {
  return new Set(cushionContacts(log, ball, after, before).map((c) => c.event.cushion));
}

export function centreLineCrossings(log: ShotLog, ball: number, after = -1): number[] {
  return (log.index.crossingsByBall.get(ball) ?? []).filter((index) => index > after);
}

export interface Dropped {
  readonly ball: number;
  readonly pocket: PocketId;
  readonly index: number;
}

/** Balls that fell into a pocket, in the order they fell; a ball is counted at its first pocket event. */
export function droppedBalls(log: ShotLog): Dropped[] {
  const seen = new Set<number>();
  const out: Dropped[] = [];
  for (const p of log.index.pockets) {
    if (seen.has(p.event.ball)) continue;
    seen.add(p.event.ball);
    out.push({ ball: p.event.ball, pocket: p.event.pocket, index: p.index });
  }
  return out;
}

export function droppedBall(log: ShotLog, ball: number): Dropped | undefined {
  return droppedBalls(log).find((d) => d.ball === ball);
}

/** Balls that left the table over a cushion (clause 17), in order, each once. */
export function offTableBalls(log: ShotLog): { ball: number; index: number }[] {
  const seen = new Set<number>();
  const out: { ball: number; index: number }[] = [];
  for (const o of log.index.offTable) {
    if (seen.has(o.event.ball) || droppedBall(log, o.event.ball)) continue;
    seen.add(o.event.ball);
    out.push({ ball: o.event.ball, index: o.index });
  }
  return out;
}

/** Every ball that left play (pocket or off the table), in the order it left (I20's spotting order). */
export function leftPlay(log: ShotLog): { ball: number; index: number; how: "pocket" | "off-table" }[] {
  return [
    ...droppedBalls(log).map((d) => ({ ball: d.ball, index: d.index, how: "pocket" as const })),
    ...offTableBalls(log).map((o) => ({ ball: o.ball, index: o.index, how: "off-table" as const })),
  ].sort((p, q) => p.index - q.index);
}

/** Balls resting across a pocket's mouth line at the end of the shot (I6). */
export function restingInMouth(log: ShotLog): readonly Indexed<InMouthEvent>[] {
  return log.index.inMouth;
}

/** Did `a` and `b` touch at any time in the shot? */
export function haveTouched(log: ShotLog, a: number, b: number): boolean {
  return collisionsOf(log, a).some((c) => partnerOf(c.event, a) === b);
}

/**
 * Balls that moved in this shot: the cue ball, any ball in a collision, at a cushion or crossing the
 * centre line, and any ball whose resting place differs from where it stood (I6 needs "moved").
 */
export function movedBalls(log: ShotLog, before: readonly BallPosition[], rest: readonly BallPosition[]): Set<number> {
  const moved = new Set<number>([log.cue]);
  for (const e of log.events) {
    if (e.type === "collision") {
      moved.add(e.a);
      moved.add(e.b);
    } else if (e.type === "cushion" || e.type === "centre-line" || e.type === "pocket" || e.type === "off-table") {
      moved.add(e.ball);
    }
  }
  for (const r of rest) {
    const b = before.find((p) => p.id === r.id);
    if (b === undefined || Math.hypot(b.x - r.x, b.y - r.y) > 1e-9) moved.add(r.id);
  }
  return moved;
}
