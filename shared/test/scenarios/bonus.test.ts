import { describe, expect, it } from "vitest";
import { POCKETS } from "../../src/table/pockets.ts";
import { verdict } from "../kit/verdict.ts";
import { BANK_ML, POT_FL } from "./cases.ts";
import { at, collisions, cushionsOf, drops, FOOT_SPOT, parked, play, R } from "./shots.ts";

/**
 * Bonus shots with real shots (clause 9, I13): a bank [дуплет] into a middle pocket off the far long
 * cushion, and a double call fulfilled (clause 8, I12) or only half fulfilled.
 */

describe("scenario: a bank [дуплет] earns a bonus shot (clause 9, I8, I13)", () => {
  const { table, stroke } = BANK_ML;

  function bank(call: { ball: number; pocket: "ML"; way: "direct" | "bank" }[]) {
    const played = play({ balls: table, shot: stroke, call, match: { shelf: [6, 5] } });
    // The physics: a full hit on 3, which touches RF (not adjacent to ML: LH, LF) and then drops in ML.
    expect(collisions(played.sim.events)).toEqual([[3, 7]]);
    expect(cushionsOf(played.sim.events, 3)).toEqual(["RF"]);
    expect(POCKETS.ML.adjacent).not.toContain("RF");
    expect(drops(played.sim.events)).toEqual([[3, "ML"]]);
    return played;
  }

  it("clause 9, I13: 3 called as a bank into ML goes in off RF: it counts and the striker may shoot again (bonus)", () => {
    const { sim, outcome } = bank([{ ball: 3, pocket: "ML", way: "bank" }]);
    expect(outcome.verdict).toEqual(
      verdict({ counted: [3], bonus: true, next: { player: 0, mayPass: true }, shelf: [7, 5] }),
    );
    expect(outcome.details.drops).toEqual([expect.objectContaining({ ball: 3, fate: "called", way: "bank" })]);
    expect(outcome.clauses).toEqual(expect.arrayContaining(["6", "9"]));
    expect(outcome.table).toEqual(sim.rest);
  });

  it("I8: the same pot called direct is not as called: spotted, no bonus, the turn passes", () => {
    const { outcome } = bank([{ ball: 3, pocket: "ML", way: "direct" }]);
    expect(outcome.verdict).toMatchObject({ foul: false, counted: [], spotted: [3], bonus: false, shelf: [6, 5] });
    expect(outcome.verdict.next).toEqual({ player: 1, mayPass: false });
    expect(outcome.details.drops[0]?.fate).toBe("not-as-called");
  });

  it("clause 7, I9: uncalled, the banked ball is not straight-flying (it touched a cushion): spotted", () => {
    const { sim, outcome } = play({ balls: table, shot: stroke, match: { shelf: [6, 5] } });
    expect(drops(sim.events)).toEqual([[3, "ML"]]);
    expect(outcome.verdict).toMatchObject({ foul: false, counted: [], spotted: [3], bonus: false });
    expect(outcome.details.drops[0]?.fate).toBe("uncalled");
    expect(at(outcome.table, 3)).toEqual({ id: 3, ...FOOT_SPOT });
  });
});

describe("scenario: a double call (clause 8, I12)", () => {
  // POT_FL with two more white balls parked: stun pots only 3, follow sends the cue ball 7 in after it.
  const table = [...POT_FL.table, ...parked([1, 2])];
  const { follow, stroke: stun } = POT_FL;
  const bothFL = [
    { ball: 3, pocket: "FL", way: "direct" },
    { ball: 7, pocket: "FL", way: "direct" },
  ] as const;
  /** With [4, 5]: player 0 holds 4, 5, 6, 8. */
  const match = { shelf: [4, 5] as const };

  it("clause 8, I12, I13: 3 and the cue ball 7 [свояк] both called into FL and both drop there: both count, bonus", () => {
    const { sim, outcome } = play({ balls: table, shot: follow, call: [...bothFL], match });
    expect(drops(sim.events)).toEqual([
      [3, "FL"],
      [7, "FL"],
    ]);
    expect(outcome.verdict).toEqual(
      verdict({ counted: [3, 7], bonus: true, next: { player: 0, mayPass: true }, shelf: [6, 5] }),
    );
    expect(outcome.details.drops.map((d) => d.fate)).toEqual(["called", "called"]);
    expect(outcome.clauses).toEqual(expect.arrayContaining(["8", "9"]));
  });

  it("clause 8, I12: only 3 drops (the stunned cue ball stays): neither counts, 3 is spotted, the turn passes", () => {
    const { sim, outcome } = play({ balls: table, shot: stun, call: [...bothFL], match });
    expect(drops(sim.events)).toEqual([[3, "FL"]]);
    expect(at(sim.rest, 7)).toBeDefined();
    expect(outcome.verdict).toEqual(verdict({ spotted: [3], next: { player: 1, mayPass: false }, shelf: [4, 5] }));
    expect(outcome.details.drops).toEqual([expect.objectContaining({ ball: 3, fate: "partial-double-call" })]);
    expect(outcome.clauses).toContain("8");
    expect(at(outcome.table, 3)).toEqual({ id: 3, ...FOOT_SPOT });
  });

  it("clause 8, clause 6: both drop but 7 was called into FR: neither counts, both spotted in drop order", () => {
    const { sim, outcome } = play({
      balls: table,
      shot: follow,
      call: [bothFL[0], { ball: 7, pocket: "FR", way: "direct" }],
      match,
    });
    expect(drops(sim.events)).toEqual([
      [3, "FL"],
      [7, "FL"],
    ]);
    expect(outcome.verdict).toMatchObject({ foul: false, counted: [], spotted: [3, 7], bonus: false, shelf: [4, 5] });
    expect(outcome.verdict.next).toEqual({ player: 1, mayPass: false });
    expect(outcome.details.drops.map((d) => d.fate)).toEqual(["partial-double-call", "not-as-called"]);
    // I20: 3 takes the foot spot, 7 the nearest free place beside it on the +y side.
    expect(at(outcome.table, 3)).toEqual({ id: 3, ...FOOT_SPOT });
    expect(at(outcome.table, 7)?.x).toBe(FOOT_SPOT.x);
    expect(at(outcome.table, 7)?.y).toBeCloseTo(2 * R + 0.0001, 9);
  });
});
