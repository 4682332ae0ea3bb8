import type { Pair, PlayerIndex } from "./position.ts";

/**
 * The penalty for a foul (clause 15, I15): one ball leaves the offender's shelf — the one that reached it
 * last — and is spotted; with an empty shelf he owes a ball instead. Debts add up; each ball he later
 * scores pays one (see `settleScoredBalls`).
 */
export type PenaltyKind = "shelf" | "debt";

export interface PenaltyResult {
  readonly kind: PenaltyKind;
  /** The ball taken from the shelf, to be spotted after the shot's own balls (I20); null for a debt. */
  readonly ball: number | null;
  readonly shelves: Pair<readonly number[]>;
  readonly debts: Pair<number>;
}

function replace<T>(pair: Pair<T>, player: PlayerIndex, value: T): Pair<T> {
  return player === 0 ? [value, pair[1]] : [pair[0], value];
}

export function applyPenalty(
  shelves: Pair<readonly number[]>,
  debts: Pair<number>,
  offender: PlayerIndex,
): PenaltyResult {
  const shelf = shelves[offender];
  const last = shelf[shelf.length - 1];
  if (last === undefined) {
    return { kind: "debt", ball: null, shelves, debts: replace(debts, offender, debts[offender] + 1) };
  }
  return { kind: "shelf", ball: last, shelves: replace(shelves, offender, shelf.slice(0, -1)), debts };
}

export interface Settlement {
  /** Balls that went onto the striker's shelf, in drop order (the contract's `counted`). */
  readonly counted: readonly number[];
  /** Balls that scored but paid a debt instead (they are spotted, I15). */
  readonly paidDebt: readonly number[];
  readonly shelves: Pair<readonly number[]>;
  readonly debts: Pair<number>;
}

/**
 * Puts scored balls where they belong, in drop order: each one first pays a debt (I15), otherwise goes on
 * the shelf. Every ball a fair shot scores counts, so the shot that brings the eighth ball may bring a
 * ninth with it (clause 2 asks for eight at least); the match is over either way.
 */
export function settleScoredBalls(
  scored: readonly number[],
  shelves: Pair<readonly number[]>,
  debts: Pair<number>,
  striker: PlayerIndex,
): Settlement {
  const shelf = [...shelves[striker]];
  let debt = debts[striker];
  const counted: number[] = [];
  const paidDebt: number[] = [];
  for (const ball of scored) {
    if (debt > 0) {
      debt -= 1;
      paidDebt.push(ball);
    } else {
      shelf.push(ball);
      counted.push(ball);
    }
  }
  return {
    counted,
    paidDebt,
    shelves: replace(shelves, striker, shelf),
    debts: replace(debts, striker, debt),
  };
}
