import { describe, expect, it } from "vitest";
import { judgeScenario, type Scenario, scenarioShelves } from "../../src/rules/scenario.ts";
import { CONTRACT_EXAMPLE } from "../fixtures/contract-example.ts";
import { verdict } from "../kit/verdict.ts";
import { cushion, hit, pocket, shot, strike } from "./helpers.ts";

const contractExample = CONTRACT_EXAMPLE;

describe("judgeScenario – the rules' half of habibka-sim (docs/rules/sim-cli.md)", () => {
  it("reproduces the contract's example verdict exactly", () => {
    const events = shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "FL" }), pocket(3, "FL"));
    const rest = [
      { id: 0, x: 0, y: 0 },
      { id: 7, x: 1.4, y: 0.51 },
      { id: 12, x: -1.0, y: -0.5 },
      { id: 14, x: -1.2, y: 0.4 },
    ];
    const out = judgeScenario(contractExample, events, rest);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.verdict).toEqual(verdict({ counted: [3], next: { player: 1, mayPass: false }, shelf: [7, 5] }));
    expect(out.value.table).toEqual(rest);
    expect(out.value.explanation.ru.length).toBeGreaterThan(0);
  });

  it("I15: shelves given as counts go to player 0 first in ascending id order, so the penalty is his highest id", () => {
    const shelves = scenarioShelves(contractExample.balls, [6, 5]);
    expect(shelves).toEqual({
      ok: true,
      value: [
        [1, 2, 4, 5, 6, 8],
        [9, 10, 11, 13, 15],
      ],
    });
    const out = judgeScenario(contractExample, shot(strike(7), cushion(7, "F")), contractExample.balls);
    expect(out.ok && out.value.verdict.reasons).toEqual(["miss"]);
    expect(out.ok && out.value.verdict.spotted).toEqual([8]);
    expect(out.ok && out.value.verdict.penalty).toBe("shelf");
    expect(out.ok && out.value.verdict.next).toEqual({ player: 1, mayPass: true });
  });

  it("accepts shelves as id lists, the last id being the one that arrived last", () => {
    const s: Scenario = {
      ...contractExample,
      match: {
        shelf: [
          [8, 6, 5, 4, 2, 1],
          [9, 10, 11, 13, 15],
        ],
      },
    };
    const out = judgeScenario(s, shot(strike(7), cushion(7, "F")), s.balls);
    expect(out.ok && out.value.verdict.spotted).toEqual([1]);
  });

  it("defaults match to empty shelves only when the table holds every white ball", () => {
    const s: Scenario = { ...contractExample, match: undefined };
    const out = judgeScenario(s, [], s.balls);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.field).toBe("match.shelf");
  });

  it.each<[string, Scenario, string]>([
    ["a shelf count that does not add up", { ...contractExample, match: { shelf: [6, 4] } }, "match.shelf"],
    [
      "a shelf list naming a ball on the table",
      { ...contractExample, match: { shelf: [[7], 10] } },
      "match.shelf[0][0]",
    ],
    ["a negative debt", { ...contractExample, match: { shelf: [6, 5], debt: [-1, 0] } }, "match.debt"],
    ["a cue ball not on the table", { ...contractExample, shot: { ...contractExample.shot, cue: 4 } }, "shot.cue"],
    [
      "an opening cue ball outside the house",
      { ...contractExample, match: { shelf: [6, 5], opening: true } },
      "shot.cue",
    ],
    ["a speed out of range", { ...contractExample, shot: { ...contractExample.shot, speed: 13 } }, "shot.speed"],
    [
      "a coloured-ball call outside last-ball play",
      { ...contractExample, call: [{ ball: 0, pocket: "ML", way: "direct" }] },
      "call[0].ball",
    ],
  ])("refuses %s with a typed error naming the field", (_name, scenario, field) => {
    const out = judgeScenario(scenario, [], scenario.balls);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.field).toBe(field);
  });

  it("the table after the rules acted spots dropped balls and returns the coloured ball", () => {
    const events = shot(strike(7), hit(7, 0), pocket(0, "ML"), hit(7, 3), pocket(3, "FL"));
    const rest = contractExample.balls.filter((b) => b.id !== 0 && b.id !== 3);
    const out = judgeScenario(contractExample, events, rest);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.verdict.reasons).toEqual(["coloured-touched"]);
    expect(out.value.verdict.spotted).toEqual([3, 8]);
    expect(out.value.table.map((b) => b.id)).toEqual([0, 3, 7, 8, 12, 14]);
  });
});
