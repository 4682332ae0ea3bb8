import { opponentOf, type Pair, type PlayerIndex } from "../rules/position.ts";
import { ok } from "../rules/result.ts";
import type { Scenario } from "../rules/scenario.ts";
import { toContractVerdict } from "../rules/verdict.ts";
import type { ContractVerdict } from "../rules/verdict-types.ts";
import type { BallPosition } from "../table/balls.ts";
import type { MatchAction } from "./actions.ts";
import type { MatchState } from "./match-state.ts";
import { foldRecord, type MatchRecord } from "./record.ts";
import type { PlayedStroke } from "./recorded-stroke.ts";
import type { MatchResult } from "./transition.ts";

/**
 * A match's strokes as a viewer reads them from its record: each stroke the record keeps, with the match as
 * it stood before it (shelves in the order the balls arrived, debts, the opening) and the table the rules
 * left after it. Read by the record's one fold (`foldRecord`), which judges the recorded physics again but
 * never simulates anything: the match pages, the shot pictures and the scenario download all come from here.
 */

/** The match around one stroke, by seat. */
export interface ShotSituation {
  readonly shelves: Pair<readonly number[]>;
  readonly debts: Pair<number>;
  /** The opening shot from hand (clause 5). */
  readonly opening: boolean;
}

export interface MatchShot {
  readonly played: PlayedStroke;
  /** Server time of the stroke, epoch ms. */
  readonly at: number;
  /** The match before the stroke. */
  readonly before: ShotSituation;
  /** Where the physics left the balls (the lag's two balls for the lag; the table itself for a run-out clock). */
  readonly rest: readonly BallPosition[];
  /** The table for the next stroke: spotted balls placed, the coloured ball put back. */
  readonly after: readonly BallPosition[];
  /** Each seat's shelf count after the stroke: the score. */
  readonly score: Pair<number>;
}

function situationOf(state: MatchState): ShotSituation {
  return { shelves: state.shelves, debts: state.debts, opening: state.phase === "opening" };
}

function restOf(action: MatchAction, played: PlayedStroke): readonly BallPosition[] {
  if ((action.type === "shot" || action.type === "lag") && action.result) return action.result.rest;
  return played.before;
}

/**
 * Every stroke of a record in order, each with its situation. A record of another format, or one whose
 * actions or strokes do not fold, is an error naming the first problem; it never throws.
 */
export function matchShots(record: MatchRecord): MatchResult<MatchShot[]> {
  const shots: MatchShot[] = [];
  const folded = foldRecord(record, ({ played, entry, before, after }) => {
    shots.push({
      played,
      at: entry.at,
      before: situationOf(before),
      rest: restOf(entry.action, played),
      after: after.table,
      score: [after.shelves[0].length, after.shelves[1].length],
    });
  });
  return folded.ok ? ok(shots) : folded;
}

/** What a downloaded shot holds: the `habibka-sim` scenario, and what the server ruled, to compare with. */
export interface ShotScenarioFile extends Scenario {
  readonly match: { readonly shelf: Pair<readonly number[]>; readonly debt: Pair<number>; readonly opening: boolean };
  /**
   * Not part of the scenario (the command ignores fields it does not know): which match and stroke this is,
   * and the recorded verdict's contract fields with the striker as player 0, as `habibka-sim` prints them.
   */
  readonly recorded: {
    readonly matchId: string;
    readonly shot: number;
    readonly seat: PlayerIndex;
    readonly verdict: ContractVerdict;
  };
}

/** A verdict by seat turned to the contract's view, where the striker is player 0. */
export function verdictForStriker(verdict: ContractVerdict, striker: PlayerIndex): ContractVerdict {
  const contract = toContractVerdict(verdict);
  if (striker === 0) return contract;
  const turn = (seat: PlayerIndex): PlayerIndex => opponentOf(seat);
  return {
    ...contract,
    next: { player: turn(contract.next.player), mayPass: contract.next.mayPass },
    shelf: [contract.shelf[1], contract.shelf[0]],
    debt: [contract.debt[1], contract.debt[0]],
    winner: contract.winner === null ? null : turn(contract.winner),
  };
}

/**
 * A played shot as a `habibka-sim` scenario (docs/rules/sim-cli.md): the table at the stroke, the stroke,
 * the call and the match with the striker as player 0. Only a shot has one: the lag is two strokes on an
 * empty table and a run-out clock no stroke at all (null for both).
 */
export function shotScenario(matchId: string, shot: MatchShot): ShotScenarioFile | null {
  const { played, before } = shot;
  if (played.kind !== "shot" || played.seat === -1) return null;
  const { request } = played;
  const striker: PlayerIndex = played.seat;
  const other = opponentOf(striker);
  return {
    balls: played.before.map(({ id, x, y }) => ({ id, x, y })),
    shot: request.stroke,
    call: (request.call ?? []).map(({ ball, pocket, way }) => ({ ball, pocket, way })),
    match: {
      shelf: [[...before.shelves[striker]], [...before.shelves[other]]],
      debt: [before.debts[striker], before.debts[other]],
      opening: before.opening,
    },
    recorded: {
      matchId,
      shot: played.number,
      seat: striker,
      verdict: verdictForStriker(played.verdict, striker),
    },
  };
}
