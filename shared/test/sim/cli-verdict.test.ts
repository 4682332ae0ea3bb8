import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { simulate } from "../../src/physics/index.ts";
import { judgeScenario } from "../../src/rules/scenario.ts";
import { CONTRACT_EXAMPLE, CONTRACT_VERDICT_FIELDS } from "../fixtures/contract-example.ts";

const CLI = fileURLToPath(new URL("../../src/sim/cli.ts", import.meta.url));

function run(input: unknown) {
  const r = spawnSync(process.execPath, [CLI], { input: JSON.stringify(input), encoding: "utf8", timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const example = CONTRACT_EXAMPLE;

describe("habibka-sim – the verdict comes from the rules engine (docs/rules/sim-cli.md `verdict`, `table`)", () => {
  it("prints every contract verdict field, and the same verdict and table as the rules engine itself", () => {
    const r = run(example);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    for (const field of CONTRACT_VERDICT_FIELDS) {
      expect(out.verdict, field).toHaveProperty(field);
    }
    expect(out.verdict.next).toEqual({ player: expect.any(Number), mayPass: expect.any(Boolean) });
    expect(out.verdict.explanation).toEqual({ ru: expect.any(String), en: expect.any(String) });
    const physics = simulate({ balls: example.balls, strokes: [example.shot] });
    const judged = judgeScenario(
      example as unknown as Parameters<typeof judgeScenario>[0],
      physics.events,
      physics.rest,
    );
    expect(judged.ok).toBe(true);
    if (!judged.ok) return;
    expect(out.verdict).toMatchObject(judged.value.verdict);
    expect(out.table).toEqual(judged.value.table);
  });

  it("a miss with balls on the shelf: foul `miss`, the last shelf ball spotted on the foot line (clause 15, I15, I20)", () => {
    const miss = { ...example, shot: { cue: 12, angle: 270, speed: 0.3 }, call: [] };
    const r = run(miss);
    expect(r.code).toBe(0);
    const { verdict, table } = JSON.parse(r.stdout);
    expect(verdict).toMatchObject({ foul: true, reasons: ["miss"], penalty: "shelf", shelf: [5, 5] });
    expect(verdict.spotted).toHaveLength(1);
    const spotted = table.find((b: { id: number }) => b.id === verdict.spotted[0]);
    expect(spotted.x).toBeCloseTo(1.775 - 0.034, 9);
    expect(verdict.next).toEqual({ player: 1, mayPass: true });
  });

  it.each([
    [
      "a called ball that is not on the table",
      { call: [{ ball: 9, pocket: "FL", way: "direct" }] },
      /^call\[0\]\.ball: /,
    ],
    ["a shelf already at eight", { match: { shelf: [8, 3], debt: [0, 0] } }, /^match\.shelf/],
  ])("refuses %s with exit 2 and one line naming the field", (_name, change, line) => {
    const r = run({ ...example, ...change });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(line);
  });

  it("without `match`, a table that is not a Habibka position is simulated and reported with verdict null", () => {
    const r = run({
      balls: [
        { id: 1, x: -1, y: 0 },
        { id: 2, x: 0, y: 0 },
      ],
      shot: { cue: 1, angle: 0, speed: 2 },
    });
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.verdict).toBeNull();
    expect(out.table).toEqual(out.rest);
    expect(out.events.some((e: { type: string }) => e.type === "collision")).toBe(true);
  });
});
