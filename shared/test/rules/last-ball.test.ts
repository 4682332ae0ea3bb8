import { describe, expect, it } from "vitest";
import { isLastBallPlay } from "../../src/rules/last-ball.ts";
import { cushion, hit, judge, offTable, pocket, shelvesFor, shot, strike } from "./helpers.ts";

const table = [
  { id: 0, x: 0, y: 0 },
  { id: 7, x: -1, y: 0.3 },
];
const shelves = shelvesFor(table, [7, 7]);
const last = (events: ReturnType<typeof shot>, extra: Parameters<typeof judge>[1] = {}) =>
  judge(events, { table, shelves, ...extra });

describe("last-ball play (clauses 12–14, I19)", () => {
  it("clause 12, I19: one white ball on the table at 7:7 is last-ball play", () => {
    expect(isLastBallPlay(table, shelves)).toBe(true);
    expect(isLastBallPlay(table, shelvesFor(table, [8, 6]))).toBe(false);
  });

  it("clause 12: touching the coloured ball is no foul and it is not respotted", () => {
    const rest = [
      { id: 0, x: 0.7, y: 0.4 },
      { id: 7, x: -0.2, y: 0.1 },
    ];
    const j = last(shot(strike(7), hit(7, 0), cushion(0, "LF"), cushion(0, "F")), { rest });
    expect(j.verdict.foul).toBe(false);
    expect(j.position.table.find((b) => b.id === 0)).toEqual({ id: 0, x: 0.7, y: 0.4 });
    expect(j.verdict.lastBall).toEqual({ before: true, after: true });
  });

  it("I19: the coloured ball [чужой] pocketed as called after the cue ball struck it is the winner's eighth", () => {
    const j = last(shot(strike(7), hit(7, 0), pocket(0, "FL")), { call: [{ ball: 0, pocket: "FL", way: "direct" }] });
    expect(j.verdict.winner).toBe(0);
    expect(j.verdict.counted).toEqual([0]);
    expect(j.verdict.shelf).toEqual([8, 7]);
    expect(j.position.shelves[0].at(-1)).toBe(0);
    expect(j.verdict.bonus).toBe(false);
    expect(j.verdict.next.mayPass).toBe(false);
    expect(j.verdict.clauses).toContain("2");
  });

  it("I19: the white cue ball [свояк] pocketed as called after striking the coloured ball wins", () => {
    const j = last(shot(strike(7), hit(7, 0), cushion(0, "LF"), cushion(0, "F"), pocket(7, "ML")), {
      call: [{ ball: 7, pocket: "ML", way: "direct" }],
    });
    expect(j.verdict.winner).toBe(0);
    expect(j.verdict.counted).toEqual([7]);
  });

  it("clause 7, I9: in last-ball play a straight-flying coloured ball without a call wins too", () => {
    const j = last(shot(strike(7), hit(7, 0), pocket(0, "FR")));
    expect(j.verdict.winner).toBe(0);
  });

  it("clause 13: the coloured ball dropped not as called does not count and is spotted at the foot", () => {
    const j = last(shot(strike(7), hit(7, 0), pocket(0, "FR")), { call: [{ ball: 0, pocket: "FL", way: "direct" }] });
    expect(j.verdict.foul).toBe(false);
    expect(j.verdict.winner).toBeNull();
    expect(j.verdict.spotted).toEqual([0]);
    expect(j.verdict.coloured).toBe("spotted");
    expect(j.position.table.find((b) => b.id === 0)?.x).toBeGreaterThan(1.7);
    expect(j.verdict.clauses).toContain("13");
  });

  it("clause 14: the cue ball dropped not as called is a foul, spotted together with the shelf ball", () => {
    const j = last(shot(strike(7), hit(7, 0), cushion(0, "LF"), cushion(0, "F"), pocket(7, "HL")), {
      call: [{ ball: 7, pocket: "ML", way: "direct" }],
    });
    expect(j.verdict.reasons).toEqual(["last-ball-cue-pocketed"]);
    expect(j.verdict.penalty).toBe("shelf");
    expect(j.verdict.spotted).toEqual([7, shelves[0].at(-1)]);
    expect(j.verdict.lastBall).toEqual({ before: true, after: false });
  });

  it("clause 14, I24: the coloured ball struck with the cue that then drops is the foul of striking it, not a cue ball pocketed", () => {
    const j = last(shot(strike(0), hit(0, 7), pocket(0, "FL")), { stroke: { cue: 0 } });
    expect(j.verdict.reasons).toEqual(["cue-struck-coloured"]);
    expect(j.verdict.coloured).toBe("returned");
    expect(j.verdict.clauses).not.toContain("14");
    expect(j.verdict.explanation.en).not.toContain("clause 14");
  });

  it("clause 14, I24: the coloured ball struck with the cue that touches nothing and drops is a miss too, and still no cue ball pocketed", () => {
    const j = last(shot(strike(0), cushion(0, "F"), pocket(0, "FL")), { stroke: { cue: 0 } });
    expect(j.verdict.reasons).toEqual(["miss", "cue-struck-coloured"]);
  });

  it("I24: a cue ball whose own call was fulfilled did not drop not as called, even if the double call failed", () => {
    const j = last(shot(strike(7), hit(7, 0), cushion(0, "LF"), cushion(0, "F"), pocket(7, "ML")), {
      call: [
        { ball: 7, pocket: "ML", way: "direct" },
        { ball: 0, pocket: "FL", way: "direct" },
      ],
    });
    expect(j.verdict.foul).toBe(false);
    expect(j.verdict.counted).toEqual([]);
    expect(j.verdict.spotted).toEqual([7]);
  });

  it("clause 12, I19: a foul that puts a second white ball on the table sends the coloured ball to the mark, even if it dropped", () => {
    const j = last(shot(strike(7), hit(7, 0), pocket(0, "FR"), offTable(7)), {
      call: [{ ball: 0, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.reasons).toEqual(["off-table"]);
    expect(j.verdict.coloured).toBe("returned");
    expect(j.verdict.spotted).not.toContain(0);
    expect(j.position.table.find((b) => b.id === 0)).toEqual({ id: 0, x: 0, y: 0 });
    expect(j.verdict.lastBall.after).toBe(false);
    expect(j.verdict.explanation.en).toContain(
      "Two white balls again: last-ball play is over and clause 10 applies again (clause 12).",
    );
    expect(j.verdict.explanation.ru).toContain("игра последним шаром окончена, снова действует п. 10 (п. 12).");
  });

  it("clause 12: last-ball play begins when a shot leaves one white ball at 7:7", () => {
    const t = [...table, { id: 3, x: 1.2, y: 0.5 }];
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), {
      table: t,
      shelves: shelvesFor(t, [6, 7]),
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
    });
    expect(j.verdict.shelf).toEqual([7, 7]);
    expect(j.verdict.lastBall).toEqual({ before: false, after: true });
  });

  it("clause 12, I19: with the coloured ball still waiting, a last-ball shot can only miss, and that foul brings it back", () => {
    const j = judge(shot(strike(7), cushion(7, "F")), { table: [table[1]!], shelves });
    expect(j.verdict.reasons).toEqual(["miss"]);
    expect(j.verdict.coloured).toBe("returned");
  });
});
