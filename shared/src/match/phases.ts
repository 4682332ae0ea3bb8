import type { ActionType } from "./actions.ts";
import type { Phase } from "./match-state.ts";

/**
 * The match flow declared as data (STYLE 6, boardgame.io's phases): which actions each phase accepts and
 * where it can lead. `applyAction` refuses anything not listed here before looking any further.
 */
export interface PhaseSpec {
  readonly accepts: readonly ActionType[];
  readonly leadsTo: readonly Phase[];
  readonly description: string;
}

export const MATCH_FLOW: Readonly<Record<Phase, PhaseSpec>> = {
  lag: {
    accepts: ["lag", "resign"],
    leadsTo: ["lag", "opening", "finished"],
    description: "The lag [раскат] decides who opens; both losing or a tie within 1 mm is replayed (I21).",
  },
  draw: {
    accepts: ["draw", "resign"],
    leadsTo: ["opening", "finished"],
    description: "A random draw decides who opens (I21).",
  },
  opening: {
    accepts: ["shot", "resign"],
    leadsTo: ["turn", "offer", "finished"],
    description: "The opening shot from hand in the house with the apex ball (clause 5, I22).",
  },
  turn: {
    accepts: ["shot", "resign"],
    leadsTo: ["turn", "offer", "finished"],
    description: "The player to move shoots (clause 9).",
  },
  offer: {
    accepts: ["shot", "pass", "resign"],
    leadsTo: ["turn", "offer", "finished"],
    description:
      "A bonus shot (clause 9) or the opponent's right after a foul (clause 16): shoot, or pass the shot over.",
  },
  finished: {
    accepts: [],
    leadsTo: [],
    description: "Someone has eight balls on the shelf (clause 2) or resigned.",
  },
};

export function acceptsAction(phase: Phase, action: ActionType): boolean {
  return MATCH_FLOW[phase].accepts.includes(action);
}
