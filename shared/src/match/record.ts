import { fail, ok } from "../rules/result.ts";
import type { ShotVerdict } from "../rules/verdict-types.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallPosition } from "../table/balls.ts";
import type { MatchAction } from "./actions.ts";
import { foldActions } from "./apply-action.ts";
import type { LagVerdict } from "./lag-verdict.ts";
import type { MatchState, Opener } from "./match-state.ts";
import { newMatch } from "./new-match.ts";
import type { ComputerLevel, Opponent } from "./opponent.ts";
import type { MatchResult } from "./transition.ts";

/**
 * The record of one match is the list of its actions (scalachess's Replay): the header says how the match
 * was set up, and folding the actions in order rebuilds it exactly. A stroke the physics played keeps what
 * a viewer needs to show it (the table at the stroke, the trace, the verdict), so nothing is simulated again.
 */

/** Bumped when the meaning of a stored record changes; every earlier format stays readable. */
export const RECORD_FORMAT = 1;

/** The table's settings, as its creator chose them. */
export interface TableSettings {
  readonly visibility: "public" | "private";
  readonly opening: Opener;
  readonly shotClock: number;
  readonly seatHoldSeconds: number;
  readonly spectatorCap: number;
  /** Who played the creator: a person, or the computer in seat 1. Absent in records from before the computer. */
  readonly opponent?: Opponent;
  /** The computer's strength, at a table against the computer. */
  readonly level?: ComputerLevel;
  readonly pace?: import("./opponent.ts").ComputerPace;
}

export interface RecordHeader {
  readonly format: number;
  readonly matchId: string;
  /** The table's code (a rematch is a new record at the same code). */
  readonly code: string;
  readonly settings: TableSettings;
  /** All of the match's randomness: the rack's jitter and the draw. */
  readonly seed: number;
  readonly createdAt: number;
}

/** A stroke as it was announced: the lag, a shot, or the shot clock's miss. */
export interface PlayedShot {
  readonly kind: "shot" | "lag" | "clock";
  readonly number: number;
  /** The seat that played it: -1 for the lag, which both play. */
  readonly seat: number;
  readonly request: unknown;
  /** The table at the stroke (the opening's ball in hand placed; the two lag balls for the lag). */
  readonly before: readonly BallPosition[];
  readonly events: readonly ShotEvent[];
  /** The trace in the compact binary form of shared/src/shot/trace-codec.ts. */
  readonly trace: Uint8Array;
  /** Seconds of animation: until the last visible movement (the trace itself runs to the end). */
  readonly duration: number;
  readonly verdict: ShotVerdict | LagVerdict;
}

export interface RecordedAction {
  /** Server time in epoch ms, for viewers; the rules never read it. */
  readonly at: number;
  readonly action: MatchAction;
  /** Present when the action played a stroke. */
  readonly played?: PlayedShot;
}

export interface MatchRecord {
  readonly header: RecordHeader;
  readonly actions: readonly RecordedAction[];
}

/** The match a record's header sets up, before any action. */
export function initialMatch(header: RecordHeader): MatchState {
  return newMatch({ opener: header.settings.opening, seed: header.seed });
}

/** Whether this version reads a record of the header's format: every reader of a record asks first. */
export function checkRecordFormat(header: RecordHeader): MatchResult<RecordHeader> {
  if (header.format === RECORD_FORMAT) return ok(header);
  return fail(
    "record-format",
    `Record format ${String(header.format)} is not one this version reads (it reads ${RECORD_FORMAT}).`,
    `Формат записи ${String(header.format)} не поддерживается.`,
    "format",
  );
}

/**
 * Folds a record back into its match. A record of a format this code does not know, or whose actions do
 * not fold (corrupt, or edited by hand), is an error that names the first problem; it never throws.
 */
export function replayMatch(record: MatchRecord): MatchResult<MatchState> {
  const format = checkRecordFormat(record.header);
  if (!format.ok) return format;
  try {
    return foldActions(
      initialMatch(record.header),
      record.actions.map((a) => a.action),
    );
  } catch (cause) {
    return fail(
      "record-corrupt",
      `the record does not fold: ${(cause as Error).message}`,
      "Запись повреждена.",
      "actions",
    );
  }
}
