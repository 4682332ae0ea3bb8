import { describe, expect, it } from "vitest";
import { verdict } from "../kit/verdict.ts";
import { LAST_BALL } from "./cases.ts";
import { at, ball, collisions, drops, FOOT_SPOT, play, R } from "./shots.ts";

/**
 * Last-ball play with real shots (clauses 12–14, I19): the score is 7:7, the only white ball on the table
 * is 5 (the common cue ball) and the coloured ball lies in front of FL (`LAST_BALL`): a centre-ball stroke
 * pots the coloured ball and 5 stops (stun); with follow 5 runs on after it into FL.
 */
const { table, stroke: stun, follow } = LAST_BALL;
/** With counts, player 0 holds 1, 2, 3, 4, 6, 7, 8 and player 1 holds 9–15. */
const match = { shelf: [7, 7] as const };
const colouredFL = [{ ball: 0, pocket: "FL", way: "direct" }] as const;

describe("scenario: the last ball (clauses 12–14, I19)", () => {
  it("clause 12, I19, clause 2: the coloured ball pocketed as called wins the deciding ball, as the eighth", () => {
    const { sim, outcome } = play({ balls: table, shot: stun, call: [...colouredFL], match });
    expect(collisions(sim.events)).toEqual([[0, 5]]);
    expect(drops(sim.events)).toEqual([[0, "FL"]]);
    expect(outcome.verdict).toEqual(
      verdict({ counted: [0], next: { player: 1, mayPass: false }, shelf: [8, 7], winner: 0 }),
    );
    expect(outcome.details.lastBall.before).toBe(true);
    // Touching the coloured ball is no foul in last-ball play, and it is not put back on the mark.
    expect(outcome.clauses).toEqual(expect.arrayContaining(["2", "12"]));
    expect(at(outcome.table, 0)).toBeUndefined();
  });

  it("clause 7, I9: clause 7 applies in last-ball play too: the uncalled straight-flying coloured ball wins", () => {
    const { sim, outcome } = play({ balls: table, shot: stun, match });
    expect(drops(sim.events)).toEqual([[0, "FL"]]);
    expect(outcome.verdict).toMatchObject({ foul: false, counted: [0], shelf: [8, 7], winner: 0 });
    expect(outcome.details.drops[0]?.fate).toBe("straight-flying");
  });

  it("clause 13: the coloured ball dropping not as called (called FR) does not count and is spotted at the foot", () => {
    const { sim, outcome } = play({
      balls: table,
      shot: stun,
      call: [{ ball: 0, pocket: "FR", way: "direct" }],
      match,
    });
    expect(drops(sim.events)).toEqual([[0, "FL"]]);
    expect(outcome.verdict).toEqual(verdict({ spotted: [0], next: { player: 1, mayPass: false }, shelf: [7, 7] }));
    expect(outcome.details.coloured).toBe("spotted");
    expect(outcome.clauses).toContain("13");
    expect(at(outcome.table, 0)).toEqual({ id: 0, ...FOOT_SPOT });
    expect(outcome.details.lastBall.after).toBe(true);
  });

  it("clause 14, I19: the cue ball following the coloured ball into FL not as called is a foul: nothing counts", () => {
    const { sim, outcome } = play({ balls: table, shot: follow, call: [...colouredFL], match });
    // The coloured ball did drop as called, but the cue ball went in after it.
    expect(collisions(sim.events)).toEqual([[0, 5]]);
    expect(drops(sim.events)).toEqual([
      [0, "FL"],
      [5, "FL"],
    ]);
    expect(outcome.verdict).toEqual(
      verdict({
        foul: true,
        reasons: ["last-ball-cue-pocketed"],
        // The cue ball, then the ball taken from the striker's shelf (the highest id of his share, I15).
        spotted: [5, 8],
        penalty: "shelf",
        next: { player: 1, mayPass: true },
        shelf: [6, 7],
      }),
    );
    expect(outcome.clauses).toEqual(expect.arrayContaining(["12", "14", "15"]));
    // Clause 12, I19: the foul puts a second white ball on the table, so clause 10 applies again and the
    // coloured ball, dropped in this shot, goes back to the free centre mark; last-ball play is over.
    expect(outcome.details.coloured).toBe("returned");
    expect(at(outcome.table, 0)).toEqual({ id: 0, x: 0, y: 0 });
    expect(at(outcome.table, 5)).toEqual({ id: 5, ...FOOT_SPOT });
    expect(at(outcome.table, 8)?.x).toBe(FOOT_SPOT.x);
    expect(at(outcome.table, 8)?.y).toBeCloseTo(2 * R + 0.0001, 9);
    expect(outcome.details.lastBall.after).toBe(false);
  });

  it("clause 12 [свояк], I19: the cue ball called into FL and dropping there after striking the coloured ball wins", () => {
    const { sim, outcome } = play({
      balls: table,
      shot: follow,
      call: [{ ball: 5, pocket: "FL", way: "direct" }],
      match,
    });
    expect(drops(sim.events)).toEqual([
      [0, "FL"],
      [5, "FL"],
    ]);
    expect(outcome.verdict).toMatchObject({ foul: false, reasons: [], counted: [5], shelf: [8, 7], winner: 0 });
    // The coloured ball went in first, uncalled: clause 13 spots it, the match being won all the same.
    expect(outcome.verdict.spotted).toEqual([0]);
    expect(outcome.verdict.next).toEqual({ player: 1, mayPass: false });
  });

  it("I24, clause 8, clause 13: coloured called FR (drops in FL) and the cue ball called FL: no foul, both spotted", () => {
    const { sim, outcome } = play({
      balls: table,
      shot: follow,
      call: [
        { ball: 0, pocket: "FR", way: "direct" },
        { ball: 5, pocket: "FL", way: "direct" },
      ],
      match,
    });
    expect(drops(sim.events)).toEqual([
      [0, "FL"],
      [5, "FL"],
    ]);
    // The cue ball's own call was fulfilled, so it did not drop "not as called" (I24): no clause-14 foul;
    // but the double call failed (clause 8), and the coloured ball dropped not as called (clause 13).
    expect(outcome.verdict).toMatchObject({ foul: false, reasons: [], counted: [], spotted: [0, 5], winner: null });
    expect(outcome.verdict.next).toEqual({ player: 1, mayPass: false });
    expect(outcome.details.drops.map((d) => d.fate)).toEqual(["not-as-called", "partial-double-call"]);
    expect(at(outcome.table, 0)).toEqual({ id: 0, ...FOOT_SPOT });
    expect(outcome.details.lastBall.after).toBe(true);
  });

  it("clause 12, I19: at 7:7 with the coloured ball waiting off the table, the shot is a miss; the foul brings it back", () => {
    // The last white ball 5 sits on the centre mark, so the coloured ball (pocketed earlier) is waiting.
    const { sim, outcome } = play({ balls: [ball(5, { x: 0, y: 0 })], shot: { cue: 5, angle: 0, speed: 1 }, match });
    expect(collisions(sim.events)).toEqual([]);
    expect(outcome.details.lastBall.before).toBe(true);
    expect(outcome.verdict).toMatchObject({
      foul: true,
      reasons: ["miss"],
      spotted: [8],
      penalty: "shelf",
      shelf: [6, 7],
    });
    // 5 rolled off the mark and a second white ball (8) is back: clause 10 applies again, the mark is free.
    expect(outcome.details.coloured).toBe("returned");
    expect(at(outcome.table, 0)).toEqual({ id: 0, x: 0, y: 0 });
    expect(outcome.details.lastBall.after).toBe(false);
  });
});
