import { GRAVITY, MU_ROLL, MU_SLIDE } from "../physics/index.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallTrace } from "../shot/trace-codec.ts";
import type { BallPosition } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import type { Point } from "../table/marks.ts";
import type { FullStroke } from "./decision.ts";
import { clampSpeed, clampTip, isPushRisk } from "./execution-error.ts";
import { distance, normaliseAngle } from "./geometry.ts";
import { type PotCandidate, runnerDistance } from "./pot-candidates.ts";
import { hasBudget, runTrial, type Search, type Trial } from "./trial.ts";

/**
 * From a geometric candidate to a stroke the simulator confirms. The ghost ball ignores throw, the cushion's
 * rebound and the cue ball's curve, and a corner pocket lets a ball through only a few millimetres either side,
 * so the aim is corrected by the secant method on the called ball's signed miss at the pocket, read from the
 * simulated trace.
 */

const R = BALL_RADIUS;
const ROLLING = MU_ROLL * GRAVITY;
/** A stun ball slides to rolling at 5/7 of its speed; a rolling one then slows at μr·g. */
const SLIDE_LOSS = 7 / 5;
/** Cushion rebound kept by a banked ball (docs/PHYSICS.md: 0.76–0.83). */
const CUSHION_KEEP = 0.78;
/** Speed kept by the object ball of a full hit, (1 + e)/2. */
const TRANSFER = 0.975;
/** What the cue ball loses on its way to the contact, as an effective deceleration, m/s². */
const CUE_DECELERATION = 0.6;
/** Speeds at which the called ball should reach the pocket, m/s: medium first, then soft, then firm. */
export const ARRIVAL_SPEEDS = [0.9, 0.5, 1.6] as const;
/** A miss this small is as good as centred. */
const CENTRED = 0.0004;
const MAX_TRIALS = 5;

/** The speed a ball needs at the start of a run of `length` to arrive at `arrival`, sliding first. */
function speedForRun(length: number, arrival: number): number {
  return SLIDE_LOSS * Math.sqrt(arrival * arrival + 2 * ROLLING * length);
}

/** The stroke speed that brings the called ball to the pocket at `arrival` m/s. */
function strokeSpeed(candidate: PotCandidate, arrival: number): number {
  const cos = Math.cos((candidate.cut * Math.PI) / 180);
  const sin = Math.sin((candidate.cut * Math.PI) / 180);
  let needed: number;
  if (candidate.way === "own") needed = speedForRun(runnerDistance(candidate), arrival) / Math.max(sin, 0.2);
  else if (candidate.way === "bank") {
    const [start, bank, end] = candidate.path as [Point, Point, Point];
    const afterBank = speedForRun(distance(bank, end), arrival) / CUSHION_KEEP;
    needed = speedForRun(distance(start, bank), afterBank / SLIDE_LOSS) / (TRANSFER * Math.max(cos, 0.2));
  } else needed = speedForRun(runnerDistance(candidate), arrival) / (TRANSFER * Math.max(cos, 0.2));
  return clampSpeed(Math.min(8, Math.sqrt(needed * needed + 2 * CUE_DECELERATION * candidate.cueRun)));
}

/**
 * The draw that leaves the cue ball without spin at the contact (a stun), so that a свояк leaves along the
 * tangent line: spin R·ω = 2.5·b·v decays while the ball slides, reaching zero after b·v/(μs·g) seconds.
 */
function stunTip(speed: number, run: number): number {
  const a = MU_SLIDE * GRAVITY;
  const disc = speed * speed - 2 * a * run;
  if (disc <= 0) return 0;
  const time = (speed - Math.sqrt(disc)) / a;
  return Math.max(-0.6, -(time * a) / speed);
}

function pointAt(points: readonly (readonly [number, number, number])[], t: number): Point | null {
  for (let i = 1; i < points.length; i++) {
    const [t1, x1, y1] = points[i]!;
    const [t0, x0, y0] = points[i - 1]!;
    if (t1 >= t) {
      const f = t1 === t0 ? 1 : (t - t0) / (t1 - t0);
      return { x: x0 + (x1 - x0) * f, y: y0 + (y1 - y0) * f };
    }
  }
  return null;
}

/**
 * How far, sideways, the called ball's path passes from the pocket's target: the signed distance from the
 * target to the line of the path's piece that comes closest to it (positive when the target lies to the path's
 * left). Only the run the candidate is about counts: from the contact (after the bank's cushion for a bank) to
 * the ball's next cushion contact. Null when the ball never set off.
 */
function signedMiss(
  candidate: PotCandidate,
  events: readonly ShotEvent[],
  trace: readonly BallTrace[],
  target: Point,
): number | null {
  const runner = candidate.call.ball;
  const contact = events.find(
    (e) =>
      e.type === "collision" &&
      ((e.a === candidate.cue.id && e.b === candidate.object.id) ||
        (e.b === candidate.cue.id && e.a === candidate.object.id)),
  );
  if (!contact) return null;
  const cushions = events.filter((e) => e.type === "cushion" && e.ball === runner && e.t > contact.t);
  const start = candidate.way === "bank" ? cushions[0]?.t : contact.t;
  if (start === undefined) return null;
  const end = cushions.find((e) => e.t > start)?.t ?? Number.POSITIVE_INFINITY;
  const points = trace.find((b) => b.id === runner)?.points;
  if (!points) return null;
  const first = pointAt(points, start);
  if (!first) return null;
  const path: Point[] = [first];
  for (const [t, x, y] of points) if (t > start && t <= end) path.push({ x, y });
  if (path.length < 2) return null;
  let best = Number.POSITIVE_INFINITY;
  let miss: number | null = null;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const length = distance(a, b);
    if (length < 1e-6) continue;
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    const along = Math.max(0, Math.min(length, (target.x - a.x) * ux + (target.y - a.y) * uy));
    const gap = Math.hypot(target.x - (a.x + ux * along), target.y - (a.y + uy * along));
    if (gap < best) {
      best = gap;
      miss = ux * (target.y - a.y) - uy * (target.x - a.x);
    }
  }
  return miss;
}

/** Sensitivity of the miss to the aim, metres per degree, from the geometry of the cut (for the first step). */
function missPerDegree(candidate: PotCandidate): number {
  const cos = Math.max(0.15, Math.cos((candidate.cut * Math.PI) / 180));
  return (runnerDistance(candidate) * Math.max(candidate.cueRun, 0.05) * (Math.PI / 180)) / (2 * R * cos);
}

export interface AimedShot {
  readonly stroke: FullStroke;
  readonly trial: Trial;
}

/**
 * Tip heights tried for a cut, in turn until one scores: the centre, then draw, which keeps the cue ball from
 * following the object ball in (a foul in last-ball play, clause 14) and from running into trouble. A свояк
 * takes the stun its geometry needs instead.
 */
export const CUT_TIPS = [0, -0.4] as const;

/**
 * Finds the stroke that pots the candidate at this arrival speed: the ghost-ball aim, then secant steps on the
 * signed miss until the called ball scores near the middle of the pocket. Null when no trial scored.
 */
export function aimCandidate(
  search: Search,
  table: readonly BallPosition[],
  candidate: PotCandidate,
  arrival: number,
  tipHeight = 0,
): AimedShot | null {
  const speed = strokeSpeed(candidate, arrival);
  const tip = candidate.way === "own" ? stunTip(speed, candidate.cueRun) : tipHeight;
  const target = candidate.path[candidate.path.length - 1]!;
  const strokeAt = (angle: number): FullStroke => {
    const normalised = normaliseAngle(angle);
    const pushRisk = isPushRisk({ cue: candidate.cue.id, angle: normalised }, table);
    return { cue: candidate.cue.id, angle: normalised, speed, offset: clampTip({ x: 0, y: tip }, pushRisk) };
  };
  let best: AimedShot | null = null;
  let bestMiss = Number.POSITIVE_INFINITY;
  const tries: { angle: number; miss: number }[] = [];
  let angle = candidate.angle;
  for (let i = 0; i < MAX_TRIALS && hasBudget(search); i++) {
    const stroke = strokeAt(angle);
    const trial = runTrial(search, table, stroke, [candidate.call], true);
    const miss = signedMiss(candidate, trial.events, trial.trace ?? [], target);
    if (trial.scored && Math.abs(miss ?? 0) < bestMiss) {
      best = { stroke, trial };
      bestMiss = Math.abs(miss ?? 0);
    }
    if (miss === null || Math.abs(miss) < CENTRED) break;
    tries.push({ angle, miss });
    const last = tries[tries.length - 1]!;
    const previous = tries[tries.length - 2];
    let step: number;
    if (!previous || previous.miss === last.miss) {
      // First step: the geometric sensitivity; its sign is fixed by the second trial.
      step = -last.miss / missPerDegree(candidate);
    } else step = (-last.miss * (last.angle - previous.angle)) / (last.miss - previous.miss);
    angle = last.angle + Math.max(-2, Math.min(2, step));
  }
  return best;
}
