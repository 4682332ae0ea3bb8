import type { MatchState } from "../match/match-state.ts";
import type { BallPosition } from "../table/balls.ts";

/**
 * A table's match: the rules' match state plus what only the table knows: how it ended when a player
 * walked away (the rules know resignation; an expired seat is the room's resignation on his behalf), and
 * whether the player answering an offer has said he takes it (the rules take an offer by the shot itself,
 * but everyone at the table should see the choice as soon as it is made).
 */
export interface Match {
  readonly flow: MatchState;
  readonly absent: 0 | 1 | null;
  /** The shot number whose offer the player has taken, or null. */
  readonly offerTaken: number | null;
}

/** The phases a player sees (docs/PROTOCOL.md); "waiting" is the room's, before both seats are filled. */
export type VisiblePhase = "lag" | "opening" | "play" | "finished";

/** What the synced state and the lobby show of a match. */
export interface MatchView {
  readonly phase: VisiblePhase;
  /** Who must act now; null in the lag (both shoot) and after the finish. */
  readonly toMove: 0 | 1 | null;
  readonly offer: "" | "bonus" | "foul";
  readonly shotNumber: number;
  readonly lastBall: boolean;
  readonly winner: 0 | 1 | null;
  readonly finishReason: "" | "eight" | "resignation" | "absence";
  readonly table: readonly BallPosition[];
  readonly shelves: readonly [readonly number[], readonly number[]];
  readonly debts: readonly [number, number];
  /** The ball in hand for the opening shot, or null. */
  readonly inHand: number | null;
}

const VISIBLE: Record<MatchState["phase"], VisiblePhase> = {
  lag: "lag",
  draw: "lag",
  opening: "opening",
  turn: "play",
  offer: "play",
  finished: "finished",
};

export function viewMatch(match: Match): MatchView {
  const { flow } = match;
  const phase = VISIBLE[flow.phase];
  return {
    phase,
    toMove: phase === "lag" || phase === "finished" ? null : flow.player,
    offer: flow.offer && match.offerTaken !== flow.shotNumber ? flow.offer.kind : "",
    shotNumber: flow.shotNumber,
    lastBall: flow.lastBall,
    winner: flow.winner,
    finishReason: match.absent !== null ? "absence" : (flow.end ?? ""),
    table: flow.table,
    shelves: flow.shelves,
    debts: flow.debts,
    inHand: flow.inHand,
  };
}
