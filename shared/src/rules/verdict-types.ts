import type { ShotEvent } from "../shot/shot-events.ts";
import type { Stroke } from "../shot/stroke.ts";
import type { BallPosition } from "../table/balls.ts";
import type { Call } from "./call.ts";
import type { ColouredAction } from "./coloured-ball.ts";
import type { FoulReason } from "./fouls.ts";
import type { PenaltyKind } from "./penalty.ts";
import type { Pair, PlayerIndex, Position } from "./position.ts";
import type { SafetyCondition } from "./safety-rule.ts";
import type { DropJudgement } from "./scoring.ts";

/**
 * The shapes that go into and come out of the decision function (`judgeShot` in verdict.ts), apart from
 * it so that the modules that read a verdict (the explanation, the deciding clauses) need not import it.
 */

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
