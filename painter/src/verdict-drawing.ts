import { analyseSafety, readShotLog, type SafetyProof } from "@habibka/shared/rules";
import { COLOURED_BALL, POCKETS } from "@habibka/shared/table";
import { crossingPoint, lastPoint, waypoints, where } from "./ball-paths.ts";
import type { DrawingItem, DrawnVerdict, VerdictDrawing, VerdictDrawingInput } from "./drawing-items.ts";

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

/** More than this many cushion marks for one ball (a break's long runs) say nothing more. */
const CUSHIONS_PER_BALL = 6;

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
