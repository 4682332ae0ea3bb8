import { describe, expect, it } from "vitest";
import { analyseSafety } from "../../src/rules/safety-rule.ts";
import { readShotLog } from "../../src/rules/shot-queries.ts";
import { CENTRE_SPOT } from "../../src/table/marks.ts";
import { centre, cushion, hit, judge, pocket, shot, strike, TABLE } from "./helpers.ts";

const conditions = (events: ReturnType<typeof shot>, cue = 7) =>
  analyseSafety(readShotLog(events, cue), TABLE, TABLE).proofs.map((p) => p.condition);

describe("how the rules read the table (clause 1, I1–I5)", () => {
  it("clause 1: any white ball on the table may be the cue ball", () => {
    const j = judge(shot(strike(9), hit(9, 3), cushion(3, "LF"), cushion(3, "F")), { stroke: { cue: 9 } });
    expect(j.verdict.foul).toBe(false);
  });

  it("I1, I4: a crossing of the centre line counts in either direction", () => {
    expect(conditions(shot(strike(7), hit(7, 3), cushion(3, "LF"), centre(3, 1)))).toEqual(["e"]);
    expect(conditions(shot(strike(7), hit(7, 9), cushion(9, "RH"), centre(9, -1)))).toEqual(["e"]);
  });

  it("I1, I23: the half of a ball is the sign of x; the head half is x < 0 (3f)", () => {
    // 3 at its cushion on the head half (x < 0), then the struck ball touches one on the foot half.
    const events = shot(
      strike(7),
      hit(7, 3),
      cushion(3, "LH", { at: [-0.9, 0.853] }),
      hit(3, 9, { a: [-0.5, 0.5], b: [-0.5, 0.44] }),
      hit(9, 5, { a: [0.9, -0.4], b: [1.0, -0.4] }),
    );
    expect(conditions(events)).toEqual(["f"]);
  });

  it("I2: the coloured ball goes back to the second mark, the centre of the table", () => {
    const rest = [...TABLE.filter((b) => b.id !== 0), { id: 0, x: 0.3, y: 0.3 }];
    const j = judge(shot(strike(7), hit(7, 0)), { rest });
    expect(j.position.table.find((b) => b.id === 0)).toEqual({ id: 0, ...CENTRE_SPOT });
  });

  it("I5: a jaw contact counts as its adjacent segment, so a jaw of LF then the F cushion is two cushions (3c)", () => {
    expect(conditions(shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "FL" }), cushion(3, "F")))).toEqual(["c"]);
  });

  it("I5: the two jaws of a middle pocket belong to two segments (LH and LF)", () => {
    const events = shot(
      strike(7),
      hit(7, 12),
      cushion(12, "LF", { jaw: "ML" }),
      cushion(12, "LH", { jaw: "ML" }),
      pocket(12, "ML"),
    );
    // It touched both jaws, which are two different segments (3c), and it dropped (3a).
    expect(conditions(events)).toEqual(["a", "c"]);
  });

  it("I5: the four long segments are split at the middle pockets: LH and LF are different cushions", () => {
    expect(conditions(shot(strike(7), hit(7, 12), cushion(12, "LF"), cushion(12, "LH")))).toContain("c");
  });
});
