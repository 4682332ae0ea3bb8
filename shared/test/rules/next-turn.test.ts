import { describe, expect, it } from "vitest";
import { earnsBonus, nextTurn } from "../../src/rules/next-turn.ts";
import type { Scoring } from "../../src/rules/scoring.ts";

const scoring = (fields: Partial<Scoring>): Scoring => ({
  drops: [],
  scored: [],
  bank: false,
  accidental: false,
  ...fields,
});

describe("the bonus shot and who plays next (clauses 9, 16)", () => {
  it("clause 9: a plain pot hands the turn over; a bank, two balls or an accidental ball earn a bonus", () => {
    expect(earnsBonus(scoring({ scored: [3] }), false, false)).toBe(false);
    expect(earnsBonus(scoring({ scored: [3], bank: true }), false, false)).toBe(true);
    expect(earnsBonus(scoring({ scored: [3, 5] }), false, false)).toBe(true);
    expect(earnsBonus(scoring({ scored: [3], accidental: true }), false, false)).toBe(true);
  });

  it("clause 2, I13: a winning shot earns no bonus and offers nothing", () => {
    expect(earnsBonus(scoring({ scored: [3, 5] }), false, true)).toBe(false);
    expect(nextTurn(0, { foul: false, bonus: false, won: true })).toEqual({ player: 1, mayPass: false });
  });

  it("clause 16, I16: after a foul the opponent plays or makes the offender continue", () => {
    expect(earnsBonus(scoring({ bank: true }), true, false)).toBe(false);
    expect(nextTurn(1, { foul: true, bonus: false, won: false })).toEqual({ player: 0, mayPass: true });
  });

  it("clause 9: a bonus keeps the striker at the table, and he may decline it", () => {
    expect(nextTurn(0, { foul: false, bonus: true, won: false })).toEqual({ player: 0, mayPass: true });
    expect(nextTurn(0, { foul: false, bonus: false, won: false })).toEqual({ player: 1, mayPass: false });
  });
});
