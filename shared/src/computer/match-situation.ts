import type { MatchState } from "../match/match-state.ts";
import type { AimMessage, LagMessage, ShotMessage } from "../protocol/client-messages.ts";
import type { PlayerIndex } from "../rules/position.ts";
import type { LagDecision, ShotDecision } from "./decision.ts";
import type { Situation } from "./situation.ts";

/**
 * The adapter between the table's match and the computer: a match state seen from a seat becomes a situation,
 * and a decision becomes the message a player would send. It is the only file that knows the match state.
 */

/**
 * What the seat has to decide now, or null when it has nothing to do: not its turn, its lag shot already in
 * (the other's is awaited), the seats still filling, a draw, the match over. An offer the seat has already
 * taken (`offerTaken`) leaves it a shot to play, as in any turn.
 */
export function situationOf(state: MatchState, seat: PlayerIndex): Situation | null {
  const base = {
    player: seat,
    shotNumber: state.shotNumber,
    table: state.table,
    inHand: null,
    shelves: state.shelves,
    debts: state.debts,
    offer: null,
  };
  switch (state.phase) {
    case "lag":
      return state.lagShots[seat] === null ? { ...base, phase: "lag", table: [] } : null;
    case "opening":
      return state.player === seat ? { ...base, phase: "opening", inHand: state.inHand } : null;
    case "turn":
      return state.player === seat ? { ...base, phase: "turn" } : null;
    case "offer":
      if (state.player !== seat || !state.offer) return null;
      return state.offerTaken ? { ...base, phase: "turn" } : { ...base, phase: "offer", offer: state.offer.kind };
    case "waiting":
    case "draw":
    case "finished":
      return null;
  }
}

/** The shot message for the table (docs/PROTOCOL.md `shot`). */
export function shotMessageOf(decision: ShotDecision): ShotMessage {
  return {
    shotNumber: decision.shotNumber,
    stroke: decision.stroke,
    call: [...decision.call],
    ...(decision.place ? { place: decision.place } : {}),
  };
}

/** The live aim the table relays before the shot (docs/PROTOCOL.md `aim`), as a person's aim is relayed. */
export function aimMessageOf(decision: ShotDecision): AimMessage {
  const { shotNumber: _shotNumber, ...aim } = shotMessageOf(decision);
  return aim;
}

/** The lag message for the table (docs/PROTOCOL.md `lag`). */
export function lagMessageOf(decision: LagDecision): LagMessage {
  return { place: decision.place, angle: decision.angle, speed: decision.speed };
}
