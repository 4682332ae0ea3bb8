import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isInHouse } from "../../src/table/regions.ts";

const ADVISE = fileURLToPath(new URL("../../src/computer/cli.ts", import.meta.url));
const SIM = fileURLToPath(new URL("../../src/sim/cli.ts", import.meta.url));

function run(cli: string, input: string, args: readonly string[] = []) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8", timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// biome-ignore lint/suspicious/noExplicitAny: the command's JSON, edited and read field by field as a caller would
type Json = Record<string, any>;

/** The contract's example position, exactly as printed there. */
const CONTRACT_POSITION: Json = {
  balls: [
    { id: 0, x: 0, y: 0 },
    { id: 7, x: 1.2, y: 0.4 },
    { id: 3, x: 1.5, y: 0.7 },
  ],
  match: { shelf: [6, 5], debt: [0, 0], opening: false },
  level: "master",
  seed: 7,
};

/**
 * The same table with shelves that account for all 15 white balls, the striker at seven: the easy cut of 3
 * into FL wins the match, so the master must take the surest pot there is.
 */
const EASY_POT: Json = { ...CONTRACT_POSITION, match: { shelf: [7, 6], debt: [0, 0], opening: false } };

/** The opening of a match: the rack without its apex, the apex ball lying in the house as the default place. */
function openingPosition(): Json {
  const balls: Json[] = [{ id: 0, x: 0, y: 0 }];
  const pitch = 0.0683;
  let id = 1;
  for (let row = 0; row < 5; row++) {
    for (let k = 0; k <= row; k++) {
      if (id > 1) balls.push({ id, x: 0.8875 + (row * pitch * Math.sqrt(3)) / 2, y: (k - row / 2) * pitch });
      id++;
    }
  }
  balls.push({ id: 1, x: -1.2, y: 0.1 });
  return { balls, match: { shelf: [0, 0], debt: [0, 0], opening: true }, level: "amateur", seed: 3 };
}

/** The position with the advice played in it: a `habibka-sim` scenario (contract: shot, call, cue ball moved). */
function merged(position: Json, advice: Json): Json {
  const balls = position.balls.map((b: Json) =>
    b.id === advice.shot.cue && advice.place ? { ...b, ...advice.place } : b,
  );
  return { balls, match: position.match, shot: advice.shot, call: advice.call };
}

function expectAdviceShape(advice: Json) {
  expect(Object.keys(advice).slice(0, 7)).toEqual(["version", "shot", "call", "place", "kind", "expected", "stats"]);
  expect(advice.version).toBe(1);
  expect(advice.shot).toEqual({
    cue: expect.any(Number),
    angle: expect.any(Number),
    speed: expect.any(Number),
    offset: { x: expect.any(Number), y: expect.any(Number) },
  });
  expect(advice.expected.success).toBeGreaterThanOrEqual(0);
  expect(advice.expected.success).toBeLessThanOrEqual(1);
  expect(advice.stats).toEqual({
    candidates: expect.any(Number),
    simulations: expect.any(Number),
    wall_ms: expect.any(Number),
  });
}

/** The advice for one position: exit 0, nothing on standard error, the contract's fields. */
function adviceFor(position: Json, args: readonly string[] = []): Json {
  const r = run(ADVISE, JSON.stringify(position), args);
  expect(r.code).toBe(0);
  expect(r.stderr).toBe("");
  const advice = JSON.parse(r.stdout);
  expectAdviceShape(advice);
  return advice;
}

/** The simulator's verdict on the position with the advice played in it. */
function verdictOf(position: Json, advice: Json, args: readonly string[] = []): Json {
  const sim = run(SIM, JSON.stringify(merged(position, advice)), args);
  expect(sim.code).toBe(0);
  return JSON.parse(sim.stdout).verdict;
}

describe("advise command (docs/rules/advise-cli.md)", () => {
  it("advises the contract's example as printed: the two white balls its shelves leave out are out of play", () => {
    const advice = adviceFor(CONTRACT_POSITION);
    expect(advice.kind).toBe("pot");
    expect(advice.place).toBeNull();
    // The shot depends only on the table: played by the simulator with the striker's shelf as given (and the
    // opponent's filled up to account for all 15), it scores the called ball.
    const verdict = verdictOf({ ...CONTRACT_POSITION, match: { shelf: [6, 7] } }, advice);
    expect(verdict.foul).toBe(false);
    expect(verdict.counted).toContain(advice.call[0].ball);
  });

  it("advises a table without its match, every white ball not on it being out of play", () => {
    const { match: _match, ...bare } = CONTRACT_POSITION;
    adviceFor({ ...bare, level: "novice" });
  });

  it("advises the example with consistent shelves: a master's pot that, played by the simulator, scores", () => {
    const advice = adviceFor(EASY_POT);
    expect(advice.kind).toBe("pot");
    expect(advice.place).toBeNull();
    expect(advice.call).toHaveLength(1);
    expect(advice.expected.success).toBeGreaterThan(0.5);
    const verdict = verdictOf(EASY_POT, advice);
    expect(verdict.foul).toBe(false);
    expect(verdict.counted).toContain(advice.call[0].ball);
    expect(verdict.winner).toBe(0);
  });

  it("answers a batch in order; the opening's advice places the ball in hand in the house and is a fair shot", () => {
    const opening = openingPosition();
    const r = run(ADVISE, JSON.stringify([opening, { ...EASY_POT, level: "novice", seed: 2 }]));
    expect(r.code).toBe(0);
    const [first, second] = JSON.parse(r.stdout);
    expectAdviceShape(first);
    expectAdviceShape(second);
    expect(first.shot.cue).toBe(1);
    expect(isInHouse(first.place)).toBe(true);
    expect(first.kind).toBe("safety");
    expect(first.expected.success).toBe(0);
    expect(verdictOf(opening, first).foul).toBe(false);
    expect(second.place).toBeNull();
  });

  it("gives the same advice for the same position, level and seed", () => {
    const a = JSON.parse(run(ADVISE, JSON.stringify({ ...EASY_POT, level: "novice" })).stdout);
    const b = JSON.parse(run(ADVISE, JSON.stringify({ ...EASY_POT, level: "novice" })).stdout);
    const { wall_ms: _a, ...statsA } = a.stats;
    const { wall_ms: _b, ...statsB } = b.stats;
    expect({ ...a, stats: statsA }).toEqual({ ...b, stats: statsB });
  });

  it("searches on Planck.js with --engine planck: a different aim to the last digits, and it scores there", () => {
    const exact = adviceFor(EASY_POT, ["--engine", "exact"]);
    const planck = adviceFor(EASY_POT, ["--engine=planck"]);
    // The same shot found on either engine: the two aims part only in their last digits.
    expect(planck.intended.angle).not.toBe(exact.intended.angle);
    expect(Math.abs(planck.intended.angle - exact.intended.angle)).toBeLessThan(1e-4);
    expect(planck.call).toEqual(exact.call);
    const verdict = verdictOf(EASY_POT, planck, ["--engine", "planck"]);
    expect(verdict.foul).toBe(false);
    expect(verdict.counted).toContain(planck.call[0].ball);
    expect(verdict.winner).toBe(0);
  });

  it.each([
    ["an unknown engine", ["--engine", "box2d"], "--engine: expected exact or planck"],
    ["an option it does not take", ["--trace"], "arguments: "],
    ["a file named as an argument", ["position.json"], "arguments: "],
  ])("exit 2, nothing on stdout, one line: %s", (_name, args, start) => {
    const r = run(ADVISE, JSON.stringify(EASY_POT), args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(start)).toBe(true);
  });

  const change = (edit: (p: Json) => void): string => {
    const copy = structuredClone(EASY_POT);
    edit(copy);
    return JSON.stringify(copy);
  };

  it.each([
    ["invalid JSON", "{", "input"],
    ["empty input", "", "input"],
    ["not an object", "42", "input"],
    ["empty batch", "[]", "input"],
    ["missing balls", JSON.stringify({ match: EASY_POT.match }), "balls"],
    ["unknown ball id", change((p) => (p.balls[1].id = 16)), "balls[1].id"],
    ["duplicate ids", change((p) => (p.balls[2].id = 7)), "balls[2].id"],
    ["overlapping balls", change((p) => (p.balls[2] = { id: 3, x: 1.21, y: 0.41 })), "balls[2]"],
    ["ball off the surface", change((p) => (p.balls[1].x = 1.77)), "balls[1]"],
    ["non-finite number", JSON.stringify(EASY_POT).replace('"x":1.2', '"x":1e999'), "balls[1].x"],
    ["unknown level", change((p) => (p.level = "grandmaster")), "level"],
    ["fractional seed", change((p) => (p.seed = 1.5)), "seed"],
    ["seed as a string", change((p) => (p.seed = "7")), "seed"],
    ["negative debt", change((p) => (p.match.debt = [-1, 0])), "match.debt[0]"],
    ["shelf lists a ball on the table", change((p) => (p.match.shelf = [[7], 7])), "match.shelf[0][0]"],
    ["a shelf of eight", change((p) => (p.match.shelf = [8, 5])), "match.shelf"],
    ["shelves that count more balls than there are", change((p) => (p.match.shelf = [7, 7])), "match.shelf"],
    ["a ball on both shelves", change((p) => (p.match.shelf = [[1, 2], [2]])), "match.shelf[1][0]"],
    ["the coloured ball on a shelf", change((p) => (p.match.shelf = [[0], 3])), "match.shelf[0][0]"],
    ["opening without a white ball in the house", change((p) => (p.match.opening = true)), "match.opening"],
    ["a bad position in a batch", `[${JSON.stringify(EASY_POT)}, ${change((p) => (p.level = 3))}]`, "[1].level"],
  ])("exit 2, nothing on stdout, one line naming the field: %s", (_name, input, field) => {
    const r = run(ADVISE, input);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.startsWith(`${field}: `)).toBe(true);
  });
});
