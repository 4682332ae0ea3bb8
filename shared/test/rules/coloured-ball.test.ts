import { describe, expect, it } from "vitest";
import { returnColouredBall } from "../../src/rules/coloured-ball.ts";
import { cushion, hit, judge, offTable, pocket, R, shot, strike, TABLE } from "./helpers.ts";

const without0 = TABLE.filter((b) => b.id !== 0);

describe("the coloured (control) ball (clauses 10, 11, I18)", () => {
  it("clause 10, I18: after the shot a displaced coloured ball returns to the free centre mark", () => {
    const rest = [...without0, { id: 0, x: 0.4, y: -0.2 }];
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F"), hit(3, 0)), { rest });
    expect(j.verdict.coloured).toBe("returned");
    expect(j.position.table.find((b) => b.id === 0)).toEqual({ id: 0, x: 0, y: 0 });
    expect(j.verdict.spotted).not.toContain(0);
  });

  it("clause 10, I18: a pocketed coloured ball comes back from the pocket when the mark is free", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "LF"), hit(3, 0), pocket(0, "ML")));
    expect(j.verdict.coloured).toBe("returned");
    expect(j.position.table.some((b) => b.id === 0)).toBe(true);
    expect(j.verdict.spotted).not.toContain(0);
  });

  it("clause 10, I18: when the mark is taken (a centre closer than 2R) the coloured ball waits where it is", () => {
    const rest = [
      ...without0.filter((b) => b.id !== 12),
      { id: 12, x: 2 * R - 0.0005, y: 0 },
      { id: 0, x: 0.4, y: -0.2 },
    ];
    const j = judge(shot(strike(7), hit(7, 0), hit(0, 12)), { rest });
    expect(j.verdict.coloured).toBe("waiting");
    expect(j.position.table.find((b) => b.id === 0)).toEqual({ id: 0, x: 0.4, y: -0.2 });
  });

  it("clause 10, I18: a ball exactly 2R from the mark leaves it free", () => {
    const table = [{ id: 5, x: 2 * R, y: 0 }];
    expect(returnColouredBall(table).action).toBe("returned");
  });

  it("clause 10, I18: a coloured ball off the table waits while the mark is taken, and returns later", () => {
    const rest = [...without0.filter((b) => b.id !== 12), { id: 12, x: 0.01, y: 0.01 }];
    const first = judge(shot(strike(7), hit(7, 0), offTable(0), hit(7, 12)), { rest });
    expect(first.verdict.coloured).toBe("waiting");
    expect(first.position.table.some((b) => b.id === 0)).toBe(false);
    // Next shot: ball 12 leaves the mark, so the coloured ball comes back at the end of it (I18, clause 11).
    const table = first.position.table.map((b) => ({ ...b }));
    const moved = table.map((b) => (b.id === 12 ? { ...b, x: 1.1, y: 0.7 } : b));
    const second = judge(shot(strike(9), hit(9, 12), cushion(12, "LF"), cushion(12, "F")), {
      table,
      rest: moved,
      shelves: first.position.shelves,
      stroke: { cue: 9 },
    });
    expect(second.verdict.foul).toBe(false);
    expect(second.verdict.coloured).toBe("returned");
  });

  it("clause 11: a coloured ball not on the mark during a shot counts as correctly placed until the shot ends", () => {
    // It waits off the table; the shot is judged as it stands (no foul for its absence) and only at the
    // end of the shot is it put back.
    const table = without0;
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F")), { table });
    expect(j.verdict.foul).toBe(false);
    expect(j.verdict.coloured).toBe("returned");
  });

  it("I18: the coloured ball is put back before any ball is spotted at the foot", () => {
    const j = judge(shot(strike(7), hit(7, 0), pocket(0, "ML"), hit(7, 3), pocket(3, "FL")));
    expect(j.verdict.coloured).toBe("returned");
    expect(j.verdict.spotted[0]).toBe(3);
  });
});
