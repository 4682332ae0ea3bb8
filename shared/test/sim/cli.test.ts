import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONTRACT_EXAMPLE } from "../fixtures/contract-example.ts";

const CLI = fileURLToPath(new URL("../../src/sim/cli.ts", import.meta.url));

function run(input: string, args: string[] = []) {
  const r = spawnSync(process.execPath, [CLI, ...args], { input, encoding: "utf8", timeout: 30_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const example = CONTRACT_EXAMPLE;

type Json = Record<string, unknown>;
const withChange = (change: (s: Json) => void): string => {
  const copy = structuredClone(example) as unknown as Json;
  change(copy);
  return JSON.stringify(copy);
};

describe("habibka-sim command (docs/rules/sim-cli.md)", () => {
  it("simulates one scenario: version 1, events in time order, rest, table, stats; no trace", () => {
    const r = run(JSON.stringify(example));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const out = JSON.parse(r.stdout);
    expect(out.version).toBe(1);
    expect(out.events[0]).toEqual({ t: 0, type: "strike", ball: 7 });
    expect(out.events[1]).toMatchObject({ type: "collision", a: 3, b: 7 });
    expect(out.events.every((e: { t: number }, i: number) => i === 0 || out.events[i - 1].t <= e.t)).toBe(true);
    expect(out.rest.map((b: { id: number }) => b.id)).toEqual([0, 3, 7, 12, 14]);
    expect(out.table).toEqual(out.rest);
    expect(out.stats).toMatchObject({
      simulated_s: expect.any(Number),
      steps: expect.any(Number),
      wall_ms: expect.any(Number),
    });
    expect(out.trace).toBeUndefined();
  });

  it("answers a batch with an array in the same order, and adds traces with --trace", () => {
    const second = { balls: [{ id: 1, x: -1, y: 0 }], shot: { cue: 1, angle: 0, speed: 0.5 } };
    const r = run(JSON.stringify([example, second]), ["--trace"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toHaveLength(2);
    expect(out[0].events[0].ball).toBe(7);
    expect(out[1].events[0].ball).toBe(1);
    const trace = out[1].trace;
    expect(trace).toHaveLength(1);
    expect(trace[0].id).toBe(1);
    expect(trace[0].points[0]).toEqual([0, -1, 0]);
    const last = trace[0].points[trace[0].points.length - 1];
    expect([last[1], last[2]]).toEqual([out[1].rest[0].x, out[1].rest[0].y]);
  });

  it.each([
    ["invalid JSON", "{", "input"],
    ["empty input", "", "input"],
    ["not an object", "42", "input"],
    ["empty batch", "[]", "input"],
    ["missing balls", JSON.stringify({ shot: example.shot }), "balls"],
    ["unknown ball id", withChange((s) => ((s.balls as Json[])[1]!.id = 16)), "balls[1].id"],
    ["fractional ball id", withChange((s) => ((s.balls as Json[])[1]!.id = 2.5)), "balls[1].id"],
    ["duplicate ids", withChange((s) => ((s.balls as Json[])[2]!.id = 7)), "balls[2].id"],
    ["overlapping balls", withChange((s) => ((s.balls as Json[])[4] = { id: 14, x: -1.0, y: -0.45 })), "balls[4]"],
    ["ball off the surface", withChange((s) => ((s.balls as Json[])[3]!.x = 1.77)), "balls[3]"],
    ["non-finite number", JSON.stringify(example).replace('"x":-1.2', '"x":1e999'), "balls[4].x"],
    ["string for a number", withChange((s) => ((s.balls as Json[])[0]!.y = "0")), "balls[0].y"],
    ["speed 0", withChange((s) => ((s.shot as Json).speed = 0)), "shot.speed"],
    ["speed above 12", withChange((s) => ((s.shot as Json).speed = 12.5)), "shot.speed"],
    ["non-finite angle", JSON.stringify(example).replace('"angle":45', '"angle":-1e400'), "shot.angle"],
    ["offset too large", withChange((s) => ((s.shot as Json).offset = { x: 0.6, y: 0.6 })), "shot.offset"],
    ["cue ball not on the table", withChange((s) => ((s.shot as Json).cue = 5)), "shot.cue"],
    ["call not a list", withChange((s) => (s.call = { ball: 3 })), "call"],
    ["unknown pocket", withChange((s) => ((s.call as Json[])[0]!.pocket = "XX")), "call[0].pocket"],
    ["bad way", withChange((s) => ((s.call as Json[])[0]!.way = "kiss")), "call[0].way"],
    [
      "three calls",
      withChange((s) => (s.call = [1, 2, 3].map(() => ({ ball: 3, pocket: "FL", way: "direct" })))),
      "call",
    ],
    ["called ball not on the table", withChange((s) => ((s.call as Json[])[0]!.ball = 5)), "call[0].ball"],
    ["match not an object", withChange((s) => (s.match = [])), "match"],
    ["bad debt", withChange((s) => ((s.match as Json).debt = [-1, 0])), "match.debt[0]"],
    ["shelves do not account for 15", withChange((s) => ((s.match as Json).shelf = [6, 4])), "match.shelf"],
    ["shelf lists a ball on the table", withChange((s) => ((s.match as Json).shelf = [[7], 10])), "match.shelf[0][0]"],
    ["opening cue ball outside the house", withChange((s) => ((s.match as Json).opening = true)), "shot.cue"],
    [
      "bad scenario inside a batch",
      `[${JSON.stringify(example)}, {"balls": [], "shot": {"cue": 0, "angle": 0, "speed": 1}}]`,
      "[1].shot.cue",
    ],
  ])("rejects %s: exit 2, one line on stderr naming %s, nothing on stdout", (_name, input, field) => {
    const r = run(input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.split("\n").filter((l) => l !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(`${field}: `)).toBe(true);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("simulates on Planck.js with --engine planck: the same output format, the same outcome of the example", () => {
    const exact = JSON.parse(run(JSON.stringify(example), ["--trace"]).stdout);
    const r = run(JSON.stringify(example), ["--engine", "planck", "--trace"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const planck = JSON.parse(r.stdout);
    expect(Object.keys(planck)).toEqual(Object.keys(exact));
    expect(planck.events.map((e: { type: string }) => e.type)).toEqual(
      exact.events.map((e: { type: string }) => e.type),
    );
    expect(planck.verdict).toEqual(exact.verdict);
    expect(planck.trace.map((t: { id: number }) => t.id)).toEqual(exact.trace.map((t: { id: number }) => t.id));
  });

  it("rejects an unknown engine: exit 2, one line naming --engine, nothing on stdout", () => {
    const r = run(JSON.stringify(example), ["--engine", "box2d"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr.startsWith("--engine: ")).toBe(true);
  });

  it("rejects an unknown option the same way", () => {
    const r = run(JSON.stringify(example), ["--fast"]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
