import { isLastBallPlay } from "../rules/last-ball.ts";
import { isWhiteBall } from "../table/balls.ts";
import type { Decision, ShotDecision } from "./decision.ts";
import { lagPlace } from "./lag-decision.ts";
import { freeHousePlace, plainStroke } from "./plain-shot.ts";
import type { Situation } from "./situation.ts";

/**
 * A legal action for any situation, found at once and without a simulation: what a table plays for the computer
 * when its search failed or did not answer in time, so that a match never waits on a lost decision. It is
 * plain, not good: a straight lag, a soft stroke at the nearest ball without a call (an offer is taken for it).
 */

/** About the speed that brings a lag ball back near the head cushion on an empty table (lag-decision.ts). */
const LAG_SPEED = 2.2;

const NOTHING = { expected: { success: 0 }, stats: { candidates: 0, simulations: 0 } } as const;

export function fallbackDecision(situation: Situation): Decision {
  const { phase, shotNumber, table } = situation;
  switch (phase) {
    case "lag":
      return { type: "lag", place: lagPlace(situation.player), angle: 0, speed: LAG_SPEED, kind: "lag", ...NOTHING };
    case "offer":
      // Taken, so that the table moves on: passing could hand the turn back and forth for ever.
      return { type: "take", shotNumber, shot: turnShot(situation), kind: "take", ...NOTHING };
    case "opening": {
      if (situation.inHand === null) throw new Error("an opening situation without a ball in hand");
      const place = freeHousePlace(table);
      const cue = { id: situation.inHand, ...place };
      const stroke = plainStroke([...table, cue], cue, false);
      return { type: "shot", shotNumber, stroke, intended: stroke, call: [], place, kind: "fallback", ...NOTHING };
    }
    case "turn":
      return turnShot(situation);
  }
}

function turnShot(situation: Situation): ShotDecision {
  const cue = situation.table.find((b) => isWhiteBall(b.id));
  if (!cue) throw new Error("a turn without a white ball on the table");
  const stroke = plainStroke(situation.table, cue, isLastBallPlay(situation.table, situation.shelves));
  return {
    type: "shot",
    shotNumber: situation.shotNumber,
    stroke,
    intended: stroke,
    call: [],
    kind: "fallback",
    ...NOTHING,
  };
}
