import { readShotVerdict, verdictLanguage, verdictText as wordedVerdict } from "@habibka/shared/verdict-words";
import type { ShotBroadcast } from "../net/messages.ts";

/**
 * A shot's verdict in the players' words and names: who scored what, the штраф and why, the penalty or
 * debt, what was spotted, and who plays next. The words are the shared verdict catalogue's
 * (shared/src/rules/verdict-words), the same the server puts in a shared link and under a shot's picture, so
 * the table, the match page and the link all say the same thing; this page adds only the reader's language.
 */

export type SeatNames = readonly [string, string];

/** Was this shot a foul? (A lag has no fouls.) */
export function isFoulShot(shot: ShotBroadcast): boolean {
  return readShotVerdict(shot.verdict)?.foul === true;
}

/** The verdict of a shot (or the lag, or a run-out clock) in the reader's language, with the players' names. */
export function verdictText(shot: ShotBroadcast, names: SeatNames, language: string): string {
  return wordedVerdict(shot, names, verdictLanguage(language));
}
