import { foldRecord, type MatchRecord, type MatchState } from "@habibka/shared/match";
import { FOUL_CLAUSES, type Pair } from "@habibka/shared/rules";

/**
 * What a finished match says of each seat's play, from the record's fold (the same fold that rebuilds the
 * match everywhere else), computed once when the match is settled and stored, so that a profile never folds.
 */

export interface SeatStats {
  /** Balls that counted for him (penalty balls and balls spotted back not counted). */
  readonly pots: number;
  /** His strokes: shots he played, not the lag and not a shot clock's expiry. */
  readonly strokes: number;
  /** His strokes that scored at least one ball. */
  readonly scoringStrokes: number;
  /** His fouls by the clause that names each (a shot clock's expiry included), `{ "17": 2, "3": 1 }`. */
  readonly fouls: Readonly<Record<string, number>>;
}

export interface MatchStats {
  readonly seats: Pair<SeatStats>;
  /** The match as its record folds: who sat, who won, how it ended. */
  readonly final: MatchState;
}

/**
 * The clause a foul is counted under: the one that names it particularly (clause 3 for no safety, 10 for the
 * coloured ball touched), or clause 17, which lists them all, for the fouls only it names (a miss, a ball off
 * the table, a push).
 */
export function foulClause(reason: keyof typeof FOUL_CLAUSES): string {
  const clauses = FOUL_CLAUSES[reason];
  return clauses.find((clause) => clause !== "17") ?? "17";
}

/** Each seat's play in the record; null when the record does not fold (it is then not settled). */
export function matchStats(record: MatchRecord): MatchStats | null {
  const tallies = [0, 1].map(() => ({ pots: 0, strokes: 0, scoringStrokes: 0, fouls: {} as Record<string, number> }));
  const folded = foldRecord(record, ({ played }) => {
    if (played.kind === "lag" || played.seat === -1) return;
    const tally = tallies[played.seat]!;
    const verdict = played.verdict;
    if (played.kind === "shot") {
      tally.strokes++;
      tally.pots += verdict.counted.length;
      if (verdict.counted.length > 0) tally.scoringStrokes++;
    }
    for (const reason of verdict.reasons) {
      const clause = foulClause(reason);
      tally.fouls[clause] = (tally.fouls[clause] ?? 0) + 1;
    }
  });
  if (!folded.ok) return null;
  return { seats: [tallies[0]!, tallies[1]!], final: folded.value };
}
