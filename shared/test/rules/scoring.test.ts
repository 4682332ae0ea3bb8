import { describe, expect, it } from "vitest";
import { centre, cushion, hit, judge, pocket, shot, strike } from "./helpers.ts";

const fates = (j: ReturnType<typeof judge>) => j.verdict.drops.map((d) => [d.ball, d.fate]);

describe("scoring – strict call, gentleman's addition, accidental and double calls (clauses 5–8, I9–I12)", () => {
  it("clause 6: a ball dropped as called scores and goes to the striker's shelf", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), { call: [{ ball: 3, pocket: "FL", way: "direct" }] });
    expect(j.verdict.counted).toEqual([3]);
    expect(j.verdict.shelf).toEqual([6, 5]);
    expect(j.position.shelves[0].at(-1)).toBe(3);
    expect(j.verdict.next).toEqual({ player: 1, mayPass: false });
  });

  it("clause 6: a ball dropped not as called (another pocket) does not count and is spotted", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FR")), { call: [{ ball: 3, pocket: "FL", way: "direct" }] });
    expect(j.verdict.counted).toEqual([]);
    expect(j.verdict.spotted).toEqual([3]);
    expect(fates(j)).toEqual([[3, "not-as-called"]]);
  });

  it("clause 6: a ball called direct that went in off a far cushion is not as called (I8)", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "RF"), pocket(3, "FL")), {
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.counted).toEqual([]);
    expect(j.verdict.spotted).toEqual([3]);
  });

  it("clause 6: an uncalled ball that is not straight-flying is spotted", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "F"), pocket(3, "FL")));
    expect(fates(j)).toEqual([[3, "uncalled"]]);
    expect(j.verdict.spotted).toEqual([3]);
  });

  it("clause 7, I9: a straight-flying object ball [чужой] without a call counts", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "FL" }), pocket(3, "FL")));
    expect(fates(j)).toEqual([[3, "straight-flying"]]);
    expect(j.verdict.counted).toEqual([3]);
  });

  it("clause 7, I9: a straight-flying cue ball [свой] without a call counts", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(7, "ML"), cushion(3, "F"), cushion(3, "LF")));
    expect(fates(j)).toEqual([[7, "straight-flying"]]);
    expect(j.verdict.counted).toEqual([7]);
  });

  it.each([
    ["touched a cushion", shot(strike(7), hit(7, 3), cushion(3, "F"), pocket(3, "FL"))],
    ["touched the jaw of another pocket", shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "ML" }), pocket(3, "FL"))],
    ["touched another ball", shot(strike(7), hit(7, 3), hit(3, 12), pocket(3, "FL"))],
    ["met the cue ball a second time", shot(strike(7), hit(7, 3), hit(7, 3), pocket(3, "FL"))],
    ["was not the first ball struck", shot(strike(7), hit(7, 5), hit(5, 3), pocket(3, "FL"), centre(5, 1))],
  ])("clause 7, I9: not straight-flying when it %s", (_name, events) => {
    const j = judge(events);
    expect(j.verdict.counted).toEqual([]);
  });

  it("clause 7: a straight-flying ball against a declared call does not count", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), { call: [{ ball: 3, pocket: "FR", way: "direct" }] });
    expect(j.verdict.counted).toEqual([]);
    expect(j.verdict.spotted).toEqual([3]);
  });

  it("clause 6, I11: an accidental extra ball is spotted and the striker keeps the turn", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL"), hit(7, 12), pocket(12, "ML")), {
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.counted).toEqual([3]);
    expect(j.verdict.spotted).toEqual([12]);
    expect(fates(j)).toEqual([
      [3, "called"],
      [12, "accidental"],
    ]);
    expect(j.verdict.bonus).toBe(true);
    expect(j.verdict.next).toEqual({ player: 0, mayPass: true });
  });

  it("I11: the cue ball dropping beside a called ball is accidental too", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL"), cushion(7, "LF"), pocket(7, "ML")), {
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.counted).toEqual([3]);
    expect(j.verdict.spotted).toEqual([7]);
    expect(j.verdict.bonus).toBe(true);
  });

  it("clause 8, I12: a double call fulfilled in full scores both and earns a bonus", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL"), pocket(7, "ML")), {
      call: [
        { ball: 3, pocket: "FL", way: "direct" },
        { ball: 7, pocket: "ML", way: "direct" },
      ],
    });
    expect(j.verdict.counted).toEqual([3, 7]);
    expect(j.verdict.bonus).toBe(true);
    expect(j.verdict.clauses).toContain("8");
  });

  it("clause 8, I12: a double call fulfilled by half scores nothing; the dropped one is spotted", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), {
      call: [
        { ball: 3, pocket: "FL", way: "direct" },
        { ball: 7, pocket: "ML", way: "direct" },
      ],
    });
    expect(j.verdict.counted).toEqual([]);
    expect(fates(j)).toEqual([[3, "partial-double-call"]]);
    expect(j.verdict.spotted).toEqual([3]);
    expect(j.verdict.bonus).toBe(false);
  });

  it("clause 5, I9, I22: on the opening shot a straight-flying uncalled ball does not count and is spotted", () => {
    const table = [
      { id: 0, x: 0, y: 0 },
      { id: 1, x: -1.2, y: 0 },
      { id: 2, x: 0.95, y: 0.02 },
    ];
    const j = judge(shot(strike(1), hit(1, 2), pocket(2, "FL")), {
      table,
      shelves: [[], []],
      opening: true,
      stroke: { cue: 1 },
    });
    expect(j.verdict.counted).toEqual([]);
    expect(j.verdict.spotted).toEqual([2]);
    expect(j.verdict.clauses).toContain("5");
  });

  it("I22: on the opening shot any call is allowed and a called ball counts", () => {
    const table = [
      { id: 0, x: 0, y: 0 },
      { id: 1, x: -1.2, y: 0 },
      { id: 2, x: 0.95, y: 0.02 },
    ];
    const j = judge(shot(strike(1), hit(1, 2), pocket(2, "FL")), {
      table,
      shelves: [[], []],
      opening: true,
      stroke: { cue: 1 },
      call: [{ ball: 2, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.counted).toEqual([2]);
  });

  it("I10: on a foul shot nothing counts: every pocketed white ball is spotted, then the penalty", () => {
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL"), hit(7, 0)), {
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.foul).toBe(true);
    expect(j.verdict.counted).toEqual([]);
    expect(fates(j)).toEqual([[3, "foul-shot"]]);
    expect(j.verdict.spotted[0]).toBe(3);
    expect(j.verdict.spotted).toHaveLength(2);
  });
});
