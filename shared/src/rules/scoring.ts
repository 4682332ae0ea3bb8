import { COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import type { PocketId } from "../table/pockets.ts";
import { type Call, isCalledBallPocketed, type Way } from "./call.ts";
import { meetsDecidingCondition } from "./last-ball.ts";
import { droppedBalls, type ShotLog } from "./shot-queries.ts";
import { isStraightFlying } from "./straight-flying.ts";

/**
 * What became of each ball that dropped (clauses 6–8, 12–13, I9–I12). Only `called` and
 * `straight-flying` score; every other dropped white ball is spotted.
 */
export type DropFate =
  /** Dropped as called, and the whole call was fulfilled (clauses 6, 8). */
  | "called"
  /** No call was made and it flew straight into the pocket (clause 7). */
  | "straight-flying"
  /** Dropped as called, but the other half of a double call failed (clause 8): does not count. */
  | "partial-double-call"
  /** It was called but went in another pocket or another way (clause 6). */
  | "not-as-called"
  /** Dropped by accident beside a ball that scored (clause 6, I11): the striker keeps the turn. */
  | "accidental"
  /** Dropped without a call and not under clause 7, or on the opening shot (clauses 5, 6). */
  | "uncalled"
  /** The shot was a foul: nothing counts (I10). */
  | "foul-shot";

export interface DropJudgement {
  readonly ball: number;
  readonly pocket: PocketId;
  readonly index: number;
  readonly fate: DropFate;
  /** The way it was called, for balls that scored as called (a bank earns a bonus, clause 9). */
  readonly way?: Way;
}

export interface ScoringInput {
  readonly log: ShotLog;
  readonly call: Call;
  readonly opening: boolean;
  readonly lastBall: boolean;
  readonly foul: boolean;
}

export interface Scoring {
  readonly drops: readonly DropJudgement[];
  /** Balls that scored, in drop order (before debts are paid). */
  readonly scored: readonly number[];
  /** A ball scored as a called bank [дуплет] (clause 9). */
  readonly bank: boolean;
  /** Another white ball dropped beside a scoring one (I11). */
  readonly accidental: boolean;
}

/** May this ball score at all? White balls always; the coloured ball only in last-ball play (clause 12). */
function canScore(ball: number, lastBall: boolean): boolean {
  return isWhiteBall(ball) || (ball === COLOURED_BALL && lastBall);
}

/**
 * The ball's own call is fulfilled, or with no call it is straight-flying outside the opening shot (I9).
 * In last-ball play the deciding ball also needs the cue ball and the coloured ball to have met (I19).
 */
export function droppedAsCalled(input: Omit<ScoringInput, "foul">, ball: number): boolean {
  const { log, call, opening, lastBall } = input;
  const own = call.find((c) => c.ball === ball);
  const asCalled =
    call.length > 0 ? own !== undefined && isCalledBallPocketed(log, own) : !opening && isStraightFlying(log, ball);
  return asCalled && (!lastBall || meetsDecidingCondition(log, ball));
}

export function judgeDrops(input: ScoringInput): Scoring {
  const { log, call, lastBall, foul } = input;
  const drops = droppedBalls(log);
  const callFulfilled = call.length > 0 && call.every((c) => droppedAsCalled(input, c.ball));
  const first: DropJudgement[] = drops.map((d) => {
    const base = { ball: d.ball, pocket: d.pocket, index: d.index };
    if (foul) return { ...base, fate: "foul-shot" };
    const own = call.find((c) => c.ball === d.ball);
    if (!canScore(d.ball, lastBall)) return { ...base, fate: "uncalled" };
    if (own !== undefined) {
      if (!droppedAsCalled(input, d.ball)) return { ...base, fate: "not-as-called" };
      return callFulfilled ? { ...base, fate: "called", way: own.way } : { ...base, fate: "partial-double-call" };
    }
    if (call.length === 0 && droppedAsCalled(input, d.ball)) return { ...base, fate: "straight-flying" };
    return { ...base, fate: "uncalled" };
  });
  const scores = (j: DropJudgement) => j.fate === "called" || j.fate === "straight-flying";
  const anyScored = first.some(scores);
  // I11: beside a scoring ball, any other white ball that dropped is an accident, not a miscall.
  const judged = first.map(
    (j): DropJudgement => (anyScored && !scores(j) && isWhiteBall(j.ball) ? { ...j, fate: "accidental" } : j),
  );
  return {
    drops: judged,
    scored: judged.filter(scores).map((j) => j.ball),
    bank: judged.some((j) => j.fate === "called" && j.way === "bank"),
    accidental: judged.some((j) => j.fate === "accidental"),
  };
}
