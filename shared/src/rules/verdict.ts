import { type BallPosition, COLOURED_BALL } from "../table/balls.ts";
import { returnColouredBall } from "./coloured-ball.ts";
import { decidingClauses } from "./deciding-clauses.ts";
import { findFouls } from "./fouls.ts";
import { isClause10InForce, isLastBallPlay } from "./last-ball.ts";
import { earnsBonus, nextTurn } from "./next-turn.ts";
import { applyPenalty, settleScoredBalls } from "./penalty.ts";
import { type Position, WINNING_SHELF } from "./position.ts";
import { analyseSafety, isSafetyMet } from "./safety-rule.ts";
import { droppedAsCalled, judgeDrops } from "./scoring.ts";
import { leftPlay, readShotLog } from "./shot-queries.ts";
import { ballsToSpot, spotBalls } from "./spotting.ts";
import type { ColouredFate, ContractVerdict, ShotInput, ShotJudgement, ShotVerdict } from "./verdict-types.ts";
import { explainShot } from "./verdict-words/index.ts";

/**
 * The one decision function (docs/RULES.md): (match before, request, log, rest) → verdict + position after.
 * It composes the rule modules in the order the rules apply: fouls, then scoring (nothing counts on a
 * foul), debts and the shelf, the penalty, the coloured ball, spotting at the foot, and the next turn.
 */
export function judgeShot(input: ShotInput): ShotJudgement {
  const { position, striker, stroke, call, opening } = input;
  const before = position.table;
  const log = readShotLog(input.events, stroke.cue);
  const lastBall = isLastBallPlay(before, position.shelves);
  const safety = analyseSafety(log, before, input.rest);
  const context = { log, call, opening, lastBall };
  const reasons = findFouls({
    log,
    stroke,
    before,
    safety,
    lastBall,
    cueDroppedAsCalled: droppedAsCalled(context, stroke.cue),
  });
  const foul = reasons.length > 0;
  const scoring = judgeDrops({ ...context, foul });
  const settled = settleScoredBalls(scoring.scored, position.shelves, position.debts, striker);
  const penalty = foul ? applyPenalty(settled.shelves, settled.debts, striker) : null;
  const shelves = penalty?.shelves ?? settled.shelves;
  const debts = penalty?.debts ?? settled.debts;
  const winner = shelves[striker].length >= WINNING_SHELF ? striker : null;

  // The table after the physics, without anything that left play (the log is the authority on that).
  const gone = leftPlay(log).map((g) => g.ball);
  const afterPhysics = input.rest.filter((b) => !gone.includes(b.id));
  const onShelf = new Set([...shelves[0], ...shelves[1]]);
  const clause10 = isClause10InForce(lastBall, foul);
  const toSpot = ballsToSpot(gone, onShelf, { colouredAtFoot: !clause10, penaltyBall: penalty?.ball ?? null });
  let coloured: ColouredFate = "left";
  let table: readonly BallPosition[] = afterPhysics;
  if (onShelf.has(COLOURED_BALL)) coloured = "scored";
  else if (toSpot.includes(COLOURED_BALL)) coloured = "spotted";
  else if (clause10) {
    // In last-ball play a coloured ball left waiting from before cannot be hit, so any shot then is a
    // miss, and that foul brings clause 10 back: no special case is needed for it.
    const back = returnColouredBall(afterPhysics);
    coloured = back.action;
    table = back.table;
  }
  table = spotBalls(table, toSpot).sort((p, q) => p.id - q.id);

  const bonus = earnsBonus(scoring, foul, winner !== null);
  const firstProof = safety.proofs[0];
  const partial: Omit<ShotVerdict, "clauses" | "explanation"> = {
    foul,
    reasons,
    counted: settled.counted,
    spotted: toSpot,
    penalty: penalty?.kind ?? null,
    bonus,
    next: nextTurn(striker, { foul, bonus, won: winner !== null }),
    shelf: [shelves[0].length, shelves[1].length],
    debt: [debts[0], debts[1]],
    winner,
    safety: isSafetyMet(safety) && firstProof ? firstProof.condition : null,
    drops: scoring.drops,
    paidDebt: settled.paidDebt,
    penaltyBall: penalty?.ball ?? null,
    coloured,
    opening,
    cue: stroke.cue,
    lastBall: { before: lastBall, after: winner === null && isLastBallPlay(table, shelves) },
  };
  const clauses = decidingClauses(partial);
  const after: Position = { table, shelves, debts };
  return {
    verdict: { ...partial, clauses, explanation: explainShot(partial, striker, input.events) },
    position: after,
  };
}

/** The contract's verdict object, exactly its fields and nothing else (docs/rules/sim-cli.md). */
export function toContractVerdict(v: ContractVerdict): ContractVerdict {
  return {
    foul: v.foul,
    reasons: [...v.reasons],
    counted: [...v.counted],
    spotted: [...v.spotted],
    penalty: v.penalty,
    bonus: v.bonus,
    next: { player: v.next.player, mayPass: v.next.mayPass },
    shelf: [v.shelf[0], v.shelf[1]],
    debt: [v.debt[0], v.debt[1]],
    winner: v.winner,
  };
}
