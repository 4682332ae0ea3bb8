import {
  COMPUTER_NAMES,
  COMPUTER_SEAT,
  type ComputerLevel,
  type ComputerPace,
  DEFAULT_COMPUTER_LEVEL,
  DEFAULT_COMPUTER_PACE,
  type SitAction,
  type TableSettings,
} from "@habibka/shared/match";
import type { PlayerIndex } from "@habibka/shared/rules";
import { hashSeatToken, newSeatToken } from "../table/seating.ts";

/** Where the computer sits at a server's table, at what strength, and the `sit` that seats it there. */

/** The seat and strength of the computer at a table against it, from the table's settings; null for two people. */
export function computerOpponentOf(
  settings: TableSettings,
): { readonly seat: PlayerIndex; readonly level: ComputerLevel; readonly pace: ComputerPace } | null {
  if (settings.opponent !== "computer") return null;
  return {
    seat: COMPUTER_SEAT,
    level: settings.level ?? DEFAULT_COMPUTER_LEVEL,
    pace: settings.pace ?? DEFAULT_COMPUTER_PACE,
  };
}

/**
 * The computer takes its seat as a person does, by a `sit`: named for its level, with the hash of a seat token
 * that is never given to anyone, so nobody can ever return to its seat.
 */
export function computerSit(seat: PlayerIndex, level: ComputerLevel): SitAction {
  return { type: "sit", player: seat, name: COMPUTER_NAMES[level], token: hashSeatToken(newSeatToken()) };
}
