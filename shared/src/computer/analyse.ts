import type { ComputerLevel, MatchShot, ShotStrokeRequest } from "../match/index.ts";
import { DEFAULT_ENGINE, type EngineName } from "../physics/engines.ts";
import { type AnalysedStroke, type BestStroke, type MatchAnalysis, markOf } from "../protocol/match-analysis.ts";
import { seededRandom } from "../random.ts";
import type { PlayerIndex } from "../rules/position.ts";
import type { FullStroke } from "./decision.ts";
import { LEVELS, type LevelSpec } from "./levels.ts";
import { searchShot } from "./shot-decision.ts";
import type { Situation } from "./situation.ts";
import { type Attempt, errorDraws, evaluateAttempt } from "./stroke-chance.ts";

/**
 * The analysis of a played match: for every stroke a player made, the stroke the level would have played
 * there (the computer's own search, `searchShot`), and the chance of each, the played one and the best, from
 * the same perturbed executions (`evaluateAttempt`). The loss between them marks the stroke, and the mean loss
 * of a seat's strokes gives its accuracy (docs/COMPUTER.md, "Analysis"; docs/rules/analyse-cli.md).
 * Deterministic: each stroke's search and draws are seeded from the match id and the stroke's number.
 */

/** Perturbed executions each stroke, the played one and the best, is evaluated with. */
export const ANALYSIS_SAMPLES = 16;

/** A chance or a loss as printed: four decimals, more than sixteen executions can tell apart. */
const rounded = (x: number) => Math.round(x * 1e4) / 1e4;

/** The seed of a stroke's analysis: the match id (FNV-1a) mixed with the stroke's number. */
export function strokeSeed(matchId: string, number: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < matchId.length; i++) hash = Math.imul(hash ^ matchId.charCodeAt(i), 0x01000193);
  return (hash ^ Math.imul(number + 1, 0x9e3779b1)) >>> 0;
}

/** Kept apart from the search's own generator, so the evaluation's draws are not the search's. */
const EVALUATION_SALT = 0x2545f491;

/** The strokes a player made: neither the lag nor a run-out shot clock, which no one aimed. */
export function analysableShots(shots: readonly MatchShot[]): MatchShot[] {
  return shots.filter((shot) => shot.played.kind === "shot" && shot.played.seat !== -1);
}

/** The played stroke as an attempt, and where its striker stood before it, as the computer's situation. */
function playedPosition(shot: MatchShot): { situation: Situation; attempt: Attempt; request: ShotStrokeRequest } {
  const { played, before } = shot;
  if (played.kind !== "shot" || played.seat === -1) throw new Error(`stroke ${played.number} is not a player's shot`);
  const { request } = played;
  const inHand = before.opening ? request.stroke.cue : null;
  const situation: Situation = {
    phase: before.opening ? "opening" : "turn",
    player: played.seat,
    shotNumber: played.number,
    table: played.before.filter((b) => b.id !== inHand),
    inHand,
    shelves: before.shelves,
    debts: before.debts,
    offer: null,
  };
  const stroke: FullStroke = { ...request.stroke, offset: request.stroke.offset };
  return { situation, attempt: { table: played.before, stroke, call: request.call ?? [] }, request };
}

/** One stroke weighed against the level's own choice from the same position. */
export function analyseStroke(
  matchId: string,
  shot: MatchShot,
  level: LevelSpec,
  engine: EngineName = DEFAULT_ENGINE,
): AnalysedStroke {
  const { situation, attempt, request } = playedPosition(shot);
  const seed = strokeSeed(matchId, shot.played.number);
  const { search, choice } = searchShot(situation, level, seed, engine);
  const draws = errorDraws(seededRandom(seed ^ EVALUATION_SALT), ANALYSIS_SAMPLES);
  const evaluate = (a: Attempt) => evaluateAttempt(search, a, draws, { budgeted: false, chance: true }).chance;
  const played = rounded(evaluate(attempt));
  const searched = rounded(evaluate(choice.plan));
  // The level's choice is what it would play; should the played stroke beat it, the played stroke is the best.
  const best: BestStroke =
    searched >= played
      ? {
          shot: choice.plan.stroke,
          call: [...choice.plan.call],
          ...(choice.plan.place ? { place: choice.plan.place } : {}),
          chance: searched,
        }
      : {
          shot: attempt.stroke,
          call: [...attempt.call],
          ...(request.place ? { place: request.place } : {}),
          chance: played,
        };
  const loss = rounded(Math.max(0, best.chance - played));
  return {
    number: shot.played.number,
    seat: situation.player,
    played: { chance: played },
    best,
    loss,
    mark: markOf(loss),
  };
}

/** Each seat that made a stroke, with the mean over its strokes of 100 × (1 − loss), to a tenth. */
export function accuracies(strokes: readonly AnalysedStroke[]): MatchAnalysis["players"] {
  return ([0, 1] as const satisfies readonly PlayerIndex[]).flatMap((seat) => {
    const own = strokes.filter((s) => s.seat === seat);
    if (own.length === 0) return [];
    const mean = own.reduce((sum, s) => sum + 100 * (1 - s.loss), 0) / own.length;
    return [{ seat, accuracy: Math.round(mean * 10) / 10 }];
  });
}

export interface AnalyseOptions {
  readonly level?: ComputerLevel | LevelSpec;
  readonly engine?: EngineName;
  /** Told after each stroke: how many are done of how many. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** The whole match's analysis from its strokes as the record's fold reads them (`matchShots`). */
export function analyseMatch(
  matchId: string,
  shots: readonly MatchShot[],
  options: AnalyseOptions = {},
): MatchAnalysis {
  const level = typeof options.level === "object" ? options.level : LEVELS[options.level ?? "master"];
  const strokes = analysableShots(shots);
  const analysed: AnalysedStroke[] = [];
  for (const shot of strokes) {
    analysed.push(analyseStroke(matchId, shot, level, options.engine));
    options.onProgress?.(analysed.length, strokes.length);
  }
  return { matchId, level: level.name, shots: analysed, players: accuracies(analysed) };
}
