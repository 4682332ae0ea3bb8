import type { MatchEnd } from "../match/endings.ts";
import type { MatchState } from "../match/match-state.ts";
import type { VisiblePhase } from "../protocol/visible-phase.ts";
import type { PlayerIndex } from "../rules/position.ts";
import type { BallPosition } from "../table/balls.ts";

/** What the synced state and the lobby show of a match. */
export interface MatchView {
  readonly phase: VisiblePhase;
  /** Who must act now; null while waiting, in the lag (both shoot) and after the finish. */
  readonly toMove: PlayerIndex | null;
  /** The pending offer, "" once it has been taken. */
  readonly offer: "" | "bonus" | "foul";
  readonly shotNumber: number;
  readonly lastBall: boolean;
  readonly winner: PlayerIndex | null;
  readonly finishReason: "" | MatchEnd;
  readonly table: readonly BallPosition[];
  readonly shelves: readonly [readonly number[], readonly number[]];
  readonly debts: readonly [number, number];
  /** The ball in hand for the opening shot, or null. */
  readonly inHand: number | null;
  readonly lagSent: readonly [boolean, boolean];
  readonly rematch: readonly [boolean, boolean];
}

const VISIBLE: Record<MatchState["phase"], VisiblePhase> = {
  waiting: "waiting",
  lag: "lag",
  draw: "lag",
  opening: "opening",
  turn: "play",
  offer: "play",
  finished: "finished",
};

export function viewMatch(match: MatchState): MatchView {
  const phase = VISIBLE[match.phase];
  return {
    phase,
    toMove: phase === "opening" || phase === "play" ? match.player : null,
    offer: match.offer && !match.offerTaken ? match.offer.kind : "",
    shotNumber: match.shotNumber,
    lastBall: match.lastBall,
    winner: match.winner,
    finishReason: match.end ?? "",
    table: match.table,
    shelves: match.shelves,
    debts: match.debts,
    inHand: match.inHand,
    lagSent: [match.lagShots[0] !== null, match.lagShots[1] !== null],
    rematch: match.rematch,
  };
}
