import type { ShotEvent } from "@habibka/shared";
import {
  analyseSafety,
  type CalledBall,
  readShotLog,
  type SafetyCondition,
  type SafetyProof,
  type ShotVerdict,
} from "@habibka/shared/rules";
import { type BallPosition, COLOURED_BALL, POCKETS, type PocketId } from "@habibka/shared/table";

/**
 * What decided a shot's verdict, as things to draw where they happened: the cue ball's first contact, the
 * cushions each ball touched in order, the centre-line crossings, the called ball's way to its pocket, a
 * touched coloured ball, a ball stopped in a pocket's mouth, the balls that dropped, left the table or were
 * spotted (and where they went). The items of the chain that satisfied the safety rule (clause 3) are marked,
 * reusing the rules' own `analyseSafety` on the shot's events (pure data, so the page judges nothing new).
 *
 * Pure: events + verdict + the table at the stroke (and, when known, where the balls stopped and the table
 * after the rules) in, items out; the live table, the match page and the server's pictures paint them.
 */

export interface Vec {
  readonly x: number;
  readonly y: number;
}

/** The fields of a shot's verdict the drawing reads (a record from an earlier version may lack the newer ones). */
export type DrawnVerdict = Pick<ShotVerdict, "foul" | "reasons" | "safety" | "spotted" | "drops"> &
  Partial<Pick<ShotVerdict, "penaltyBall" | "paidDebt" | "coloured" | "lastBall" | "cue">>;

export interface VerdictDrawingInput {
  readonly events: readonly ShotEvent[];
  readonly verdict: DrawnVerdict;
  /** The ball struck with the cue. */
  readonly cue: number;
  readonly call: readonly CalledBall[];
  /** The table at the stroke. */
  readonly before: readonly BallPosition[];
  /** Where the physics left the balls (the trace's last points); improves the last leg of each path. */
  readonly rest?: readonly BallPosition[];
  /** The table for the next shot (spotted balls placed); without it spotted balls are drawn where they left. */
  readonly after?: readonly BallPosition[];
}

interface Base {
  /** Seconds from the stroke when it happened; null for what the rules did after the balls stopped. */
  readonly t: number | null;
  /** The clause it bears on ("3", "3c", "6", "17", …). */
  readonly clause: string;
  /** Part of the chain of events that satisfied the safety rule. */
  readonly proof: boolean;
  /** The event it marks, as its index in the shot's ordered log (readShotLog); null for what the rules did. */
  readonly event: number | null;
}

export type DrawingItem =
  | (Base & { readonly kind: "first-contact"; readonly at: Vec; readonly cue: number; readonly ball: number })
  | (Base & { readonly kind: "miss"; readonly at: Vec; readonly cue: number })
  /** A later collision that is a link of the safety chain (clause 3d, 3f, 3h, 3i: "struck another ball"). */
  | (Base & { readonly kind: "contact"; readonly at: Vec; readonly a: number; readonly b: number })
  | (Base & {
      readonly kind: "cushion";
      readonly at: Vec;
      readonly ball: number;
      /** 1 for the ball's first cushion, 2 for its second … */
      readonly order: number;
      readonly cushion: string;
      readonly jaw: PocketId | null;
    })
  | (Base & { readonly kind: "centre-line"; readonly at: Vec; readonly ball: number })
  | (Base & {
      readonly kind: "called-path";
      readonly ball: number;
      readonly pocket: PocketId;
      readonly way: "direct" | "bank";
      readonly points: readonly Vec[];
      /** It dropped as called, dropped elsewhere or another way, or did not drop. */
      readonly outcome: "as-called" | "not-as-called" | "missed";
    })
  | (Base & { readonly kind: "drop"; readonly at: Vec; readonly ball: number; readonly pocket: PocketId })
  | (Base & { readonly kind: "coloured-touched"; readonly at: Vec; readonly by: number })
  | (Base & { readonly kind: "in-mouth"; readonly at: Vec; readonly ball: number; readonly pocket: PocketId })
  | (Base & { readonly kind: "off-table"; readonly at: Vec; readonly ball: number })
  | (Base & {
      readonly kind: "spotted";
      readonly ball: number;
      /** Where it left play; null for a ball taken from the shelf (the penalty, clause 15). */
      readonly from: Vec | null;
      readonly to: Vec | null;
      readonly why: "foot" | "penalty" | "debt" | "coloured" | "returned";
    })
  | (Base & { readonly kind: "safety-chain"; readonly condition: SafetyCondition; readonly points: readonly Vec[] });

export type DrawingKind = DrawingItem["kind"];

export interface VerdictDrawing {
  readonly items: readonly DrawingItem[];
  /** How clause 3 went: met by a condition (its items are `proof`), missed (a foul), or not in play. */
  readonly safety: { readonly met: true; readonly condition: SafetyCondition } | { readonly met: false } | null;
}

/** More than this many cushion marks for one ball (a break's long runs) say nothing more. */
const CUSHIONS_PER_BALL = 6;

/** Where a ball is known to have been, and when: the stroke, its contacts, its drop, its rest. */
interface Waypoint extends Vec {
  readonly t: number;
}

function waypoints(input: VerdictDrawingInput, events: readonly ShotEvent[]): Map<number, Waypoint[]> {
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
function crossingPoint(path: readonly Waypoint[], t: number): Vec {
  const next = path.findIndex((p) => p.t > t);
  const from = next > 0 ? path[next - 1]! : (path.filter((p) => p.t <= t).at(-1) ?? path[0]);
  const to = next >= 0 ? path[next] : undefined;
  if (!from) return { x: 0, y: 0 };
  if (!to || Math.sign(from.x) === Math.sign(to.x) || from.x === to.x) return { x: 0, y: from.y };
  const f = from.x / (from.x - to.x);
  return { x: 0, y: from.y + (to.y - from.y) * f };
}

function lastPoint(path: readonly Waypoint[] | undefined, t = Number.POSITIVE_INFINITY): Vec | null {
  const point = path?.filter((p) => p.t <= t).at(-1);
  return point ? { x: point.x, y: point.y } : null;
}

function where(list: readonly BallPosition[] | undefined, ball: number): Vec | null {
  const b = list?.find((p) => p.id === ball);
  return b ? { x: b.x, y: b.y } : null;
}

function proofFor(verdict: DrawnVerdict, proofs: readonly SafetyProof[]): SafetyProof | null {
  if (!verdict.safety) return null;
  return proofs.find((p) => p.condition === verdict.safety) ?? null;
}

function spotReason(verdict: DrawnVerdict, ball: number): Extract<DrawingItem, { kind: "spotted" }>["why"] {
  if (ball === verdict.penaltyBall) return "penalty";
  if (verdict.paidDebt?.includes(ball)) return "debt";
  if (ball === COLOURED_BALL) return "coloured";
  return "foot";
}

const SPOT_CLAUSE: Readonly<Record<Extract<DrawingItem, { kind: "spotted" }>["why"], string>> = {
  foot: "4",
  penalty: "15",
  debt: "15",
  coloured: "13",
  returned: "10",
};

export function verdictDrawing(input: VerdictDrawingInput): VerdictDrawing {
  const { verdict, cue } = input;
  // The rules' own ordered log: the safety proofs name events by their index in it.
  const log = readShotLog(input.events, cue);
  const events = log.events;
  const paths = waypoints(input, events);
  const analysis = analyseSafety(log, input.before, input.rest ?? []);
  const proof = proofFor(verdict, analysis.proofs);
  const chain = new Set(proof?.events ?? []);
  const safetyClause = proof ? `3${proof.condition}` : "3";
  const items: DrawingItem[] = [];
  const inProof = (index: number) => chain.has(index);
  const clauseOf = (index: number, otherwise = "3") => (inProof(index) ? safetyClause : otherwise);

  const first = analysis.firstCollision;
  if (first === null) {
    items.push({
      kind: "miss",
      at: where(input.before, cue) ?? { x: 0, y: 0 },
      cue,
      t: 0,
      clause: "17",
      proof: false,
      event: null,
    });
  }
  const cushionsSeen = new Map<number, number>();
  let colouredShown = false;
  events.forEach((e, index) => {
    if (e.type === "collision") {
      if (index === first) {
        const ball = e.a === cue ? e.b : e.a;
        const [cx, cy, bx, by] = e.a === cue ? [e.ax, e.ay, e.bx, e.by] : [e.bx, e.by, e.ax, e.ay];
        items.push({
          kind: "first-contact",
          at: { x: (cx + bx) / 2, y: (cy + by) / 2 },
          cue,
          ball,
          t: e.t,
          clause: ball === COLOURED_BALL ? "10" : "3",
          proof: inProof(index),
          event: index,
        });
      }
      if (!colouredShown && (e.a === COLOURED_BALL || e.b === COLOURED_BALL)) {
        colouredShown = true;
        const by = e.a === COLOURED_BALL ? e.b : e.a;
        const at = e.a === COLOURED_BALL ? { x: e.ax, y: e.ay } : { x: e.bx, y: e.by };
        // Touching it is the foul of clause 10, except in last-ball play, where it is the deciding ball (clause 12).
        const clause = verdict.reasons.includes("coloured-touched") || !verdict.lastBall?.before ? "10" : "12";
        items.push({ kind: "coloured-touched", at, by, t: e.t, clause, proof: false, event: index });
      }
      if (index !== first && inProof(index)) {
        items.push({
          kind: "contact",
          at: { x: (e.ax + e.bx) / 2, y: (e.ay + e.by) / 2 },
          a: e.a,
          b: e.b,
          t: e.t,
          clause: safetyClause,
          proof: true,
          event: index,
        });
      }
    } else if (e.type === "cushion") {
      const order = (cushionsSeen.get(e.ball) ?? 0) + 1;
      cushionsSeen.set(e.ball, order);
      if (order > CUSHIONS_PER_BALL && !inProof(index)) return;
      items.push({
        kind: "cushion",
        at: { x: e.x, y: e.y },
        ball: e.ball,
        order,
        cushion: e.cushion,
        jaw: e.jaw ?? null,
        t: e.t,
        clause: clauseOf(index),
        proof: inProof(index),
        event: index,
      });
    } else if (e.type === "centre-line") {
      items.push({
        kind: "centre-line",
        at: crossingPoint(paths.get(e.ball) ?? [], e.t),
        ball: e.ball,
        t: e.t,
        clause: clauseOf(index),
        proof: inProof(index),
        event: index,
      });
    } else if (e.type === "pocket") {
      if (events.findIndex((o) => o.type === "pocket" && o.ball === e.ball) !== index) return;
      const drop = verdict.drops.find((d) => d.ball === e.ball);
      items.push({
        kind: "drop",
        at: POCKETS[e.pocket].mouthCentre,
        ball: e.ball,
        pocket: e.pocket,
        t: e.t,
        clause: inProof(index) ? safetyClause : drop?.fate === "straight-flying" ? "7" : "6",
        proof: inProof(index),
        event: index,
      });
    } else if (e.type === "off-table") {
      items.push({
        kind: "off-table",
        at: lastPoint(paths.get(e.ball), e.t) ?? { x: 0, y: 0 },
        ball: e.ball,
        t: e.t,
        clause: "17",
        proof: false,
        event: index,
      });
    } else if (e.type === "in-mouth") {
      items.push({
        kind: "in-mouth",
        at: where(input.rest, e.ball) ?? POCKETS[e.pocket].mouthCentre,
        ball: e.ball,
        pocket: e.pocket,
        t: e.t,
        clause: inProof(index) ? safetyClause : "3b",
        proof: inProof(index),
        event: index,
      });
    }
  });

  for (const called of input.call) {
    const path = paths.get(called.ball) ?? [];
    const drop = verdict.drops.find((d) => d.ball === called.ball);
    const dropEvent = events.find((e) => e.type === "pocket" && e.ball === called.ball);
    const end = dropEvent?.t ?? Number.POSITIVE_INFINITY;
    const points = path
      .filter((p) => p.t <= end)
      .map(({ x, y }) => ({ x, y }))
      .filter((p, i, all) => i === 0 || p.x !== all[i - 1]!.x || p.y !== all[i - 1]!.y);
    const outcome = drop?.fate === "called" ? "as-called" : drop ? "not-as-called" : "missed";
    items.push({
      kind: "called-path",
      ball: called.ball,
      pocket: called.pocket,
      way: called.way,
      points,
      outcome,
      t: dropEvent?.t ?? null,
      clause: drop?.fate === "partial-double-call" ? "8" : "6",
      proof: false,
      event: dropEvent ? events.indexOf(dropEvent) : null,
    });
  }

  if (proof && proof.events.length > 1) {
    const points = proof.events.flatMap((index) => {
      const item = items.find((i) => i.event === index && "at" in i);
      return item && "at" in item ? [item.at] : [];
    });
    if (points.length > 1) {
      items.push({
        kind: "safety-chain",
        condition: proof.condition,
        points,
        t: events[proof.events.at(-1)!]?.t ?? null,
        clause: safetyClause,
        proof: true,
        event: null,
      });
    }
  }

  const spotted = [...verdict.spotted];
  for (const ball of spotted) {
    const why = spotReason(verdict, ball);
    const dropEvent = events.find((e) => e.type === "pocket" && e.ball === ball);
    const from =
      why === "penalty" && !dropEvent
        ? null
        : dropEvent?.type === "pocket"
          ? POCKETS[dropEvent.pocket].mouthCentre
          : lastPoint(paths.get(ball));
    const to = where(input.after, ball);
    items.push({ kind: "spotted", ball, from, to, why, t: null, clause: SPOT_CLAUSE[why], proof: false, event: null });
  }
  if (verdict.coloured === "returned" && !spotted.includes(COLOURED_BALL)) {
    items.push({
      kind: "spotted",
      ball: COLOURED_BALL,
      from: where(input.rest, COLOURED_BALL),
      to: where(input.after, COLOURED_BALL),
      why: "returned",
      t: null,
      clause: "10",
      proof: false,
      event: null,
    });
  }

  // The verdict is the authority: a letter the rules of today cannot prove (an older record) is still shown.
  const safety: VerdictDrawing["safety"] = verdict.safety
    ? { met: true, condition: verdict.safety }
    : verdict.reasons.includes("no-safety")
      ? { met: false }
      : null;
  return { items, safety };
}

/** The items that have happened by time `t` of the shot's playback (all of them once the balls stop). */
export function itemsBy(drawing: VerdictDrawing, t: number, stopped: boolean): DrawingItem[] {
  return drawing.items.filter((item) => (item.t === null ? stopped : item.t <= t || stopped));
}

/** A played stroke as the record, the live table and the match page carry it. */
export interface PlayedShot {
  readonly kind: string;
  readonly request: unknown;
  readonly verdict: unknown;
  readonly events: readonly ShotEvent[];
}

/** A shot's verdict with the fields the drawing reads (a lag's verdict, or a stranger one, has not). */
export function isDrawnVerdict(verdict: unknown): verdict is DrawnVerdict {
  const v = verdict as Partial<DrawnVerdict> | null;
  return !!v && typeof v.foul === "boolean" && Array.isArray(v.reasons) && Array.isArray(v.drops);
}

/**
 * The drawing of a played stroke, its cue ball and call read from the request it was played with; null for
 * the lag (two strokes, no verdict of this kind) and for a verdict this version cannot read.
 */
export function drawingOfShot(
  shot: PlayedShot,
  tables: {
    readonly before: readonly BallPosition[];
    /** Null or left out where the record does not say. */
    readonly rest?: readonly BallPosition[] | null;
    readonly after?: readonly BallPosition[] | null;
  },
): VerdictDrawing | null {
  if (shot.kind === "lag" || !isDrawnVerdict(shot.verdict)) return null;
  const request = shot.request as { stroke?: { cue?: number }; call?: readonly CalledBall[] } | null;
  return verdictDrawing({
    events: shot.events,
    verdict: shot.verdict,
    cue: request?.stroke?.cue ?? shot.verdict.cue ?? 0,
    call: request?.call ?? [],
    before: tables.before,
    ...(tables.rest ? { rest: tables.rest } : {}),
    ...(tables.after ? { after: tables.after } : {}),
  });
}
