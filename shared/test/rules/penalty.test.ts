import { describe, expect, it } from "vitest";
import { applyPenalty, settleScoredBalls } from "../../src/rules/penalty.ts";
import { cushion, hit, judge, pocket, shot, strike } from "./helpers.ts";

describe("penalty and debt (clause 15, I15)", () => {
  it("I15: the ball that reached the shelf last is spotted", () => {
    const p = applyPenalty([[4, 8, 2], [6]], [0, 0], 0);
    expect(p).toEqual({ kind: "shelf", ball: 2, shelves: [[4, 8], [6]], debts: [0, 0] });
  });

  it("clause 15, I15: with an empty shelf the offender owes a ball and debts add up", () => {
    const once = applyPenalty([[], [6]], [0, 0], 0);
    expect(once).toEqual({ kind: "debt", ball: null, shelves: [[], [6]], debts: [1, 0] });
    expect(applyPenalty(once.shelves, once.debts, 0).debts).toEqual([2, 0]);
  });

  it("I15: scored balls pay debts first, in drop order, and are spotted", () => {
    const s = settleScoredBalls([3, 9, 11], [[], []], [2, 0], 0);
    expect(s.paidDebt).toEqual([3, 9]);
    expect(s.counted).toEqual([11]);
    expect(s.debts).toEqual([0, 0]);
  });

  it("clause 2: a shot that scores the eighth and a ninth ball puts both on the shelf", () => {
    const s = settleScoredBalls([3, 9], [[1, 2, 4, 5, 6, 8, 10], []], [0, 0], 0);
    expect(s.counted).toEqual([3, 9]);
    expect(s.shelves[0]).toEqual([1, 2, 4, 5, 6, 8, 10, 3, 9]);
    expect(s.paidDebt).toEqual([]);
  });

  it("clause 15, I15: a foul with an empty shelf reports penalty debt", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "LF")), {
      shelves: [[], [1, 2, 4, 6, 8, 10, 11, 13, 14, 15]],
    });
    expect(j.verdict.penalty).toBe("debt");
    expect(j.verdict.debt).toEqual([1, 0]);
    expect(j.verdict.spotted).toEqual([]);
  });

  it("clause 15, I15: the debt is paid by the next ball the offender scores, which is spotted", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), {
      shelves: [[], [1, 2, 4, 6, 8, 10, 11, 13, 14, 15]],
      debts: [1, 0],
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.counted).toEqual([]);
    expect(j.verdict.spotted).toEqual([3]);
    expect(j.verdict.debt).toEqual([0, 0]);
    expect(j.verdict.penalty).toBeNull();
    expect(j.verdict.clauses).toContain("15");
  });

  it("I13: two scored balls earn a bonus even when one pays a debt", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL"), pocket(7, "ML")), {
      shelves: [[], [1, 2, 4, 6, 8, 10, 11, 13, 14, 15]],
      debts: [1, 0],
      call: [
        { ball: 3, pocket: "FL", way: "direct" },
        { ball: 7, pocket: "ML", way: "direct" },
      ],
    });
    expect(j.verdict.counted).toEqual([7]);
    expect(j.verdict.bonus).toBe(true);
  });
});
