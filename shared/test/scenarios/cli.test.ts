import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../../src/rules/scenario.ts";
import { HALF_LENGTH } from "../../src/table/dimensions.ts";
import { BANK_ML, IN_MOUTH, LAST_BALL, MISS, POT_FL } from "./cases.ts";
import { at, drops, play } from "./shots.ts";

/**
 * The same scenarios through the actual command (`node shared/src/sim/cli.ts`, scenario JSON on standard
 * input; docs/rules/sim-cli.md): one batch, so the process starts once. The command must print exactly what the
 * physics and the rules engine give in-process: the same events and rest, the contract's verdict and table.
 */
const CLI = fileURLToPath(new URL("../../src/sim/cli.ts", import.meta.url));

const scenarios: Record<string, Scenario> = {
  "clause 6: a called direct pot into FL": {
    balls: POT_FL.table,
    shot: POT_FL.stroke,
    call: [{ ball: 3, pocket: "FL", way: "direct" }],
    match: { shelf: [6, 5], debt: [0, 0], opening: false },
  },
  "clause 9: a called bank into ML earns a bonus": {
    balls: BANK_ML.table,
    shot: BANK_ML.stroke,
    call: [{ ball: 3, pocket: "ML", way: "bank" }],
    match: { shelf: [6, 5] },
  },
  "clause 15: a miss costs the last shelf ball": { balls: MISS.table, shot: MISS.stroke, match: { shelf: [6, 5] } },
  "I15: with shelves given as lists, a miss costs the ball listed last": {
    balls: MISS.table,
    shot: MISS.stroke,
    match: {
      shelf: [
        [8, 6, 5, 4, 2, 1],
        [9, 10, 11, 13, 15],
      ],
    },
  },
  "clause 12: the coloured ball pocketed as called wins at 7:7": {
    balls: LAST_BALL.table,
    shot: LAST_BALL.stroke,
    call: [{ ball: 0, pocket: "FL", way: "direct" }],
    match: { shelf: [7, 7] },
  },
  "clause 14: the cue ball following the coloured ball in at 7:7 is a foul": {
    balls: LAST_BALL.table,
    shot: LAST_BALL.follow,
    call: [{ ball: 0, pocket: "FL", way: "direct" }],
    match: { shelf: [7, 7] },
  },
};

const expected: Record<string, object> = {
  "clause 6: a called direct pot into FL": { foul: false, counted: [3], bonus: false, shelf: [7, 5] },
  "clause 9: a called bank into ML earns a bonus": { counted: [3], bonus: true, next: { player: 0, mayPass: true } },
  "clause 15: a miss costs the last shelf ball": { foul: true, reasons: ["miss"], spotted: [8], penalty: "shelf" },
  "I15: with shelves given as lists, a miss costs the ball listed last": {
    foul: true,
    spotted: [1],
    penalty: "shelf",
    shelf: [5, 5],
  },
  "clause 12: the coloured ball pocketed as called wins at 7:7": { counted: [0], shelf: [8, 7], winner: 0 },
  "clause 14: the cue ball following the coloured ball in at 7:7 is a foul": {
    foul: true,
    reasons: ["last-ball-cue-pocketed"],
    counted: [],
    spotted: [5, 8],
    winner: null,
  },
};

describe("scenario: the same shots through the habibka-sim command (docs/rules/sim-cli.md)", () => {
  const names = Object.keys(scenarios);
  const run = spawnSync(process.execPath, [CLI], {
    input: JSON.stringify(names.map((n) => scenarios[n])),
    encoding: "utf8",
    timeout: 30_000,
  });

  it("answers the batch with exit 0 and one result per scenario", () => {
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toHaveLength(names.length);
  });

  it.each(names.map((name, i) => [name, i] as const))("%s: the command prints the in-process result", (name, i) => {
    const out = JSON.parse(run.stdout)[i];
    const { sim, outcome } = play(scenarios[name]!);
    // The same physics (bit for bit through JSON) …
    expect(out.events).toEqual(JSON.parse(JSON.stringify(sim.events)));
    expect(out.rest).toEqual(sim.rest);
    expect(drops(out.events)).toEqual(drops(sim.events));
    // … and the rules engine's verdict and table, with the fields the contract requires.
    expect(out.verdict).toBeDefined();
    expect(out.verdict).toMatchObject(outcome.verdict);
    expect(out.verdict).toMatchObject(expected[name]!);
    expect(out.table).toEqual(outcome.table);
  });
});

describe("scenario: the command's `table` is the next scenario's `balls` (docs/rules/sim-cli.md `table`)", () => {
  function cli(input: unknown) {
    const r = spawnSync(process.execPath, [CLI], { input: JSON.stringify(input), encoding: "utf8", timeout: 30_000 });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  /*
   * Regression: a ball the physics leaves at rest across a pocket's mouth (clause 3b, I6) has its centre
   * beyond the cushion lines less R (here ball 3 at about (1.7418, 0.8543)). The command prints that
   * position in `table`, and must accept it back as input so that a disputed position can be reproduced.
   */
  it("clause 3b, I6: a position with a ball resting in the FL mouth is accepted back as input", () => {
    const first = cli({ balls: IN_MOUTH.table, shot: IN_MOUTH.stroke, match: { shelf: [6, 6] } });
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout);
    expect(out.events.at(-1)).toMatchObject({ type: "in-mouth", ball: 3, pocket: "FL" });
    expect(at(out.table, 3)!.x).toBeGreaterThan(HALF_LENGTH - 0.034);
    const next = cli({ balls: out.table, shot: { cue: 7, angle: 180, speed: 0.5 }, match: { shelf: [6, 6] } });
    expect(next.stderr).toBe("");
    expect(next.code).toBe(0);
  });

  it("a position with every ball inside the cushion lines round-trips: the table after a pot is valid input", () => {
    const first = cli({ balls: POT_FL.table, shot: POT_FL.stroke, match: { shelf: [6, 5] } });
    expect(first.code).toBe(0);
    const out = JSON.parse(first.stdout);
    const next = cli({ balls: out.table, shot: { cue: 12, angle: 0, speed: 1 }, match: { shelf: [7, 5] } });
    expect(next.stderr).toBe("");
    expect(next.code).toBe(0);
  });
});
