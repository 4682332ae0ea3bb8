import type { ActionType } from "./actions.ts";
import type { Phase } from "./match-state.ts";

/**
 * The match flow declared as data (boardgame.io's phases): which actions each phase accepts and where it
 * can lead. `applyAction` refuses anything not listed here before looking any further; a property test
 * checks every transition it makes against `leadsTo`.
 */
export interface PhaseSpec {
  readonly accepts: readonly ActionType[];
  readonly leadsTo: readonly Phase[];
  readonly description: string;
}

export const MATCH_FLOW: Readonly<Record<Phase, PhaseSpec>> = {
  waiting: {
    accepts: ["sit", "expire"],
    leadsTo: ["waiting", "lag", "draw"],
    description: "A seat is free; the match begins with its lag or draw once both are taken.",
  },
  lag: {
    accepts: ["lag", "resign", "expire"],
    leadsTo: ["lag", "opening", "finished"],
    description: "The lag [раскат] decides who opens; both losing or a tie within 1 mm is replayed (I21).",
  },
  draw: {
    accepts: ["draw", "resign", "expire"],
    leadsTo: ["opening", "finished"],
    description: "A random draw decides who opens (I21).",
  },
  opening: {
    accepts: ["shot", "clock", "resign", "expire"],
    leadsTo: ["turn", "offer", "finished"],
    description: "The opening shot from hand in the house with the apex ball (clause 5, I22).",
  },
  turn: {
    accepts: ["shot", "clock", "resign", "expire"],
    leadsTo: ["turn", "offer", "finished"],
    description: "The player to move shoots (clause 9).",
  },
  offer: {
    accepts: ["shot", "take", "pass", "clock", "resign", "expire"],
    leadsTo: ["turn", "offer", "finished"],
    description:
      "A bonus shot (clause 9) or the opponent's right after a foul (clause 16): take it and shoot, or pass it over.",
  },
  finished: {
    accepts: ["rematch", "leave", "expire", "sit"],
    leadsTo: ["finished"],
    description:
      "Eight balls on a shelf (clause 2), a resignation or an absence. Seats may change hands; when both ask, a rematch starts a new match.",
  },
};

export function acceptsAction(phase: Phase, action: ActionType): boolean {
  return MATCH_FLOW[phase].accepts.includes(action);
}
