import { fail, ok } from "../rules/result.ts";
import type { MatchAction } from "./actions.ts";
import { foldActions } from "./apply-action.ts";
import type { MatchState, Opener } from "./match-state.ts";
import { newMatch } from "./new-match.ts";
import type { ComputerLevel, Opponent } from "./opponent.ts";
import { checkFormatOneCopies } from "./record-format-one.ts";
import { type PlayedStroke, playedStroke, type RecordedStroke } from "./recorded-stroke.ts";
import type { MatchResult } from "./transition.ts";

/**
 * The record of one match is the list of its actions (scalachess's Replay): the header says how the match
 * was set up, and folding the actions in order rebuilds it exactly. A stroke the physics played keeps beside
 * its action only what a viewer needs and the fold cannot give (the table at the stroke, the trace), so
 * nothing is simulated again and nothing is kept twice: the fold gives back the request, the events and the
 * verdict (recorded-stroke.ts).
 */

/**
 * Bumped when the meaning of a stored record changes; every earlier format stays readable. Format 2 keeps a
 * stroke without the copies format 1 kept of its events, its request and its verdict (record-format-one.ts).
 */
export const RECORD_FORMAT = 2;

/** The formats this version reads. */
export const READ_FORMATS: readonly number[] = [1, 2];

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
  /** A rated table: public, with a shot clock, both seats accounts; its finish moves both ratings. */
  readonly rated?: boolean;
  /** The accounts the two seats are kept for (a challenge's table: seat 0 the challenger); others watch. */
  readonly invited?: readonly [string, string];
  /**
   * Played against the computer in a browser without the network, and kept when its page sent it: every
   * stroke played again on the server's engine with the same outcome (docs/PROTOCOL.md, "Offline matches").
   */
  readonly offline?: boolean;
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

export interface RecordedAction {
  /** Server time in epoch ms, for viewers; the rules never read it. */
  readonly at: number;
  readonly action: MatchAction;
  /** Present when the action played a stroke. */
  readonly played?: RecordedStroke;
}

export interface MatchRecord {
  readonly header: RecordHeader;
  readonly actions: readonly RecordedAction[];
}

/** The match a record's header sets up, before any action: the only way a record's first state is built. */
export function initialMatch(header: RecordHeader): MatchState {
  return newMatch({ opener: header.settings.opening, seed: header.seed });
}

/** Whether this version reads a record of the header's format: every reader of a record asks first. */
export function checkRecordFormat(header: RecordHeader): MatchResult<RecordHeader> {
  if (READ_FORMATS.includes(header.format)) return ok(header);
  return fail(
    "record-format",
    `Record format ${String(header.format)} is not one this version reads (it reads ${READ_FORMATS.join(", ")}).`,
    `Формат записи ${String(header.format)} не поддерживается.`,
    "format",
  );
}

/** One stroke of a record as the fold meets it: the whole stroke, its entry, and the match around it. */
export interface FoldedStroke {
  readonly played: PlayedStroke;
  readonly entry: RecordedAction;
  readonly before: MatchState;
  readonly after: MatchState;
}

/**
 * The one fold of a record: its actions applied in order from the header's match, each recorded stroke
 * rebuilt and checked against the fold (and, in format 1, the copies it kept), and handed to `visit`. A
 * record of a format this code does not know, or whose actions or strokes do not fold (corrupt, or edited by
 * hand), is an error that names the first problem; it never throws.
 */
export function foldRecord(record: MatchRecord, visit?: (stroke: FoldedStroke) => void): MatchResult<MatchState> {
  const format = checkRecordFormat(record.header);
  if (!format.ok) return format;
  const { actions } = record;
  try {
    return foldActions(
      initialMatch(record.header),
      actions.map((a) => a.action),
      (index, before, transition) => {
        const entry = actions[index]!;
        if (!entry.played) return ok(null);
        const played = playedStroke(before, entry.action, transition, entry.played);
        if (!played.ok) return played;
        if (record.header.format === 1) {
          const copies = checkFormatOneCopies(entry.played, played.value);
          if (!copies.ok) return copies;
        }
        visit?.({ played: played.value, entry, before, after: transition.state });
        return ok(null);
      },
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

/** Folds a record back into its match (the fold of `foldRecord`, nothing visited). */
export function replayMatch(record: MatchRecord): MatchResult<MatchState> {
  return foldRecord(record);
}
