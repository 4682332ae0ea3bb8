import { describe, expect, it } from "vitest";
import { runCli } from "../../src/sim/run-cli.ts";
import type { Judge } from "../../src/sim/run-scenario.ts";
import { validateScenario } from "../../src/sim/validate-scenario.ts";

const scenario = { balls: [{ id: 1, x: -1, y: 0 }], shot: { cue: 1, angle: 0, speed: 0.5 } };

describe("runCli – the command's pipeline without the process (validate → simulate → judge)", () => {
  it("hands each simulated shot to the judge, whose table and verdict go into the answer", () => {
    const judge: Judge = (_s, shot) => ({ ok: true, table: [], verdict: { foul: false, moved: shot.rest.length } });
    const out = runCli(JSON.stringify(scenario), { trace: false, judge });
    if (!out.ok) throw new Error(out.message);
    const result = JSON.parse(out.output);
    expect(result.table).toEqual([]);
    expect(result.verdict).toEqual({ foul: false, moved: 1 });
    expect(Object.keys(result)).toEqual(["version", "events", "rest", "table", "verdict", "stats"]);
  });

  it("turns a judge's refusal into exit status 2 naming the field, with the batch index", () => {
    const judge: Judge = () => ({ ok: false, field: "call[0].ball", message: "ball 3 cannot be called\nnow" });
    expect(runCli(JSON.stringify([scenario, scenario]), { trace: false, judge })).toEqual({
      ok: false,
      code: 2,
      message: "[0].call[0].ball: ball 3 cannot be called now",
    });
  });

  it("accepts touching balls but not overlapping ones (2R apart is touching)", () => {
    const touching = { ...scenario, balls: [scenario.balls[0]!, { id: 2, x: -1 + 0.068, y: 0 }] };
    expect(validateScenario(touching).ok).toBe(true);
    const overlapping = { ...scenario, balls: [scenario.balls[0]!, { id: 2, x: -1 + 0.0679, y: 0 }] };
    expect(validateScenario(overlapping)).toEqual({ ok: false, message: "balls[1]: ball 2 overlaps ball 1" });
  });

  it("accepts shelves given as lists that, with the table, hold each white ball once", () => {
    const balls = [{ id: 0, x: 0, y: 0 }, ...[1, 2, 3].map((id) => ({ id, x: -1, y: -0.6 + 0.3 * id }))];
    const shelf = [
      [4, 5, 6, 7, 8, 9],
      [10, 11, 12, 13, 14, 15],
    ];
    const good = { balls, shot: { cue: 1, angle: 0, speed: 1 }, match: { shelf } };
    expect(validateScenario(good).ok).toBe(true);
    const twice = { ...good, match: { shelf: [shelf[0], [...shelf[1]!.slice(1), 4]] } };
    expect(validateScenario(twice)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^match\.shelf\[1\]\[5\]: /),
    });
  });
});
