import {
  BALL_RADIUS,
  type BallPosition,
  COLOURED_BALL,
  type ContractVerdict,
  HALF_LENGTH,
  HOUSE_LINE_X,
  isInHouse,
  judgeScenario,
  POCKET_IDS,
  POCKETS,
  type PocketId,
} from "@habibka/shared";

import { simulate } from "@habibka/shared/physics";

/**
 * A scripted player's aim for the integration tests. The server runs the same deterministic physics on the
 * same float64 positions the synced state carries, so simulating a candidate shot here predicts exactly what
 * the server will do, and `judgeScenario` predicts its verdict. The search is bounded in count (which keeps
 * it deterministic: the same table always gives the same shot) and, as a safety net, in time.
 */

/** What a player sees of the table before a shot (read from the synced state). */
export interface TableView {
  /** Balls on the table. */
  readonly balls: readonly BallPosition[];
  /** Shelves and debts by seat. */
  readonly shelves: readonly [readonly number[], readonly number[]];
  readonly debts: readonly [number, number];
  /** The seat about to shoot. */
  readonly seat: 0 | 1;
  /** The opening shot: `inHand` is placed in the house. */
  readonly opening: boolean;
  readonly inHand: number | null;
}

export interface CalledBall {
  readonly ball: number;
  readonly pocket: PocketId;
  readonly way: "direct" | "bank";
}

export interface PlannedShot {
  readonly stroke: { cue: number; angle: number; speed: number; offset: { x: number; y: number } };
  readonly call: CalledBall[];
  readonly place?: { x: number; y: number };
  /** What the local simulation and judge expect the server to rule. */
  readonly expected: ContractVerdict;
  /** `pot`: the called ball counts with no foul; `safe`: no foul; `foul`: nothing better was found. */
  readonly kind: "pot" | "safe" | "foul";
  /** Simulations the search ran. */
  readonly simulations: number;
}

export interface SearchBudget {
  /** Most full-table simulations (each also judged). */
  readonly maxFull: number;
  /** Most cheap two-ball simulations used to sweep the angle. */
  readonly maxSweep: number;
  /** Wall-time safety net; the count limits are what normally ends a search. */
  readonly maxMillis: number;
}

export const DEFAULT_BUDGET: SearchBudget = { maxFull: 40, maxSweep: 400, maxMillis: 3_000 };

export interface SearchOptions {
  /**
   * The angle the server will actually receive for an intended one, when the shot goes through a user
   * interface that rounds or normalises it (the web client keeps a thousandth of a degree in [0, 360)).
   * Every stroke is confirmed, and returned, with the angle this gives. Absent: the angle is sent as is.
   */
  readonly strokeAngle?: (angle: number) => number;
}

const R = BALL_RADIUS;
const DEG = 180 / Math.PI;
const SPEEDS = [2.2, 3.2, 1.6, 4.5] as const;
/** Angle offsets swept around the ghost-ball direction, degrees (the pockets are barely wider than a ball). */
const SWEEP = Array.from({ length: 25 }, (_, i) => (i - 12) * 0.06);

interface Candidate {
  readonly cue: BallPosition;
  readonly object: BallPosition;
  readonly pocket: PocketId;
  readonly angle: number;
  readonly cost: number;
}

function distanceToSegment(p: BallPosition, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

function pathClear(
  balls: readonly BallPosition[],
  from: { x: number; y: number },
  to: { x: number; y: number },
  skip: readonly number[],
): boolean {
  return balls.every((b) => skip.includes(b.id) || distanceToSegment(b, from, to) > 2 * R + 0.003);
}

/** Ghost-ball candidates: every cue ball × object ball × pocket with clear paths and a makeable cut. */
function candidates(balls: readonly BallPosition[], cues: readonly BallPosition[], lastBall: boolean): Candidate[] {
  const out: Candidate[] = [];
  for (const cue of cues) {
    for (const object of balls) {
      if (object.id === cue.id) continue;
      if (object.id === COLOURED_BALL && !lastBall) continue;
      for (const pocket of POCKET_IDS) {
        const { mouthCentre, axis, kind } = POCKETS[pocket];
        const target = { x: mouthCentre.x + axis.x * 0.01, y: mouthCentre.y + axis.y * 0.01 };
        const ox = target.x - object.x;
        const oy = target.y - object.y;
        const objectRun = Math.hypot(ox, oy);
        const ux = ox / objectRun;
        const uy = oy / objectRun;
        // How square the object ball meets the mouth: tight pockets refuse steep entries.
        const entry = Math.acos(Math.min(1, ux * axis.x + uy * axis.y)) * DEG;
        if (entry > (kind === "corner" ? 40 : 30)) continue;
        const ghost = { x: object.x - 2 * R * ux, y: object.y - 2 * R * uy };
        const gx = ghost.x - cue.x;
        const gy = ghost.y - cue.y;
        const cueRun = Math.hypot(gx, gy);
        if (cueRun < 0.01) continue;
        const cut = Math.acos(Math.max(-1, Math.min(1, (gx * ux + gy * uy) / cueRun))) * DEG;
        if (cut > 60) continue;
        if (!pathClear(balls, cue, ghost, [cue.id, object.id])) continue;
        if (!pathClear(balls, object, target, [cue.id, object.id])) continue;
        out.push({
          cue,
          object,
          pocket,
          angle: Math.atan2(gy, gx) * DEG,
          cost: cut / 30 + objectRun + cueRun / 2 + entry / 45,
        });
      }
    }
  }
  return out.sort((a, b) => a.cost - b.cost || a.cue.id - b.cue.id || a.object.id - b.object.id);
}

function judge(view: TableView, balls: readonly BallPosition[], stroke: PlannedShot["stroke"], call: CalledBall[]) {
  const other = view.seat === 0 ? 1 : 0;
  const result = simulate({ balls, strokes: [stroke] });
  const judged = judgeScenario(
    {
      balls,
      shot: stroke,
      call,
      match: {
        shelf: [view.shelves[view.seat], view.shelves[other]],
        debt: [view.debts[view.seat], view.debts[other]],
        opening: view.opening,
      },
    },
    result.events,
    result.rest,
  );
  if (!judged.ok) throw new Error(`the test's judge refused its own scenario: ${judged.error.message}`);
  return judged.value.verdict;
}

/** The verdict seen from the seats: the judge's player 0 is the shooter. */
function toSeats(verdict: ContractVerdict, seat: 0 | 1): ContractVerdict {
  if (seat === 0) return verdict;
  const swap = <T>(pair: readonly [T, T]): [T, T] => [pair[1], pair[0]];
  const flip = (p: 0 | 1): 0 | 1 => (p === 0 ? 1 : 0);
  return {
    ...verdict,
    next: { ...verdict.next, player: flip(verdict.next.player) },
    shelf: swap(verdict.shelf),
    debt: swap(verdict.debt),
    winner: verdict.winner === null ? null : flip(verdict.winner),
  };
}

function isPot(verdict: ContractVerdict, ball: number): boolean {
  return !verdict.foul && verdict.counted.includes(ball);
}

/** Where the ball in hand goes for the opening shot, and the balls it is struck at (the pyramid's front). */
const OPENING_PLACES = [
  { x: -1.2, y: 0.25 },
  { x: -1.2, y: -0.25 },
  { x: -1.0, y: 0.35 },
  { x: -1.0, y: -0.35 },
] as const;

export function findShot(
  view: TableView,
  budget: SearchBudget = DEFAULT_BUDGET,
  options: SearchOptions = {},
): PlannedShot {
  const started = performance.now();
  let full = 0;
  let sweeps = 0;
  const outOfBudget = () => full >= budget.maxFull || performance.now() - started > budget.maxMillis;
  let fallback: PlannedShot | null = null;
  let safe: PlannedShot | null = null;

  const consider = (
    balls: readonly BallPosition[],
    intended: PlannedShot["stroke"],
    call: CalledBall[],
    place?: { x: number; y: number },
  ): PlannedShot => {
    full++;
    const stroke = options.strokeAngle ? { ...intended, angle: options.strokeAngle(intended.angle) } : intended;
    const verdict = toSeats(judge(view, balls, stroke, call), view.seat);
    const pot = call.length > 0 && isPot(verdict, call[0]!.ball);
    const kind = pot ? "pot" : verdict.foul ? "foul" : "safe";
    const planned: PlannedShot = {
      stroke,
      call,
      ...(place ? { place } : {}),
      expected: verdict,
      kind,
      simulations: full + sweeps,
    };
    if (!fallback) fallback = planned;
    if (kind === "safe" && !safe) safe = planned;
    return planned;
  };

  if (view.opening) {
    const cue = view.inHand;
    if (cue === null) throw new Error("an opening shot without a ball in hand");
    const front = view.balls.filter((b) => b.id !== COLOURED_BALL).sort((a, b) => a.x - b.x);
    for (const place of OPENING_PLACES) {
      if (!isInHouse(place) || place.x >= HOUSE_LINE_X) continue;
      const balls = [...view.balls, { id: cue, ...place }];
      for (const target of front.slice(0, 3)) {
        for (const speed of [7, 5, 9]) {
          if (outOfBudget()) break;
          const angle = Math.atan2(target.y - place.y, target.x - place.x) * DEG;
          const stroke = { cue, angle, speed, offset: { x: 0, y: 0 } };
          const planned = consider(balls, stroke, [], place);
          if (planned.kind !== "foul") return planned;
        }
      }
    }
    return fallback ?? openingFallback(view, cue, options);
  }

  const whites = view.balls.filter((b) => b.id !== COLOURED_BALL);
  const lastBall =
    whites.length === 1 && view.shelves[0].length === 7 && view.shelves[1].length === 7 && view.balls.length === 2;
  for (const candidate of candidates(view.balls, whites, lastBall)) {
    if (outOfBudget()) break;
    const call: CalledBall[] = [{ ball: candidate.object.id, pocket: candidate.pocket, way: "direct" }];
    for (const speed of SPEEDS) {
      if (outOfBudget() || sweeps >= budget.maxSweep) break;
      // Sweep the angle with the two balls alone (cheap), then confirm the middle of the window that drops
      // the object ball into the pocket with the whole table and the judge.
      const pair = [candidate.cue, candidate.object];
      const hits: number[] = [];
      for (const offset of SWEEP) {
        sweeps++;
        const result = simulate({
          balls: pair,
          strokes: [{ cue: candidate.cue.id, angle: candidate.angle + offset, speed }],
        });
        const dropped = result.events.some(
          (e) => e.type === "pocket" && e.ball === candidate.object.id && e.pocket === candidate.pocket,
        );
        if (dropped) hits.push(offset);
      }
      if (hits.length === 0) continue;
      const middle = hits[Math.floor(hits.length / 2)]!;
      const stroke = { cue: candidate.cue.id, angle: candidate.angle + middle, speed, offset: { x: 0, y: 0 } };
      const planned = consider(view.balls, stroke, call);
      if (planned.kind === "pot") return planned;
      break;
    }
  }
  if (safe) return safe;
  // No pot: a firm full-ball shot at each object ball in turn until one is not a foul.
  for (const cue of whites) {
    for (const object of view.balls) {
      if (object.id === cue.id || (object.id === COLOURED_BALL && !lastBall)) continue;
      if (!pathClear(view.balls, cue, object, [cue.id, object.id])) continue;
      for (const speed of [2.5, 4]) {
        if (full >= budget.maxFull * 2 || performance.now() - started > budget.maxMillis) break;
        const angle = Math.atan2(object.y - cue.y, object.x - cue.x) * DEG;
        const planned = consider(view.balls, { cue: cue.id, angle, speed, offset: { x: 0, y: 0 } }, []);
        if (planned.kind !== "foul") return planned;
      }
    }
  }
  if (fallback) return fallback;
  const cue = whites[0]!;
  return consider(view.balls, { cue: cue.id, angle: 0, speed: 2, offset: { x: 0, y: 0 } }, []);
}

function openingFallback(view: TableView, cue: number, options: SearchOptions): PlannedShot {
  const place = OPENING_PLACES[0];
  const stroke = { cue, angle: options.strokeAngle?.(0) ?? 0, speed: 5, offset: { x: 0, y: 0 } };
  return {
    stroke,
    call: [],
    place: { ...place },
    expected: toSeats(judge(view, [...view.balls, { id: cue, ...place }], stroke, []), view.seat),
    kind: "foul",
    simulations: 1,
  };
}

/**
 * A lag shot (I21): the ball in the house on the seat's side, struck straight up the table (angle 0) at the
 * speed that brings it back to rest `target` metres from the head cushion, found by bisection on the speed
 * with the ball alone on the table.
 */
export function lagShot(
  seat: 0 | 1,
  target: number,
): { place: { x: number; y: number }; angle: number; speed: number } {
  const place = { x: HOUSE_LINE_X - 0.2, y: seat === 0 ? 0.4 : -0.4 };
  const restAt = (speed: number) => {
    const result = simulate({ balls: [{ id: 1, ...place }], strokes: [{ cue: 1, angle: 0, speed }] });
    const footCushion = result.events.some((e) => e.type === "cushion" && e.cushion === "F");
    const rest = result.rest.find((b) => b.id === 1);
    // Short of the foot cushion counts as "too slow" (far from the head cushion on the way out).
    return footCushion && rest ? rest.x + HALF_LENGTH : Number.POSITIVE_INFINITY;
  };
  // Faster → comes back further → smaller distance from the head cushion; bisect on that monotone map.
  // Up to about 2.2 m/s the ball comes back without reaching the head cushion (a faster one rebounds).
  let slow = 1;
  let fast = 2.2;
  for (let i = 0; i < 30; i++) {
    const mid = (slow + fast) / 2;
    if (restAt(mid) > target) slow = mid;
    else fast = mid;
  }
  return { place, angle: 0, speed: (slow + fast) / 2 };
}

/** Speeds and tip heights tried for a follow shot, in turn. */
const FOLLOW_STROKES = [
  [2.2, 0.5],
  [3.2, 0.5],
  [2.2, 0.7],
  [3.2, 0.7],
  [1.6, 0.7],
  [1.6, 0.5],
] as const;

/**
 * A stroke that earns its striker a bonus shot (clause 9): a direct pot whose cue ball, struck above its
 * centre, follows the called ball into a pocket (the second ball drops by accident, I11). The search runs
 * as `findShot`'s does: the angle swept with the two balls alone, the middle of the window that drops both
 * confirmed with the whole table and the judge. Null when nothing does within the budget, a count of
 * simulations rather than a time, so that a busy machine finds what an idle one does.
 */
export function findBonusShot(view: TableView, maxSimulations = 40_000): PlannedShot | null {
  const whites = view.balls.filter((b) => b.id !== COLOURED_BALL);
  let simulations = 0;
  const found = candidates(view.balls, whites, false);
  for (const [speed, tip] of FOLLOW_STROKES) {
    for (const candidate of found) {
      if (simulations > maxSimulations) return null;
      const pair = [candidate.cue, candidate.object];
      const hits = SWEEP.filter((offset) => {
        simulations++;
        const stroke = { cue: candidate.cue.id, angle: candidate.angle + offset, speed, offset: { x: 0, y: tip } };
        const dropped = simulate({ balls: pair, strokes: [stroke] }).events.flatMap((e) =>
          e.type === "pocket" ? [e] : [],
        );
        return (
          dropped.some((e) => e.ball === candidate.object.id && e.pocket === candidate.pocket) &&
          dropped.some((e) => e.ball === candidate.cue.id)
        );
      });
      if (hits.length === 0) continue;
      const angle = candidate.angle + hits[Math.floor(hits.length / 2)]!;
      const stroke = { cue: candidate.cue.id, angle, speed, offset: { x: 0, y: tip } };
      const call: CalledBall[] = [{ ball: candidate.object.id, pocket: candidate.pocket, way: "direct" }];
      simulations++;
      const expected = toSeats(judge(view, view.balls, stroke, call), view.seat);
      if (expected.bonus && !expected.foul && expected.winner === null) {
        return { stroke, call, expected, kind: "pot", simulations };
      }
    }
  }
  return null;
}
