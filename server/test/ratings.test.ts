import { nameProblem, PlayerName, readUntrusted } from "@habibka/shared/protocol";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foulClause } from "../src/accounts/match-stats.ts";
import {
  afterMatch,
  INITIAL_RATING,
  PROVISIONAL_DEVIATION,
  type StoredRating,
  shownRating,
} from "../src/accounts/ratings.ts";

/**
 * The rating update's invariants (Glicko-2, one rated match a period), over every rating two players may
 * have; and the names an account may take, which follow the table names' rule.
 */

/** Glicko-2's scale factor between its internal units and rating points. */
const SCALE = 173.7178;

const rating: fc.Arbitrary<StoredRating> = fc.record({
  value: fc.double({ min: 600, max: 2800, noNaN: true }),
  deviation: fc.double({ min: 30, max: 350, noNaN: true }),
  volatility: fc.double({ min: 0.03, max: 0.12, noNaN: true }),
  games: fc.integer({ min: 0, max: 10_000 }),
});

describe("a rated match's update", () => {
  it("raises the winner's value and lowers the loser's, counts one game each, and stays finite", () => {
    fc.assert(
      fc.property(rating, rating, (winner, loser) => {
        const [won, lost] = afterMatch(winner, loser);
        expect(won.value).toBeGreaterThan(winner.value);
        expect(lost.value).toBeLessThan(loser.value);
        expect(won.games).toBe(winner.games + 1);
        expect(lost.games).toBe(loser.games + 1);
        for (const r of [won, lost]) {
          expect(Number.isFinite(r.value) && Number.isFinite(r.deviation) && Number.isFinite(r.volatility)).toBe(true);
          expect(r.deviation).toBeGreaterThan(0);
          expect(r.deviation).toBeLessThanOrEqual(INITIAL_RATING.deviation);
        }
      }),
    );
  });

  it("never makes a player less certain than the period's own growth of his deviation allows", () => {
    fc.assert(
      fc.property(rating, rating, fc.boolean(), (player, opponent, wins) => {
        const [after] = wins ? afterMatch(player, opponent) : afterMatch(opponent, player).reverse();
        const grown = Math.hypot(player.deviation, after!.volatility * SCALE);
        expect(after!.deviation).toBeLessThanOrEqual(grown + 1e-9);
      }),
    );
  });

  it("gives two equal players the same gain and loss, and a win over a stronger one more than over a weaker one", () => {
    fc.assert(
      fc.property(rating, fc.double({ min: 10, max: 600, noNaN: true }), (player, gap) => {
        const [won, lost] = afterMatch(player, player);
        expect(won.value - player.value).toBeCloseTo(player.value - lost.value, 6);
        const stronger = { ...player, value: player.value + gap };
        const weaker = { ...player, value: player.value - gap };
        expect(afterMatch(player, stronger)[0].value).toBeGreaterThan(afterMatch(player, weaker)[0].value);
      }),
    );
  });

  it("moves an uncertain player further than a certain one for the same result", () => {
    fc.assert(
      fc.property(rating, rating, (player, opponent) => {
        const unsure = { ...player, deviation: 300 };
        const sure = { ...player, deviation: 60 };
        expect(afterMatch(unsure, opponent)[0].value - unsure.value).toBeGreaterThan(
          afterMatch(sure, opponent)[0].value - sure.value,
        );
      }),
    );
  });

  it("leaves a newcomer provisional for his first rated matches, and not after a dozen or so", () => {
    let newcomer = INITIAL_RATING;
    const established: StoredRating = { value: 1500, deviation: 60, volatility: 0.06, games: 200 };
    const provisional: boolean[] = [];
    for (let game = 0; game < 16; game++) {
      newcomer = game % 2 === 0 ? afterMatch(newcomer, established)[0] : afterMatch(established, newcomer)[1];
      provisional.push(shownRating(newcomer).provisional);
    }
    expect(provisional.slice(0, 8).every(Boolean)).toBe(true);
    expect(provisional.slice(12).some(Boolean)).toBe(false);
    expect(shownRating(INITIAL_RATING)).toEqual({ value: 1500, deviation: 350, games: 0, provisional: true });
    expect(PROVISIONAL_DEVIATION).toBe(110);
  });
});

describe("an account's name", () => {
  it("is read by the table names' rule: accepted exactly when the rule finds nothing wrong, trimmed and NFC", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (typed) => {
        const read = readUntrusted(PlayerName, typed);
        expect(read.ok).toBe(nameProblem(typed) === null);
        if (read.ok) expect(read.value).toBe(typed.normalize("NFC").trim());
      }),
    );
  });
});

describe("fouls by clause", () => {
  it("counts each foul under the clause that names it in particular, or 17, which lists them all", () => {
    expect(foulClause("no-safety")).toBe("3");
    expect(foulClause("coloured-touched")).toBe("10");
    expect(foulClause("cue-struck-coloured")).toBe("1");
    expect(foulClause("last-ball-cue-pocketed")).toBe("14");
    expect(foulClause("miss")).toBe("17");
    expect(foulClause("push")).toBe("17");
  });
});
