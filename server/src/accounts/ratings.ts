import type { Rating } from "@habibka/shared/protocol";
import rate from "glicko2-lite";

/**
 * Glicko-2 ratings (Glickman's system, with glicko2-lite's implementation of its steps): every rated match is
 * a rating period of its own for both players, as online game sites rate each game as it ends, so that a
 * rating moves at once and does not depend on when a period would close.
 */

/** What is stored of a rating. */
export interface StoredRating {
  readonly value: number;
  readonly deviation: number;
  readonly volatility: number;
  /** Rated matches played. */
  readonly games: number;
}

/** Every account starts here: Glickman's suggested defaults. */
export const INITIAL_RATING: StoredRating = { value: 1500, deviation: 350, volatility: 0.06, games: 0 };

/** The system constant τ, which limits how fast the volatility changes (Glickman suggests 0.3–1.2). */
const TAU = 0.5;

/** The deviation never grows past a new player's: nobody is less certain than a stranger. */
const MAX_DEVIATION = INITIAL_RATING.deviation;

/**
 * Above this deviation a rating is provisional: it is still being found, and the client marks it. A newcomer
 * crosses it after about a dozen rated matches (property test in server/test/ratings.test.ts).
 */
export const PROVISIONAL_DEVIATION = 110;

/** Both players' ratings after a match the first won: each is rated against the other's rating before it. */
export function afterMatch(winner: StoredRating, loser: StoredRating): [StoredRating, StoredRating] {
  return [rated(winner, loser, 1), rated(loser, winner, 0)];
}

function rated(player: StoredRating, opponent: StoredRating, score: 0 | 1): StoredRating {
  const next = rate(player.value, player.deviation, player.volatility, [[opponent.value, opponent.deviation, score]], {
    rating: INITIAL_RATING.value,
    tau: TAU,
  });
  return {
    value: next.rating,
    deviation: Math.min(next.rd, MAX_DEVIATION),
    volatility: next.vol,
    games: player.games + 1,
  };
}

/** A rating as the API shows it: value and deviation to a tenth. */
export function shownRating(rating: StoredRating): Rating {
  return {
    value: Math.round(rating.value * 10) / 10,
    deviation: Math.round(rating.deviation * 10) / 10,
    games: rating.games,
    provisional: rating.deviation > PROVISIONAL_DEVIATION,
  };
}
