import { MAX_SHOT_NUMBER, type MatchShot, matchShots } from "@habibka/shared/match";
import { z } from "zod";
import type { Logger } from "../logger.ts";
import type { MatchRecords, StoredMatch } from "../records/match-records.ts";

/**
 * One match as the match pages, the API, the shot pictures and the scenario download show it: the stored
 * record and, for a record kept as actions, its strokes folded with the match around each (shared
 * `matchShots`). A finished match never changes its strokes, so its view is kept (a few dozen of the latest).
 * A live one is read afresh each time, since a record just written (a stroke, the result) must show at once,
 * and another process may have written it; reads that arrive together still share one.
 */

export interface ShownMatch {
  readonly match: StoredMatch;
  /** The strokes with the match around each, in order. */
  readonly shots: readonly MatchShot[];
  /**
   * Whether the strokes were folded from the record's actions. A record written before matches were kept as
   * actions has only its stored strokes: shown, with their verdicts' score, but without the shelves before
   * each, so without a scenario to download. A record that does not fold shows no strokes: a record keeps
   * only what its fold does not give, so there is nothing to show them by.
   */
  readonly folded: boolean;
}

/**
 * A match from before records were kept as actions, as its strokes were stored: shown with their verdicts'
 * score, but without the match around each. The old tables kept whatever the table announced then.
 */
function legacyShots(match: StoredMatch): MatchShot[] {
  return match.legacyShots.map((stored) => {
    const { at, ...played } = stored;
    const shelf = (stored.verdict as { shelf?: unknown } | null)?.shelf;
    const score: readonly [number, number] =
      Array.isArray(shelf) && shelf.length === 2 && shelf.every((n) => Number.isInteger(n))
        ? [shelf[0], shelf[1]]
        : [0, 0];
    return {
      played: played as MatchShot["played"],
      at,
      before: { shelves: [[], []], debts: [0, 0], opening: false },
      rest: [],
      after: [],
      score,
    };
  });
}

/** A match id is a UUID: anything else is refused before the database is asked. */
export const MatchId = z.uuid();

/** A stroke's number as a path segment: a whole number, as the shot log shows it. */
export const ShotNumber = z.coerce.number().int().min(1).max(MAX_SHOT_NUMBER);

const KEPT_FINISHED = 64;

export class MatchViews {
  readonly records: MatchRecords;
  private readonly logger: Logger;
  private readonly kept = new Map<string, ShownMatch>();
  private readonly loading = new Map<string, Promise<ShownMatch | null>>();

  constructor(records: MatchRecords, logger: Logger) {
    this.records = records;
    this.logger = logger;
  }

  /** The match's view, or null when there is no match with this id. */
  async get(id: string): Promise<ShownMatch | null> {
    const kept = this.kept.get(id);
    if (kept) {
      // Most recently used last: the oldest is the one let go when the map is full.
      this.kept.delete(id);
      this.kept.set(id, kept);
      return kept;
    }
    const pending = this.loading.get(id);
    if (pending) return pending;
    const load = this.load(id).finally(() => this.loading.delete(id));
    this.loading.set(id, load);
    return load;
  }

  private async load(id: string): Promise<ShownMatch | null> {
    const match = await this.records.getMatch(id);
    if (!match) return null;
    let view: ShownMatch = { match, shots: legacyShots(match), folded: false };
    if (match.record) {
      const folded = matchShots(match.record);
      if (folded.ok) view = { match, shots: folded.value, folded: true };
      // Its header and listing are shown all the same, so the match's page still says who played and how it ended.
      else this.logger.warn({ matchId: id, reason: folded.error.message }, "a match record does not fold");
    }
    if (!match.result) return view;
    this.kept.delete(id);
    this.kept.set(id, view);
    while (this.kept.size > KEPT_FINISHED) this.kept.delete(this.kept.keys().next().value!);
    return view;
  }
}

/** The stroke with this number, or undefined. */
export function shotOf(view: ShownMatch, number: number): MatchShot | undefined {
  return view.shots.find((s) => s.played.number === number);
}
