import type { ComputerLevel } from "../match/opponent.ts";

/**
 * The three strengths. They differ in how wide the search is (which kinds of shot, how many candidates are
 * refined, how many perturbed trials test each finalist, whether the leave counts) and in the execution error
 * added to the chosen stroke. The error also sets what the search believes it can make: a novice's estimate of a
 * long pot is as poor as his cue.
 */

export interface LevelSpec {
  readonly name: ComputerLevel;
  /** Standard deviation of the stroke's direction, degrees. */
  readonly aimError: number;
  /** Standard deviation of the speed, as a fraction of it. */
  readonly speedError: number;
  /** Standard deviation of each tip offset component, fractions of the radius. */
  readonly tipError: number;
  /** Shots the search may consider besides a direct cut of another ball [чужой]. */
  readonly ownBall: boolean;
  readonly banks: boolean;
  readonly doubles: boolean;
  /** Geometric pot candidates refined against the simulator, best first. */
  readonly potCandidates: number;
  /** Arrival speeds tried for each refined candidate. */
  readonly speeds: number;
  /** Safety candidates simulated. */
  readonly safeties: number;
  /** Best candidates tested with perturbed trials, and how many trials each. */
  readonly finalists: number;
  readonly samples: number;
  /** Whether the search counts what a shot leaves the next player. */
  readonly countsLeave: boolean;
  /**
   * The work one decision may do, in simulation-cost units (about a millisecond of one core here; see
   * `simulationCost`): it buys fewer simulations on a crowded table. A count, never a clock, ends a search, so
   * it stays deterministic.
   */
  readonly budget: number;
}

export const LEVELS: Readonly<Record<ComputerLevel, LevelSpec>> = {
  novice: {
    name: "novice",
    aimError: 0.25,
    speedError: 0.08,
    tipError: 0.08,
    ownBall: false,
    banks: false,
    doubles: false,
    potCandidates: 4,
    speeds: 1,
    safeties: 4,
    finalists: 2,
    samples: 2,
    countsLeave: false,
    budget: 45,
  },
  amateur: {
    name: "amateur",
    aimError: 0.07,
    speedError: 0.04,
    tipError: 0.04,
    ownBall: true,
    banks: false,
    doubles: true,
    potCandidates: 12,
    speeds: 1,
    safeties: 12,
    finalists: 4,
    samples: 6,
    countsLeave: true,
    budget: 180,
  },
  master: {
    name: "master",
    aimError: 0.015,
    speedError: 0.02,
    tipError: 0.02,
    ownBall: true,
    banks: true,
    doubles: true,
    potCandidates: 30,
    speeds: 2,
    safeties: 30,
    finalists: 6,
    samples: 12,
    countsLeave: true,
    budget: 600,
  },
};

/**
 * The same level with its search scaled down (each count at least 1), for tests that must stay quick; the
 * execution error is unchanged.
 */
export function reducedLevel(level: LevelSpec, factor: number): LevelSpec {
  const scale = (n: number) => Math.max(1, Math.round(n * factor));
  return {
    ...level,
    potCandidates: scale(level.potCandidates),
    safeties: scale(level.safeties),
    finalists: scale(level.finalists),
    samples: scale(level.samples),
    budget: level.budget * factor,
  };
}
