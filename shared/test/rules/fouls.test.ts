import { describe, expect, it } from "vitest";
import { isPushThrough } from "../../src/rules/push.ts";
import { centre, cushion, hit, judge, offTable, pocket, R, shot, strike, TABLE } from "./helpers.ts";

const safeShot = [strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F")] as const;

describe("fouls – reason codes of the contract (clauses 1, 3, 10, 17, I7, I14, I17, I24)", () => {
  it("clause 17, I14: a cue ball touching no ball is a miss, reported as miss alone", () => {
    const j = judge(shot(strike(7), cushion(7, "F"), cushion(7, "H")));
    expect(j.verdict.reasons).toEqual(["miss"]);
    expect(j.verdict.foul).toBe(true);
  });

  it("clause 3, 17: a collision without any clause-3 chain is no-safety", () => {
    expect(judge(shot(strike(7), hit(7, 3), cushion(3, "LF"))).verdict.reasons).toEqual(["no-safety"]);
  });

  it("clause 3: a fair safety is no foul", () => {
    const j = judge(shot(...safeShot));
    expect(j.verdict.foul).toBe(false);
    expect(j.verdict.safety).toBe("c");
    expect(j.verdict.next).toEqual({ player: 1, mayPass: false });
  });

  it("clause 10, 17: any ball touching the coloured ball is a foul", () => {
    const j = judge(shot(...safeShot, hit(3, 0), centre(0, 1)));
    expect(j.verdict.reasons).toEqual(["coloured-touched"]);
  });

  it("clause 1, 17, I7, I24: the coloured ball as the cue ball that then touches a ball", () => {
    const j = judge(shot(strike(0), hit(0, 3), cushion(3, "LF"), cushion(3, "F")), { stroke: { cue: 0 } });
    expect(j.verdict.reasons).toEqual(["cue-struck-coloured", "coloured-touched"]);
  });

  it("I24: the coloured ball as the cue ball that touches nothing is also a miss", () => {
    const j = judge(shot(strike(0), cushion(0, "F")), { stroke: { cue: 0 } });
    expect(j.verdict.reasons).toEqual(["miss", "cue-struck-coloured"]);
  });

  it("clause 17: a ball leaving the table is a foul, and the white ball is spotted", () => {
    const j = judge(shot(...safeShot, hit(3, 12), offTable(12)));
    expect(j.verdict.reasons).toEqual(["off-table"]);
    expect(j.verdict.spotted[0]).toBe(12);
  });

  it("clause 15, I15, I24: several fouls in one shot are one penalty but every reason is listed", () => {
    const j = judge(shot(strike(7), hit(7, 0), offTable(0)));
    expect(j.verdict.reasons).toEqual(["coloured-touched", "no-safety", "off-table"]);
    expect(j.verdict.penalty).toBe("shelf");
    expect(j.verdict.shelf).toEqual([4, 5]);
    expect(j.verdict.spotted).toHaveLength(1);
  });

  it("clause 16, I16: after a foul the opponent moves and may make the offender continue", () => {
    const j = judge(shot(strike(7), hit(7, 3), cushion(3, "LF")));
    expect(j.verdict.next).toEqual({ player: 1, mayPass: true });
    expect(j.verdict.clauses).toContain("16");
  });
});

describe("isPushThrough – the club test for a push-through [пропих] (clause 17, I17)", () => {
  const cue = { id: 7, x: 0, y: 0 };
  const close = (gap: number, deg = 0) => ({
    id: 3,
    x: (2 * R + gap) * Math.cos((deg * Math.PI) / 180),
    y: (2 * R + gap) * Math.sin((deg * Math.PI) / 180),
  });

  it.each([
    ["gap R/2, full, follow: push", R / 2, 0, 0.3, true],
    ["gap just over R/2: fair", R / 2 + 1e-6, 0, 0.3, false],
    ["frozen ball, follow: push", 0, 0, 0.1, true],
    ["centre tip: fair (the cue ball stops)", 0.005, 0, 0, false],
    ["draw: fair", 0.005, 0, -0.4, false],
    ["stroke 45° off the line of centres, follow: push (inclusive)", 0.005, 45, 0.3, true],
    ["stroke 46° off the line, follow: fair (a cut goes sideways)", 0.005, 46, 0.3, false],
  ])("I17: %s", (_name, gap, lineDeg, follow, expected) => {
    const object = close(gap, lineDeg);
    expect(isPushThrough({ cue: 7, angle: 0, speed: 1, offset: { x: 0, y: follow } }, [cue, object], 3)).toBe(expected);
  });

  it("I17: no push without a first struck ball", () => {
    expect(isPushThrough({ cue: 7, angle: 0, speed: 1, offset: { x: 0, y: 0.5 } }, TABLE, null)).toBe(false);
  });

  it("clause 17: a push is reported with code push in the verdict", () => {
    const table = [
      { id: 0, x: 0, y: 0 },
      { id: 7, x: 1, y: 0.3 },
      { id: 3, x: 1 + 2 * R + 0.002, y: 0.3 },
    ];
    const j = judge(shot(strike(7), hit(7, 3), pocket(3, "FL")), {
      table,
      shelves: [
        [1, 2, 4, 5, 6, 8],
        [9, 10, 11, 12, 13, 14, 15],
      ],
      stroke: { cue: 7, angle: 0, offset: { x: 0, y: 0.4 } },
    });
    expect(j.verdict.reasons).toEqual(["push"]);
  });
});
