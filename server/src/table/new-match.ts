import { randomInt, randomUUID } from "node:crypto";
import {
  initialMatch,
  type MatchState,
  RECORD_FORMAT,
  type RecordHeader,
  type TableSettings,
} from "@habibka/shared/match";
import { stepMatch } from "@habibka/shared/pipeline";
import type { CreateTableOptions } from "@habibka/shared/protocol";
import { computerOpponentOf, computerSit } from "../computer/computer-seat.ts";
import { LiveMatch } from "./live-match.ts";
import type { TableServices } from "./table-services.ts";

/** How a table's matches begin: its settings, each match's record, the computer's seat, the rematch. */

/**
 * A table's settings from its create options (the computer's level and pace only at a table against it, the
 * rated mark only on a rated table, so that the settings of every other table read as they always did).
 */
export function tableSettings(options: CreateTableOptions): TableSettings {
  const { visibility, opening, shotClock, seatHoldSeconds, spectatorCap, opponent, level, pace, rated } = options;
  return {
    visibility,
    opening,
    shotClock,
    seatHoldSeconds,
    spectatorCap,
    opponent,
    ...(level ? { level } : {}),
    ...(pace ? { pace } : {}),
    ...(rated ? { rated } : {}),
  };
}

export function rematchAgreed(match: MatchState): boolean {
  return (
    match.phase === "finished" &&
    match.rematch[0] &&
    match.rematch[1] &&
    match.seats[0] !== null &&
    match.seats[1] !== null
  );
}

/** A new match's record, created and leased to this process before anyone is told of it. */
export function startRecord(settings: TableSettings, code: string, services: TableServices, lost: () => void) {
  const seed = services.seed?.() ?? randomInt(0, 2 ** 31);
  const header: RecordHeader = {
    format: RECORD_FORMAT,
    matchId: randomUUID(),
    code,
    settings,
    seed,
    createdAt: Date.now(),
  };
  return LiveMatch.start(header, initialMatch(header), services, lost);
}

/** At a table against the computer, the computer sits first, by the same `sit` as a person, recorded. */
export async function seatComputer(settings: TableSettings, live: LiveMatch): Promise<void> {
  const opponent = computerOpponentOf(settings);
  if (!opponent) return;
  const sat = stepMatch(live.match, computerSit(opponent.seat, opponent.level));
  if (!sat.ok) throw new Error(`the computer could not sit: ${sat.error.message}`);
  if (!(await live.commit(sat.value, Date.now()))) throw new Error("the computer's seat was not recorded");
}
