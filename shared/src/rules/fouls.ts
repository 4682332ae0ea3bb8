import type { Stroke } from "../shot/stroke.ts";
import type { BallPosition } from "../table/balls.ts";
import { COLOURED_BALL } from "../table/balls.ts";
import { isLastBallCuePocketed } from "./last-ball.ts";
import { isPushThrough } from "./push.ts";
import { isSafetyMet, type SafetyAnalysis } from "./safety-rule.ts";
import { collisions, firstContact, involves, offTableBalls, type ShotLog } from "./shot-queries.ts";

/** The contract's reason codes (docs/rules/sim-cli.md, `verdict.reasons`), in the order a verdict lists them. */
export const FOUL_REASONS = [
  "miss",
  "cue-struck-coloured",
  "coloured-touched",
  "no-safety",
  "off-table",
  "push",
  "last-ball-cue-pocketed",
] as const;
export type FoulReason = (typeof FOUL_REASONS)[number];

/** The clause of the rules that each reason enforces (clause 17 lists them all). */
export const FOUL_CLAUSES: Readonly<Record<FoulReason, readonly string[]>> = {
  miss: ["17"],
  "cue-struck-coloured": ["1", "17"],
  "coloured-touched": ["10", "17"],
  "no-safety": ["3", "17"],
  "off-table": ["17"],
  push: ["17"],
  "last-ball-cue-pocketed": ["14", "17"],
};

export interface FoulInput {
  readonly log: ShotLog;
  readonly stroke: Stroke;
  readonly before: readonly BallPosition[];
  readonly safety: SafetyAnalysis;
  readonly lastBall: boolean;
  /** Did the cue ball drop as called (its own call, or clause 7 with no call)? Only read in last-ball play. */
  readonly cueDroppedAsCalled: boolean;
}

/** A miss (clause 17, I14): the cue ball touched no ball. */
export function isMiss(log: ShotLog): boolean {
  return firstContact(log) === null;
}

/** The coloured ball was struck with the cue (clauses 1 and 17, I7). */
export function isCueStruckColoured(stroke: Stroke): boolean {
  return stroke.cue === COLOURED_BALL;
}

/** Any ball touched the coloured ball (clause 10), which is a foul except in last-ball play (clause 12). */
export function isColouredTouched(log: ShotLog, lastBall: boolean): boolean {
  return !lastBall && collisions(log).some((c) => involves(c.event, COLOURED_BALL));
}

/** Every foul the shot committed, in the contract's order; several fouls are still one penalty (I15). */
export function findFouls(input: FoulInput): FoulReason[] {
  const { log, stroke, before, safety, lastBall, cueDroppedAsCalled } = input;
  const found = new Set<FoulReason>();
  const miss = isMiss(log);
  if (miss) found.add("miss");
  if (isCueStruckColoured(stroke)) found.add("cue-struck-coloured");
  if (isColouredTouched(log, lastBall)) found.add("coloured-touched");
  // I14: clause 3 presupposes a first collision, so a miss is not also `no-safety`.
  if (!miss && !isSafetyMet(safety)) found.add("no-safety");
  if (offTableBalls(log).length > 0) found.add("off-table");
  if (isPushThrough(stroke, before, firstContact(log)?.ball ?? null)) found.add("push");
  if (isLastBallCuePocketed(log, lastBall, cueDroppedAsCalled)) found.add("last-ball-cue-pocketed");
  return FOUL_REASONS.filter((r) => found.has(r));
}
