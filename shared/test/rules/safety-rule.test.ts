import { describe, expect, it } from "vitest";
import { analyseSafety, isSafetyMet, type SafetyCondition } from "../../src/rules/safety-rule.ts";
import { readShotLog } from "../../src/rules/shot-queries.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { centre, cushion, hit, inMouth, pocket, shot, strike, TABLE } from "./helpers.ts";

/** Clause 3 conditions that hold for a shot struck with ball 7 (the rest defaults to the table as it was). */
function conditions(events: ShotEvent[], rest: BallPosition[] = TABLE): SafetyCondition[] {
  return analyseSafety(readShotLog(events, 7), TABLE, rest).proofs.map((p) => p.condition);
}

function safe(events: ShotEvent[], rest: BallPosition[] = TABLE): boolean {
  return isSafetyMet(analyseSafety(readShotLog(events, 7), TABLE, rest));
}

/** 3 is the object ball, 5 and 9 further balls (TABLE: 3 and 5 on the foot half, 9 on the head half). */
describe("safety rule – each of the nine conditions and a near miss of each (clause 3, I14, I23)", () => {
  const moved3 = TABLE.map((b) => (b.id === 3 ? { ...b, x: 1.74, y: 0.85 } : b));

  it.each<[string, ShotEvent[], SafetyCondition[], BallPosition[]?]>([
    [
      "clause 3a: a ball falls into a pocket after the first collision",
      shot(strike(7), hit(7, 3), pocket(3, "FL")),
      ["a"],
    ],
    [
      "clause 3b: a ball that moved stops across a mouth line without touching both jaws",
      shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "FL" }), inMouth(3, "FL")),
      ["b"],
      moved3,
    ],
    [
      "clause 3c: cushion then another cushion after the first collision is safe",
      shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F")),
      ["c"],
    ],
    [
      "clause 3d: cushion, then a struck ball reaches another cushion",
      shot(strike(7), hit(7, 3), cushion(3, "LF"), hit(3, 5), cushion(5, "F")),
      ["d"],
    ],
    [
      "clause 3e: cushion, then the same ball crosses the centre line",
      shot(strike(7), hit(7, 3), cushion(3, "LF"), centre(3, 1)),
      ["e"],
    ],
    [
      "clause 3f: cushion, then a struck ball crosses the centre line",
      shot(strike(7), hit(7, 3), cushion(3, "LF"), hit(3, 5), centre(5, 1)),
      ["f"],
    ],
    [
      "clause 3f: cushion, then a struck ball touches a ball lying on the other half",
      shot(
        strike(7),
        hit(7, 3),
        cushion(3, "LF", { at: [0.9, 0.853] }),
        hit(3, 5, { a: [1.0, 0.5], b: [1.0, 0.432] }),
        hit(5, 9, { a: [0.03, -0.5], b: [-0.03, -0.52] }),
      ),
      ["f"],
    ],
    ["clause 3g: the centre line, then a cushion", shot(strike(7), hit(7, 3), centre(3, 1), cushion(3, "LH")), ["g"]],
    [
      "clause 3h: the centre line, then a struck ball reaches a cushion",
      shot(strike(7), hit(7, 3), centre(3, 1), hit(3, 9), cushion(9, "RH")),
      ["h"],
    ],
    [
      "clause 3i: the centre line, then through a second ball a third ball is driven to a cushion",
      shot(strike(7), hit(7, 3), centre(3, 1), hit(3, 9), hit(9, 5), cushion(5, "RF")),
      ["i"],
    ],
  ])("%s", (_name, events, expected, rest) => {
    expect(conditions(events, rest)).toEqual(expected);
    expect(safe(events, rest)).toBe(true);
  });

  it.each<[string, ShotEvent[], SafetyCondition, BallPosition[]?]>([
    ["near miss 3a: the ball dropped before the first collision", shot(strike(7), pocket(9, "HR"), hit(7, 3)), "a"],
    [
      "near miss 3b: in the mouth but it touched both jaws",
      shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "FL" }), cushion(3, "F", { jaw: "FL" }), inMouth(3, "FL")),
      "b",
      moved3,
    ],
    ["near miss 3b: a ball in the mouth that never moved", shot(strike(7), hit(7, 3), inMouth(5, "FR")), "b"],
    ["near miss 3c: the same cushion twice", shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "LF")), "c"],
    [
      "near miss 3c: the first cushion came before the first collision",
      shot(strike(7), cushion(7, "H"), hit(7, 3), cushion(7, "LH")),
      "c",
    ],
    [
      "near miss 3c: two cushions by two different balls",
      shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(7, "RH")),
      "c",
    ],
    [
      "near miss 3d: the struck ball reached the same cushion",
      shot(strike(7), hit(7, 3), cushion(3, "LF"), hit(3, 5), cushion(5, "LF")),
      "d",
    ],
    [
      "near miss 3d: the ball struck the other before touching the cushion",
      shot(strike(7), hit(7, 3), hit(3, 5), cushion(3, "LF"), cushion(5, "F")),
      "d",
    ],
    ["near miss 3e: crossing before the first collision", shot(strike(7), centre(7), hit(7, 3), cushion(7, "LF")), "e"],
    [
      "near miss 3e: one ball at the cushion, another crossing",
      shot(strike(7), hit(7, 3), cushion(3, "LF"), centre(12, 1)),
      "e",
    ],
    [
      "near miss 3f: the touched ball lies on the same half",
      shot(
        strike(7),
        hit(7, 3),
        cushion(3, "LF", { at: [0.9, 0.853] }),
        hit(3, 5, { a: [1.0, 0.5], b: [1.0, 0.432] }),
        hit(5, 12, { a: [0.7, 0.5], b: [0.64, 0.52] }),
      ),
      "f",
    ],
    [
      "near miss 3f: the touched ball lies on the centre line (neither half, I23)",
      shot(
        strike(7),
        hit(7, 3),
        cushion(3, "LF", { at: [0.9, 0.853] }),
        hit(3, 5, { a: [1.0, 0.5], b: [1.0, 0.432] }),
        hit(5, 9, { a: [0.06, -0.5], b: [0, -0.52] }),
      ),
      "f",
    ],
    [
      "near miss 3f: the struck ball crossed before it was struck",
      shot(strike(7), hit(7, 3), centre(5, 1), cushion(3, "LF"), hit(3, 5)),
      "f",
    ],
    ["near miss 3g: crossing before the first collision", shot(strike(7), centre(7), hit(7, 9), cushion(7, "LF")), "g"],
    [
      "near miss 3h: struck before the crossing",
      shot(strike(7), hit(7, 3), hit(3, 5), centre(3, 1), cushion(5, "RF")),
      "h",
    ],
    [
      "near miss 3i: the second ball met the third before it was struck",
      shot(strike(7), hit(7, 3), centre(3, 1), hit(9, 5), hit(3, 9), cushion(5, "RF")),
      "i",
    ],
  ])("%s", (_name, events, condition, rest) => {
    expect(conditions(events, rest)).not.toContain(condition);
  });

  it("near misses that break every chain leave the shot unsafe (clause 3, I23)", () => {
    expect(safe(shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "LF")))).toBe(false);
    expect(safe(shot(strike(7), cushion(7, "H"), hit(7, 3), cushion(7, "LH")))).toBe(false);
    expect(safe(shot(strike(7), hit(7, 3), hit(3, 5), cushion(3, "LF"), cushion(5, "F")))).toBe(false);
    expect(safe(shot(strike(7), hit(7, 3), centre(3, 1), hit(9, 5), hit(3, 9), cushion(5, "RF")))).toBe(false);
  });

  it("I14: a shot without a collision has no first collision and cannot satisfy clause 3", () => {
    const analysis = analyseSafety(readShotLog(shot(strike(7), cushion(7, "F"), cushion(7, "H")), 7), TABLE, TABLE);
    expect(analysis.firstCollision).toBeNull();
    expect(isSafetyMet(analysis)).toBe(false);
  });

  it("I23: links need not be consecutive, and either ball of a collision may be the striker", () => {
    // 5 is listed first in the collision and other events come between the links.
    const events = shot(
      strike(7),
      hit(7, 3),
      cushion(3, "LF"),
      centre(12, 1),
      hit(5, 3),
      cushion(7, "RH"),
      cushion(5, "F"),
    );
    expect(conditions(events)).toContain("d");
  });

  it("I23: the coloured ball may carry a chain", () => {
    expect(conditions(shot(strike(7), hit(7, 0), cushion(0, "LH"), cushion(0, "H")))).toEqual(["c"]);
  });

  it("I23: equal times keep log order and the log is read in time order", () => {
    const events: ShotEvent[] = [
      { t: 0, type: "strike", ball: 7 },
      { t: 0.2, type: "cushion", ball: 3, cushion: "F", x: 1.74, y: 0.5 },
      { t: 0.1, type: "collision", a: 7, b: 3, ax: 1, ay: 0.5, bx: 1.07, by: 0.5 },
      { t: 0.2, type: "cushion", ball: 3, cushion: "LF", x: 1.74, y: 0.5 },
    ];
    const proof = analyseSafety(readShotLog(events, 7), TABLE, TABLE).proofs[0];
    expect(proof?.condition).toBe("c");
    // F (logged first at t = 0.2) is the first link, LF the second.
    expect(proof?.events).toEqual([2, 3]);
  });

  it("I6: a ball resting across the mouth after touching one jaw twice still counts (3b)", () => {
    const events = shot(
      strike(7),
      hit(7, 3),
      cushion(3, "LF", { jaw: "FL" }),
      cushion(3, "LF", { jaw: "FL" }),
      inMouth(3, "FL"),
    );
    expect(conditions(events, moved3)).toContain("b");
  });
});
