import { describe, expect, it } from "vitest";
import { judgeScenario } from "../../src/rules/scenario.ts";
import { ballInHand, findPositionProblem, validateScenario } from "../../src/sim/validate-scenario.ts";

/**
 * The checks the practice table shares with the simulator and the `advise` command: a position without a
 * shot, white balls out of play where the caller allows them, the ball in hand of an opening, and the bound
 * on the number of balls.
 */

const balls = [
  { id: 0, x: 0, y: 0 },
  { id: 3, x: -1.2, y: 0.2 },
  { id: 7, x: 0.9, y: -0.3 },
];

describe("a position's checks (sim/validate-scenario.ts)", () => {
  it("a table with shelves that leave white balls out of play is refused, unless the caller allows it", () => {
    const match = { shelf: [[1, 2], [4]] as [number[], number[]], debt: [0, 1] as [number, number], opening: false };
    expect(findPositionProblem({ balls, match })).toMatchObject({ path: ["match", "shelf"] });
    expect(findPositionProblem({ balls, match }, { outOfPlay: true })).toBeNull();
    const scenario = { balls, match, shot: { cue: 3, angle: 0, speed: 1 } };
    expect(validateScenario(scenario).ok).toBe(false);
    expect(validateScenario(scenario, [], { outOfPlay: true }).ok).toBe(true);
  });

  it("never more than fifteen white balls between the table and the shelves, out of play or not", () => {
    const match = {
      shelf: [
        [1, 2, 4, 5, 6, 8, 9],
        [10, 11, 12, 13, 14, 15, 7],
      ] as [number[], number[]],
      debt: [0, 0] as [number, number],
      opening: false,
    };
    expect(findPositionProblem({ balls, match }, { outOfPlay: true })).toMatchObject({
      path: ["match", "shelf", 1, 6],
      message: "ball 7 is on the table",
    });
  });

  it("an opening needs a white ball in the house, the lowest of them being the ball in hand", () => {
    const match = { shelf: [[], []] as [number[], number[]], debt: [0, 0] as [number, number], opening: true };
    const noneInHouse = [
      { id: 0, x: 0, y: 0 },
      { id: 5, x: 1, y: 0 },
    ];
    expect(findPositionProblem({ balls: noneInHouse, match }, { outOfPlay: true })).toEqual({
      path: ["match", "opening"],
      message: "no white ball lies in the house to be the ball in hand of the opening shot",
    });
    expect(ballInHand(noneInHouse)).toBeNull();
    expect(ballInHand([...balls, { id: 2, x: -1.4, y: -0.3 }])).toBe(2);
    expect(findPositionProblem({ balls, match }, { outOfPlay: true })).toBeNull();
  });

  it("a list of more than sixteen balls is refused before its balls are read", () => {
    const many = Array.from({ length: 17 }, (_, i) => ({ id: i % 16, x: 0, y: 0 }));
    expect(validateScenario({ balls: many, shot: { cue: 1, angle: 0, speed: 1 } })).toEqual({
      ok: false,
      message: "balls: expected at most 16 balls (ids 0–15)",
    });
  });

  it("the rules judge a shot with white balls out of play when told so, and refuse it otherwise", () => {
    const scenario = {
      balls,
      shot: { cue: 3, angle: 90, speed: 0.3 },
      match: { shelf: [[1], []] as [number[], number[]], debt: [0, 0] as [number, number] },
    };
    const events = [{ t: 0, type: "strike" as const, ball: 3 }];
    expect(judgeScenario(scenario, events, balls).ok).toBe(false);
    const judged = judgeScenario(scenario, events, balls, { outOfPlay: true });
    if (!judged.ok) throw new Error(judged.error.message);
    // A stroke that touches nothing: a miss (clause 17), the penalty ball from the striker's shelf.
    expect(judged.value.details).toMatchObject({ foul: true, reasons: ["miss"], penaltyBall: 1 });
    expect(judged.value.table.map((b) => b.id)).toContain(1);
  });
});
