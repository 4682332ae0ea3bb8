import {
  type Decision,
  decide,
  type LevelSpec,
  lagMessageOf,
  type ShotDecision,
  type Situation,
  shotMessageOf,
  situationOf,
} from "../../src/computer/index.ts";
import {
  type ComputerLevel,
  initialMatch,
  type MatchAction,
  type MatchRecord,
  type MatchState,
  RECORD_FORMAT,
  type RecordedAction,
  type RecordHeader,
  recordedPart,
} from "../../src/match/index.ts";
import type { MatchResult } from "../../src/match/transition.ts";
import { answerOffer, playLag, playShot, type Step, stepMatch } from "../../src/pipeline/index.ts";
import type { Pair } from "../../src/rules/position.ts";

/**
 * A whole match of the computer against itself, played through the table's road (the pipeline, real physics)
 * and recorded as a table records it: every action in its stored (JSON) form, with the stroke it played. The
 * analysis' tests and benchmark read such records as they read a real table's.
 */

export interface ComputerMatch {
  readonly record: MatchRecord;
  readonly final: MatchState;
}

export interface ComputerMatchOptions {
  /** Each seat's level. */
  readonly levels: Pair<ComputerLevel | LevelSpec>;
  readonly seed: number;
  /** The record's match id; a UUID where a server will store it. */
  readonly matchId?: string;
  /** Strokes after which the match is left unfinished, or, with `resign`, the seat behind resigns it. */
  readonly maxShots?: number;
  readonly resign?: boolean;
  /** Stands in for `decide` (the benchmark times it). */
  readonly decide?: (situation: Situation, level: ComputerLevel | LevelSpec, seed: number) => Decision;
}

/** When the recorded match begins (an evening in January 2025), and the seconds between its actions. */
const STARTED_AT = Date.UTC(2025, 0, 15, 17, 30);
const SECONDS_APART = 20;

function unwrap<T>(result: MatchResult<T>): T {
  if (!result.ok) throw new Error(`the match flow refused the computer: ${result.error.code}: ${result.error.message}`);
  return result.value;
}

export function playComputerMatch(options: ComputerMatchOptions): ComputerMatch {
  const { levels, seed, maxShots = 400 } = options;
  const think = options.decide ?? decide;
  const header: RecordHeader = {
    format: RECORD_FORMAT,
    matchId: options.matchId ?? `computer-${seed}`,
    code: "000000",
    settings: { visibility: "public", opening: "lag", shotClock: 0, seatHoldSeconds: 180, spectatorCap: 10 },
    seed,
    createdAt: STARTED_AT,
  };
  let match = initialMatch(header);
  const actions: RecordedAction[] = [];
  const commit = (step: Step) => {
    // The table stores an action as JSON and applies what it stored (server/src/table/live-match.ts).
    const stored = JSON.parse(JSON.stringify(step.action)) as MatchAction;
    match = unwrap(stepMatch(match, stored)).state;
    actions.push({
      at: STARTED_AT + actions.length * SECONDS_APART * 1000,
      action: stored,
      ...(step.played ? { played: recordedPart(step.played) } : {}),
    });
  };
  for (const player of [0, 1] as const) {
    commit(unwrap(stepMatch(match, { type: "sit", player, name: `Computer ${player}`, token: `token-${player}` })));
  }
  for (let turn = 0; match.phase !== "finished" && match.shotNumber <= maxShots; turn++) {
    const decisionSeed = seed * 7919 + turn * 2;
    if (match.phase === "lag") {
      for (const seat of [0, 1] as const) {
        const lag = think(situationOf(match, seat)!, levels[seat], decisionSeed + seat);
        if (lag.type !== "lag") throw new Error(`a ${lag.type} decision in the lag`);
        commit(unwrap(playLag(match, seat, lagMessageOf(lag))));
      }
      continue;
    }
    const seat = match.player;
    const situation = situationOf(match, seat);
    if (!situation) throw new Error(`no situation for seat ${seat} in phase ${match.phase}`);
    const decision = think(situation, levels[seat], decisionSeed + seat);
    if (decision.type === "pass" || decision.type === "take") {
      const accept = decision.type === "take";
      commit(unwrap(answerOffer(match, seat, { shotNumber: match.shotNumber, accept })));
      if (!accept) continue;
    }
    const shot: ShotDecision = decision.type === "take" ? decision.shot : (decision as ShotDecision);
    commit(unwrap(playShot(match, seat, shotMessageOf(shot))));
  }
  if (options.resign && match.phase !== "finished") {
    // The seat behind resigns, as a person would.
    const player = match.shelves[0].length <= match.shelves[1].length ? 0 : 1;
    commit(unwrap(stepMatch(match, { type: "resign", shot: match.shotNumber, player })));
  }
  return { record: { header, actions }, final: match };
}
