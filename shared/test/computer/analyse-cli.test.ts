import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runAnalyse } from "../../src/computer/analyse-command.ts";
import { matchShots, shotScenario } from "../../src/match/index.ts";
import { STROKE_MARKS } from "../../src/protocol/match-analysis.ts";
import { type GOLDEN_RECORDS, readGoldenRecord } from "../kit/golden-records.ts";
import { servedMatch } from "../kit/served-match.ts";

/**
 * The `analyse` command (docs/rules/analyse-cli.md) as a caller meets it: a match record as the server serves
 * it on standard input, the analysis on standard output, and for bad input exit 2 with one line. Analysed at
 * the novice level, the cheapest search, so the whole file stays quick.
 */

const ANALYSE = fileURLToPath(new URL("../../src/computer/analyse-cli.ts", import.meta.url));
const SIM = fileURLToPath(new URL("../../src/sim/cli.ts", import.meta.url));

function run(cli: string, input: string, args: readonly string[] = []) {
  const r = spawnSync(process.execPath, [cli, ...args], { input, encoding: "utf8", timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

// biome-ignore lint/suspicious/noExplicitAny: the command's JSON, read field by field as a caller would
type Json = Record<string, any>;

const served = (name: (typeof GOLDEN_RECORDS)[number]) => servedMatch(readGoldenRecord(name).record);

describe("analyse – the command on recorded matches", () => {
  it("analyses every stroke a player made, numbered as in the record, in the contract's shape", () => {
    const document = served("format-2-lag-match.json");
    const out = run(ANALYSE, JSON.stringify(document), ["--level", "novice"]);
    expect(out.stderr).toBe("");
    expect(out.code).toBe(0);
    const analysis = JSON.parse(out.stdout) as Json;
    expect(Object.keys(analysis)).toEqual(["matchId", "level", "shots", "players"]);
    expect(analysis.matchId).toBe(document.id);
    expect(analysis.level).toBe("novice");
    // Not the lag, not a run-out clock: the strokes a player aimed, in the record's order.
    const strokes = (document.shots as Json[]).filter((s) => s.kind === "shot");
    expect((document.shots as Json[]).map((s) => s.kind)).toEqual(expect.arrayContaining(["lag", "clock"]));
    expect(analysis.shots.map((s: Json) => [s.number, s.seat])).toEqual(strokes.map((s) => [s.number, s.seat]));
    for (const shot of analysis.shots as Json[]) {
      expect(Object.keys(shot)).toEqual(["number", "seat", "played", "best", "loss", "mark"]);
      expect(Object.keys(shot.best.shot)).toEqual(["cue", "angle", "speed", "offset"]);
      expect(STROKE_MARKS).toContain(shot.mark);
      for (const chance of [shot.played.chance, shot.best.chance]) {
        expect(chance).toBeGreaterThanOrEqual(0);
        expect(chance).toBeLessThanOrEqual(1);
      }
    }
    expect(analysis.players.map((p: Json) => p.seat)).toEqual([0, 1]);
  });

  it("gives the opening's best a place in the house for the ball in hand", () => {
    const analysis = JSON.parse(
      run(ANALYSE, JSON.stringify(served("format-1-lag-match.json")), ["--level", "novice"]).stdout,
    );
    const opening = analysis.shots[0] as Json;
    expect(opening.best.place).toEqual({ x: expect.any(Number), y: expect.any(Number) });
    expect(opening.best.place.x).toBeLessThan(-0.6);
    for (const shot of analysis.shots.slice(1) as Json[]) expect(shot.best.place).toBeUndefined();
  });

  it("is deterministic: the same record and options give the same output, in and out of a process", () => {
    const text = JSON.stringify(served("format-1-lag-match.json"));
    const first = runAnalyse(["--level", "novice"], text);
    const second = runAnalyse(["--level", "novice"], text);
    if (!first.ok || !second.ok) throw new Error("the analysis failed");
    expect(second.output).toBe(first.output);
    expect(run(ANALYSE, text, ["--level=novice"]).stdout).toBe(`${first.output}\n`);
  });

  it("a best stroke it rates likely (chance ≥ 0.8) scores its call when played in the shot's scenario by sim", () => {
    const { record } = readGoldenRecord("format-1-match.json");
    const out = runAnalyse(["--level", "novice"], JSON.stringify(servedMatch(record)));
    if (!out.ok) throw new Error(out.message);
    const likely = (JSON.parse(out.output).shots as Json[]).filter(
      (s) => s.best.chance >= 0.8 && s.best.call.length > 0,
    );
    expect(likely.length).toBeGreaterThan(3);
    const shots = matchShots(record);
    if (!shots.ok) throw new Error(shots.error.message);
    // The download of GET /api/matches/:id/shots/:n/scenario.json, with the best stroke in place of the played one.
    const scenarios = likely.map((s) => {
      const scenario = shotScenario(record.header.matchId, shots.value.find((m) => m.played.number === s.number)!)!;
      const balls = scenario.balls.map((b) =>
        b.id === s.best.shot.cue && s.best.place ? { ...b, ...s.best.place } : b,
      );
      return { ...scenario, balls, shot: s.best.shot, call: s.best.call };
    });
    const sim = run(SIM, JSON.stringify(scenarios));
    expect(sim.stderr).toBe("");
    const results = JSON.parse(sim.stdout) as Json[];
    // A called ball scores onto the shelf, or, with a debt, pays it and is spotted (clause 15).
    for (const [i, { verdict }] of results.entries()) {
      const { best, number } = likely[i]!;
      const paid = scenarios[i]!.match.debt[0] - verdict.debt[0];
      expect(verdict.foul, `stroke ${number}`).toBe(false);
      expect(verdict.counted.length + paid, `stroke ${number}`).toBe(best.call.length);
      for (const { ball } of best.call) expect([...verdict.counted, ...verdict.spotted]).toContain(ball);
    }
  });
});

describe("analyse – bad input: exit 2, one line on standard error, nothing on standard output", () => {
  const good = () => served("format-2-lag-match.json") as Json;
  const cases: [string, string, readonly string[], RegExp][] = [
    ["not JSON", "{ this is not json", [], /^input: not valid JSON/],
    ["not a match record", JSON.stringify({ balls: [] }), [], /^id: /],
    ["a list, not a record", JSON.stringify([good()]), [], /^input: expected a match record/],
    [
      "a record of an unknown format",
      JSON.stringify({ ...good(), record: { ...good().record, header: { ...good().record.header, format: 9 } } }),
      [],
      /^record\.header\.format: Record format 9 is not one this version reads/,
    ],
    [
      "a match recorded before records were kept as actions",
      JSON.stringify({ ...good(), record: null }),
      [],
      /^record: this match was recorded before/,
    ],
    [
      "a stroke that is not the one its action played",
      JSON.stringify({ ...good(), shots: good().shots.map((s: Json) => (s.number === 4 ? { ...s, seat: 0 } : s)) }),
      [],
      /^record\.actions\[\d+\]: action \d+ \(shot\): the recorded stroke's seat is 0, the fold's 1/,
    ],
    [
      "an unknown level",
      JSON.stringify(good()),
      ["--level", "expert"],
      /^--level: expected novice, amateur, master, not "expert"/,
    ],
    ["an unknown engine", JSON.stringify(good()), ["--engine", "box2d"], /^--engine: expected exact or planck/],
    ["an option it does not take", JSON.stringify(good()), ["--trace"], /^arguments: .*usage: analyse/],
  ];
  it.each(cases)("%s", (_name, input, args, message) => {
    const out = run(ANALYSE, input, args);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe("");
    expect(out.stderr.trimEnd().split("\n")).toHaveLength(1);
    expect(out.stderr).toMatch(message);
  });
});
