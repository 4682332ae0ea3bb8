import type { ShotEvent } from "../shot/shot-events.ts";
import { type BallPosition, COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import type { Call } from "./call.ts";
import { type ColouredAction, returnColouredBall } from "./coloured-ball.ts";
import { explainShot } from "./explain.ts";
import { FOUL_CLAUSES, type FoulReason, findFouls } from "./fouls.ts";
import { applyPenalty, type PenaltyKind, settleScoredBalls } from "./penalty.ts";
import { isLastBallPlay, opponentOf, type Pair, type PlayerIndex, type Position, WINNING_SHELF } from "./position.ts";
import { analyseSafety, isSafetyMet, type SafetyCondition } from "./safety-rule.ts";
import { type DropJudgement, droppedAsCalled, judgeDrops } from "./scoring.ts";
import { leftPlay, readShotLog } from "./shot-queries.ts";
import { spotBalls } from "./spotting.ts";
import type { Stroke } from "./stroke.ts";

/** Everything the decision function needs: the match before the shot, the request and what happened. */
export interface ShotInput {
  /** Table at the stroke (for the opening shot: with the cue ball placed in the house), shelves, debts. */
  readonly position: Position;
  readonly striker: PlayerIndex;
  readonly stroke: Stroke;
  /** The validated call (see `validateCall`). */
  readonly call: Call;
  /** The opening shot from hand (clause 5, I22). */
  readonly opening: boolean;
  /** The physics' event log and resting positions. */
  readonly events: readonly ShotEvent[];
  readonly rest: readonly BallPosition[];
}

/**
 * The contract's verdict (docs/rules/sim-cli.md, `verdict`), with players as seats (0/1). For the `habibka-sim` command
 * the striker is seat 0, so these are the contract's numbers as they stand.
 */
export interface ContractVerdict {
  readonly foul: boolean;
  readonly reasons: readonly FoulReason[];
  readonly counted: readonly number[];
  readonly spotted: readonly number[];
  readonly penalty: PenaltyKind | null;
  readonly bonus: boolean;
  readonly next: { readonly player: PlayerIndex; readonly mayPass: boolean };
  readonly shelf: Pair<number>;
  readonly debt: Pair<number>;
  readonly winner: PlayerIndex | null;
}

/** What became of the coloured ball at the end of the shot. */
export type ColouredFate = ColouredAction | "scored" | "spotted" | "left";

/** The verdict plus the details that explain it. */
export interface ShotVerdict extends ContractVerdict {
  /** Clause numbers that decided the shot ("3c", "6", "15", …), in clause order. */
  readonly clauses: readonly string[];
  /** A sentence for players, in Russian and in English. */
  readonly explanation: { readonly ru: string; readonly en: string };
  /** The first clause-3 condition that holds (a–i), or null. */
  readonly safety: SafetyCondition | null;
  readonly drops: readonly DropJudgement[];
  /** Balls spotted because they paid a debt (I15). */
  readonly paidDebt: readonly number[];
  readonly penaltyBall: number | null;
  readonly coloured: ColouredFate;
  readonly opening: boolean;
  /** The ball struck with the cue (to tell свояк from чужой). */
  readonly cue: number;
  /** Last-ball play before the shot and after it (clauses 12–14). */
  readonly lastBall: { readonly before: boolean; readonly after: boolean };
}

export interface ShotJudgement {
  readonly verdict: ShotVerdict;
  /** The position for the next shot: balls spotted, coloured ball put back, shelves and debts settled. */
  readonly position: Position;
}

function clauseOrder(a: string, b: string): number {
  return Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b);
}

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
  const settled = settleScoredBalls(scoring.scored, position.shelves, position.debts, striker, WINNING_SHELF);
  const penalty = foul ? applyPenalty(settled.shelves, settled.debts, striker) : null;
  const shelves = penalty?.shelves ?? settled.shelves;
  const debts = penalty?.debts ?? settled.debts;
  const winner = shelves[striker].length >= WINNING_SHELF ? striker : null;

  // The table after the physics, without anything that left play (the log is the authority on that).
  const gone = leftPlay(log);
  const afterPhysics = input.rest.filter((b) => !gone.some((g) => g.ball === b.id));
  const onShelf = new Set([...shelves[0], ...shelves[1]]);

  // Clause 10 applies outside last-ball play, and again after a foul in it: the penalty ball from a
  // 7-ball shelf always puts a second white ball on the table (clause 12, I19).
  const clause10 = !lastBall || foul;
  const toSpot: number[] = [];
  for (const g of gone) {
    if (isWhiteBall(g.ball) && !onShelf.has(g.ball)) toSpot.push(g.ball);
    // Clause 13: in last-ball play a coloured ball that drops not as called is spotted at the foot.
    if (g.ball === COLOURED_BALL && !clause10 && !onShelf.has(COLOURED_BALL)) toSpot.push(COLOURED_BALL);
  }
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
  if (penalty && penalty.ball !== null) toSpot.push(penalty.ball);
  table = spotBalls(table, toSpot).sort((p, q) => p.id - q.id);

  const after: Position = { table, shelves, debts };
  const bonus = !foul && winner === null && (scoring.bank || scoring.scored.length >= 2 || scoring.accidental);
  const next =
    winner !== null
      ? { player: opponentOf(striker), mayPass: false }
      : foul
        ? { player: opponentOf(striker), mayPass: true }
        : bonus
          ? { player: striker, mayPass: true }
          : { player: opponentOf(striker), mayPass: false };
  const firstProof = safety.proofs[0];
  const partial: Omit<ShotVerdict, "clauses" | "explanation"> = {
    foul,
    reasons,
    counted: settled.counted,
    spotted: toSpot,
    penalty: penalty?.kind ?? null,
    bonus,
    next,
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
  return {
    verdict: { ...partial, clauses, explanation: explainShot({ ...partial, clauses }) },
    position: after,
  };
}

/** The clauses that decided this shot, for the verdict's explanation and for the rules document. */
function decidingClauses(v: Omit<ShotVerdict, "clauses" | "explanation">): string[] {
  const out = new Set<string>();
  for (const r of v.reasons) for (const c of FOUL_CLAUSES[r]) out.add(c);
  if (v.foul) {
    out.add("15");
    if (v.winner === null) out.add("16");
  }
  if (v.safety) out.add(`3${v.safety}`);
  if (v.opening) out.add("5");
  for (const d of v.drops) {
    if (d.fate === "called" || d.fate === "not-as-called" || d.fate === "uncalled" || d.fate === "accidental") {
      out.add("6");
    }
    if (d.fate === "straight-flying") out.add("7");
    if (d.fate === "partial-double-call") out.add("8");
  }
  if (v.drops.filter((d) => d.fate === "called").length === 2) out.add("8");
  if (v.bonus) out.add("9");
  if (v.paidDebt.length > 0) out.add("15");
  if (v.spotted.length > 0) out.add("4");
  if (v.coloured === "returned" || v.coloured === "waiting") out.add("10");
  if (v.lastBall.before) out.add("12");
  if (v.coloured === "spotted") out.add("13");
  if (v.winner !== null) out.add("2");
  return [...out].sort(clauseOrder);
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
