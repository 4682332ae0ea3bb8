import type { ComputerLevel } from "../match/opponent.ts";
import type { CalledBall } from "../rules/call.ts";
import type { PlayerIndex } from "../rules/position.ts";
import type { Point } from "../table/marks.ts";

/**
 * A played match, stroke by stroke, as the computer sees it: what the `analyse` command prints
 * (docs/rules/analyse-cli.md) and what `GET /api/matches/:id/analysis` answers once it is done
 * (docs/PROTOCOL.md). Produced by shared/src/computer/analyse.ts, read by the match page.
 */

/** How much a stroke gave away against the computer's, from none to the most (docs/COMPUTER.md, "Analysis"). */
export const STROKE_MARKS = ["good", "inaccuracy", "mistake", "blunder"] as const;
export type StrokeMark = (typeof STROKE_MARKS)[number];

/** The loss from which a stroke is marked so (docs/COMPUTER.md, "Analysis": chosen on played matches). */
export const MARK_THRESHOLDS: Readonly<Record<Exclude<StrokeMark, "good">, number>> = {
  inaccuracy: 0.1,
  mistake: 0.25,
  blunder: 0.75,
};

export function markOf(loss: number): StrokeMark {
  if (loss >= MARK_THRESHOLDS.blunder) return "blunder";
  if (loss >= MARK_THRESHOLDS.mistake) return "mistake";
  if (loss >= MARK_THRESHOLDS.inaccuracy) return "inaccuracy";
  return "good";
}

/** The stroke the analysing level would have played, in the `habibka-sim` command's terms. */
export interface BestStroke {
  readonly shot: {
    readonly cue: number;
    readonly angle: number;
    readonly speed: number;
    readonly offset: { readonly x: number; readonly y: number };
  };
  readonly call: readonly CalledBall[];
  /** The opening only: where the ball in hand goes. */
  readonly place?: Point;
  readonly chance: number;
}

export interface AnalysedStroke {
  /** The stroke's number, as the record numbers it. */
  readonly number: number;
  readonly seat: PlayerIndex;
  readonly played: { readonly chance: number };
  readonly best: BestStroke;
  /** max(0, best.chance − played.chance). */
  readonly loss: number;
  readonly mark: StrokeMark;
}

export interface MatchAnalysis {
  readonly matchId: string;
  readonly level: ComputerLevel;
  readonly shots: readonly AnalysedStroke[];
  /** Each seat that made a stroke: the mean over its strokes of 100 × (1 − loss). */
  readonly players: readonly { readonly seat: PlayerIndex; readonly accuracy: number }[];
}

/** The server's answer while an analysis waits or runs (202). */
export interface AnalysisPending {
  readonly status: "queued" | "running";
  readonly progress: { readonly done: number; readonly total: number };
}

/** Each seat's shelf after a stroke, as the match's record numbers its strokes. */
export interface ScoreAfter {
  readonly number: number;
  readonly score: readonly [number, number];
}

/**
 * The stroke after which the match's winner led to the end (its number), or null when he only drew level or
 * ahead with his last: from then on the match was his.
 */
export function turningPoint(scores: readonly ScoreAfter[], winner: PlayerIndex): number | null {
  let point: number | null = null;
  for (const { number, score } of scores) {
    if (score[winner] <= score[winner === 0 ? 1 : 0]) point = null;
    else point ??= number;
  }
  return point;
}

/**
 * The loser's stroke that decided the match: his last analysed stroke before the winner took the lead for
 * good (`turningPoint`), or null when there is none.
 */
export function decidingStroke(
  strokes: readonly AnalysedStroke[],
  scores: readonly ScoreAfter[],
  winner: PlayerIndex,
): AnalysedStroke | null {
  const point = turningPoint(scores, winner);
  if (point === null) return null;
  return strokes.findLast((s) => s.seat !== winner && s.number <= point) ?? null;
}
