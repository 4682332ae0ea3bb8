/**
 * The times the match page writes: when a match began and ended (the lobby dates a match by its end, the
 * page by both, each labelled, so the two never seem to disagree) and a shot's seconds in the reader's
 * numerals («2,4 с», "2.4 s").
 */

export interface MatchTimes {
  /** Date and time of the first stroke's table; null when the record does not say. */
  readonly start: string | null;
  /** Date and time it ended (only the time on the day it began); null while it is played. */
  readonly end: string | null;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

export function matchTimes(startedAt: number, finishedAt: number | null, language: string): MatchTimes {
  const full = (at: Date) => at.toLocaleString(language, { dateStyle: "short", timeStyle: "short" });
  const start = startedAt > 0 ? new Date(startedAt) : null;
  const end = finishedAt && finishedAt > 0 ? new Date(finishedAt) : null;
  return {
    start: start ? full(start) : null,
    end: end
      ? start && sameDay(start, end)
        ? end.toLocaleTimeString(language, { timeStyle: "short" })
        : full(end)
      : null,
  };
}

/** Seconds with one decimal, in the reader's numerals. */
export function formatSeconds(seconds: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    Math.max(0, seconds),
  );
}
