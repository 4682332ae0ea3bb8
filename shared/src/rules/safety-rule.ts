import type { BallPosition } from "../table/balls.ts";
import { tableHalf } from "../table/regions.ts";
import {
  centreLineCrossings,
  collisionsOf,
  cushionContacts,
  droppedBalls,
  firstContact,
  movedBalls,
  partnerOf,
  positionIn,
  restingInMouth,
  type ShotLog,
} from "./shot-queries.ts";

/**
 * The safety rule [правило отыгрыша], clause 3: after the first, mandatory collision some ball must do
 * one of nine things (a–i). Each condition below is its own small search over the log, written the way
 * the clause reads, so a disputed shot can be checked against the text line by line.
 *
 * Common reading (I23): every link comes after the first collision and after the previous link, links
 * need not be consecutive, a collision is symmetric, any ball may carry a chain (the coloured one too),
 * and "another cushion" is a different segment (I5).
 */
export type SafetyCondition = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i";

/** The events (indices into the ordered log) and balls that make up one satisfied chain. */
export interface SafetyProof {
  readonly condition: SafetyCondition;
  readonly balls: readonly number[];
  readonly events: readonly number[];
}

export interface SafetyAnalysis {
  /** Index of the first collision, or null for a miss (clause 3 then does not apply, I14). */
  readonly firstCollision: number | null;
  /** Every condition that holds, each with one chain that proves it. */
  readonly proofs: readonly SafetyProof[];
}

interface ShotFacts {
  readonly log: ShotLog;
  readonly start: number;
  readonly before: readonly BallPosition[];
  readonly rest: readonly BallPosition[];
}

/**
 * Only the earliest link of each kind can matter: a later cushion contact on the same segment (or the same
 * half, for 3f) leaves fewer events after it and the same conditions, so searching from the first one of
 * each kind finds every chain there is. This keeps long break logs cheap to judge.
 */
function firstOfEach<T>(items: readonly T[], key: (item: T) => unknown): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function firstCushions(log: ShotLog, ball: number, start: number) {
  return firstOfEach(cushionContacts(log, ball, start), (c) => c.event.cushion);
}

function firstCrossing(log: ShotLog, ball: number, start: number): number[] {
  return centreLineCrossings(log, ball, start).slice(0, 1);
}

/** Balls that appear in the log at all: the only ones that can carry a chain. */
function actors(log: ShotLog): number[] {
  const ids = new Set<number>();
  for (const e of log.events) {
    if (e.type === "collision") {
      ids.add(e.a);
      ids.add(e.b);
    } else if (e.type !== "strike") ids.add(e.ball);
  }
  return [...ids];
}

/** a. Some ball fell into a pocket. */
function fellInPocket({ log, start }: ShotFacts): SafetyProof | null {
  const drop = droppedBalls(log).find((d) => d.index > start);
  return drop ? { condition: "a", balls: [drop.ball], events: [drop.index] } : null;
}

/** b. A ball that moved stopped across a pocket's mouth line without having touched both jaws (I6). */
function restsInMouth({ log, before, rest }: ShotFacts): SafetyProof | null {
  const moved = movedBalls(log, before, rest);
  for (const m of restingInMouth(log)) {
    const { ball, pocket } = m.event;
    if (!moved.has(ball)) continue;
    // The two jaws of a pocket belong to its two adjacent segments, so two different segments = both jaws.
    const jawSegments = new Set(
      cushionContacts(log, ball)
        .filter((c) => c.event.jaw === pocket)
        .map((c) => c.event.cushion),
    );
    if (jawSegments.size < 2) return { condition: "b", balls: [ball], events: [m.index] };
  }
  return null;
}

/** c. A ball touched a cushion, then another cushion. */
function cushionThenCushion({ log, start }: ShotFacts, ball: number): SafetyProof | null {
  for (const first of firstCushions(log, ball, start)) {
    const second = cushionContacts(log, ball, first.index).find((c) => c.event.cushion !== first.event.cushion);
    if (second) return { condition: "c", balls: [ball], events: [first.index, second.index] };
  }
  return null;
}

/** d. A ball touched a cushion, then struck another ball which touched another cushion. */
function cushionThenBallToCushion({ log, start }: ShotFacts, ball: number): SafetyProof | null {
  for (const cushion of firstCushions(log, ball, start)) {
    for (const hit of collisionsOf(log, ball, cushion.index)) {
      const other = partnerOf(hit.event, ball);
      const far = cushionContacts(log, other, hit.index).find((c) => c.event.cushion !== cushion.event.cushion);
      if (far) return { condition: "d", balls: [ball, other], events: [cushion.index, hit.index, far.index] };
    }
  }
  return null;
}

/** e. A ball touched a cushion, then crossed the centre line. */
function cushionThenCentreLine({ log, start }: ShotFacts, ball: number): SafetyProof | null {
  for (const cushion of firstCushions(log, ball, start).slice(0, 1)) {
    const crossing = centreLineCrossings(log, ball, cushion.index)[0];
    if (crossing !== undefined) return { condition: "e", balls: [ball], events: [cushion.index, crossing] };
  }
  return null;
}

/**
 * f. A ball touched a cushion, then struck another ball which crossed the centre line or touched a ball
 * lying on the other half. "The other half" is opposite to the half the first ball was on at its cushion;
 * the touched ball's half is taken where it was at the touch, and x = 0 is on neither half (I23).
 */
function cushionThenBallAcross({ log, start }: ShotFacts, ball: number): SafetyProof | null {
  for (const cushion of firstOfEach(cushionContacts(log, ball, start), (c) => tableHalf(c.event))) {
    const ownHalf = tableHalf(cushion.event);
    for (const hit of collisionsOf(log, ball, cushion.index)) {
      const other = partnerOf(hit.event, ball);
      const crossing = centreLineCrossings(log, other, hit.index)[0];
      if (crossing !== undefined) {
        return { condition: "f", balls: [ball, other], events: [cushion.index, hit.index, crossing] };
      }
      if (ownHalf === 0) continue;
      for (const touch of collisionsOf(log, other, hit.index)) {
        const third = partnerOf(touch.event, other);
        if (tableHalf(positionIn(touch.event, third)) === -ownHalf) {
          return { condition: "f", balls: [ball, other, third], events: [cushion.index, hit.index, touch.index] };
        }
      }
    }
  }
  return null;
}

/** g. A ball crossed the centre line, then touched a cushion. */
function centreLineThenCushion({ log, start }: ShotFacts, ball: number): SafetyProof | null {
  for (const crossing of firstCrossing(log, ball, start)) {
    const cushion = cushionContacts(log, ball, crossing)[0];
    if (cushion) return { condition: "g", balls: [ball], events: [crossing, cushion.index] };
  }
  return null;
}

/** h. A ball crossed the centre line, then struck another ball which touched a cushion. */
function centreLineThenBallToCushion({ log, start }: ShotFacts, ball: number): SafetyProof | null {
  for (const crossing of firstCrossing(log, ball, start)) {
    for (const hit of collisionsOf(log, ball, crossing)) {
      const other = partnerOf(hit.event, ball);
      const cushion = cushionContacts(log, other, hit.index)[0];
      if (cushion) return { condition: "h", balls: [ball, other], events: [crossing, hit.index, cushion.index] };
    }
  }
  return null;
}

/**
 * i. A ball crossed the centre line, then struck another ball which, colliding with a third ball (neither
 * of the first two, I23), drove that third ball to a cushion.
 */
function centreLineThenThirdBallToCushion({ log, start }: ShotFacts, ball: number): SafetyProof | null {
  for (const crossing of firstCrossing(log, ball, start)) {
    for (const hit of collisionsOf(log, ball, crossing)) {
      const second = partnerOf(hit.event, ball);
      for (const push of collisionsOf(log, second, hit.index)) {
        const third = partnerOf(push.event, second);
        if (third === ball) continue;
        const cushion = cushionContacts(log, third, push.index)[0];
        if (cushion) {
          return {
            condition: "i",
            balls: [ball, second, third],
            events: [crossing, hit.index, push.index, cushion.index],
          };
        }
      }
    }
  }
  return null;
}

const PER_BALL: readonly ((facts: ShotFacts, ball: number) => SafetyProof | null)[] = [
  cushionThenCushion,
  cushionThenBallToCushion,
  cushionThenCentreLine,
  cushionThenBallAcross,
  centreLineThenCushion,
  centreLineThenBallToCushion,
  centreLineThenThirdBallToCushion,
];

/** Checks all nine conditions and returns every one that holds, in clause order. */
export function analyseSafety(
  log: ShotLog,
  before: readonly BallPosition[],
  rest: readonly BallPosition[],
): SafetyAnalysis {
  const first = firstContact(log);
  if (first === null) return { firstCollision: null, proofs: [] };
  const facts: ShotFacts = { log, start: first.index, before, rest };
  const proofs: SafetyProof[] = [];
  for (const whole of [fellInPocket, restsInMouth]) {
    const proof = whole(facts);
    if (proof) proofs.push(proof);
  }
  const balls = actors(log).sort((p, q) => p - q);
  for (const condition of PER_BALL) {
    for (const ball of balls) {
      const proof = condition(facts, ball);
      if (proof) {
        proofs.push(proof);
        break;
      }
    }
  }
  return { firstCollision: first.index, proofs };
}

/** The shot satisfied clause 3 (a first collision happened and at least one condition holds). */
export function isSafetyMet(analysis: SafetyAnalysis): boolean {
  return analysis.firstCollision !== null && analysis.proofs.length > 0;
}
