import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMatch, type MatchState } from "../../src/match/match-state.ts";
import { simulate } from "../../src/physics/index.ts";
import { playShot } from "../../src/pipeline/index.ts";
import { isLastBallPlay } from "../../src/rules/last-ball.ts";
import { WINNING_SHELF } from "../../src/rules/position.ts";
import { judgeScenario, type Scenario, scenarioShelves } from "../../src/rules/scenario.ts";
import type { ShotVerdict } from "../../src/rules/verdict-types.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { BANK_ML, LAST_BALL, MISS, POT_FL } from "./cases.ts";
import { ball, parked } from "./shots.ts";

/**
 * The server's road (shared/src/pipeline: prepareShot → simulate → applyAction) must judge a shot exactly
 * as `judgeScenario` does for the command: the same scenarios, played from a match in the `turn` phase.
 */
function turnState(scenario: Scenario): MatchState {
  const shelves = scenarioShelves(scenario.balls, scenario.match?.shelf ?? [0, 0]);
  if (!shelves.ok) throw new Error(shelves.error.message);
  return {
    ...createMatch(),
    phase: "turn",
    player: 0,
    shotNumber: 10,
    table: scenario.balls,
    inHand: null,
    shelves: shelves.value,
    debts: [scenario.match?.debt?.[0] ?? 0, scenario.match?.debt?.[1] ?? 0],
    offer: null,
    lastBall: isLastBallPlay(scenario.balls, shelves.value),
    winner: null,
    end: null,
    lagReplays: 0,
  };
}

const cases: [string, Scenario][] = [
  [
    "clause 6: a called pot",
    {
      balls: POT_FL.table,
      shot: POT_FL.stroke,
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
      match: { shelf: [6, 5] },
    },
  ],
  [
    "clause 9: a bank",
    {
      balls: BANK_ML.table,
      shot: BANK_ML.stroke,
      call: [{ ball: 3, pocket: "ML", way: "bank" }],
      match: { shelf: [6, 5] },
    },
  ],
  ["clause 15: a miss", { balls: MISS.table, shot: MISS.stroke, match: { shelf: [6, 5] } }],
  [
    "I15: a debt paid",
    {
      balls: [...POT_FL.table, ...parked([1, 2, 4, 5, 6, 8])],
      shot: POT_FL.stroke,
      call: [{ ball: 3, pocket: "FL", way: "direct" }],
      match: { shelf: [0, 5], debt: [1, 0] },
    },
  ],
  [
    "clause 14: the cue ball in at 7:7",
    {
      balls: LAST_BALL.table,
      shot: LAST_BALL.follow,
      call: [{ ball: 0, pocket: "FL", way: "direct" }],
      match: { shelf: [7, 7] },
    },
  ],
];

describe("scenario: the server's pipeline judges as judgeScenario does (playShot)", () => {
  it.each(cases)("%s", (_name, scenario) => {
    const sim = simulate({ balls: scenario.balls, strokes: [scenario.shot] });
    const judged = judgeScenario(scenario, sim.events, sim.rest);
    if (!judged.ok) throw new Error(judged.error.message);
    const state = turnState(scenario);
    const out = playShot(state, 0, {
      shotNumber: state.shotNumber,
      stroke: { offset: { x: 0, y: 0 }, ...scenario.shot },
      call: [...(scenario.call ?? [])],
    });
    if (!out.ok) throw new Error(out.error.message);
    expect(out.value.played?.events).toEqual(sim.events);
    const verdict = out.value.played?.verdict as ShotVerdict;
    expect(verdict).toMatchObject(judged.value.verdict);
    const flow = out.value.state;
    expect(flow.table).toEqual(judged.value.table);
    expect([flow.shelves[0].length, flow.shelves[1].length]).toEqual(judged.value.verdict.shelf);
    expect(flow.debts).toEqual(judged.value.verdict.debt);
    // Who acts next: the striker's bonus or the opponent's choice after a foul is an offer (clauses 9, 16).
    const { next, winner } = judged.value.verdict;
    if (winner !== null) expect(flow.phase).toBe("finished");
    else if (next.mayPass)
      expect(flow.offer).toEqual({ kind: next.player === 0 ? "bonus" : "foul", player: next.player });
    else expect([flow.phase, flow.player]).toEqual(["turn", next.player]);
  });
});

/**
 * Whatever a real stroke does on a mid-game table, the judged position stays a Habibka position: every white
 * ball exactly once on the table or a shelf, no two balls overlapping, every ball on the playing surface, a
 * shelf grown only by the counted balls, and a verdict that agrees with itself.
 */
/** More runs or another seed for a long offline search: SCENARIO_RUNS=5000 SCENARIO_SEED=1 npx vitest … */
const RUNS = Number(process.env.SCENARIO_RUNS ?? 150);
const SEED = Number(process.env.SCENARIO_SEED ?? 20261130);

describe("scenario: properties of real shots judged by the rules", () => {
  const table = [
    ball(0, { x: 0, y: 0 }),
    ball(3, { x: 1.2, y: 0.5 }),
    ball(7, { x: 0.6, y: -0.2 }),
    ball(9, { x: 1.5, y: -0.6 }),
    ball(11, { x: -0.4, y: 0.6 }),
    ball(12, { x: -1.0, y: -0.5 }),
    ball(14, { x: -1.2, y: 0.4 }),
    ball(15, { x: 1.6, y: 0.1 }),
  ];
  const whites = table.filter((b) => b.id !== 0).map((b) => b.id);

  it("invariants hold for random strokes, calls and shelves", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...whites),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0.2, max: 6, noNaN: true }),
        fc.record({
          x: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
          y: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        }),
        fc.subarray(
          whites.flatMap((b) => (["FL", "FR", "ML", "MR", "HL", "HR"] as const).map((pocket) => ({ ball: b, pocket }))),
          { maxLength: 2 },
        ),
        fc.boolean(),
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 2 }),
        (cue, angle, speed, offset, picks, bank, own, debt) => {
          const seen = new Set<number>();
          const call = picks
            .filter((c) => !seen.has(c.ball) && seen.add(c.ball))
            .map((c) => ({ ...c, way: bank ? ("bank" as const) : ("direct" as const) }));
          const scenario: Scenario = {
            balls: table,
            shot: { cue, angle, speed, offset },
            call,
            match: { shelf: [own, 8 - own], debt: [debt, 0] },
          };
          const sim = simulate({ balls: table, strokes: [scenario.shot] });
          const judged = judgeScenario(scenario, sim.events, sim.rest);
          if (!judged.ok) throw new Error(judged.error.message);
          const { verdict: v, table: after } = judged.value;
          // Conservation: the whites on the table and on the shelves are the fifteen, each once.
          const onTable = after.filter((b) => b.id !== 0).length;
          expect(onTable + v.shelf[0] + v.shelf[1]).toBe(15);
          expect(new Set(after.map((b) => b.id)).size).toBe(after.length);
          // Positions: on the surface and not overlapping (spotted balls keep their 0.1 mm).
          for (const b of after) {
            expect(Math.abs(b.x)).toBeLessThanOrEqual(HALF_LENGTH - BALL_RADIUS + 1e-9);
            expect(Math.abs(b.y)).toBeLessThanOrEqual(HALF_WIDTH - BALL_RADIUS + 1e-9);
          }
          for (const [i, a] of after.entries()) {
            for (const b of after.slice(i + 1)) {
              expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id}–${b.id}`).toBeGreaterThanOrEqual(
                2 * BALL_RADIUS - 1e-6,
              );
            }
          }
          // The verdict agrees with itself and with the physics.
          expect(v.foul).toBe(v.reasons.length > 0);
          if (v.foul) expect(v.counted).toEqual([]);
          const dropped = sim.events.flatMap((e) => (e.type === "pocket" ? [e.ball] : []));
          for (const id of v.counted) expect(dropped).toContain(id);
          for (const id of v.counted) expect(after.some((b) => b.id === id)).toBe(false);
          for (const id of v.spotted) expect(after.some((b) => b.id === id)).toBe(true);
          const paid = judged.value.details.paidDebt.length;
          if (!v.foul) expect(v.shelf[0]).toBe(Math.min(WINNING_SHELF, own + v.counted.length));
          expect(v.debt[0]).toBe(debt - paid + (v.penalty === "debt" ? 1 : 0));
          expect(v.bonus && v.foul).toBe(false);
          if (v.bonus) expect(v.next).toEqual({ player: 0, mayPass: true });
          if (v.foul) expect(v.next).toEqual({ player: 1, mayPass: true });
          // The coloured ball: back on the mark, or where the physics left it (waiting), never elsewhere.
          const col = after.find((b) => b.id === 0);
          const rest = sim.rest.find((b) => b.id === 0);
          if (col && !(col.x === 0 && col.y === 0)) expect(col).toEqual(rest);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 20_000);
});

/** A random table: the coloured ball (on the mark or waiting elsewhere) and `n` white balls, none touching. */
function randomTable(points: readonly { x: number; y: number }[], colouredOnMark: boolean): BallPosition[] | null {
  const placed: BallPosition[] = [];
  const all = colouredOnMark ? [{ x: 0, y: 0 }, ...points] : points;
  for (const [k, p] of all.entries()) {
    if (placed.some((b) => Math.hypot(b.x - p.x, b.y - p.y) < 2 * BALL_RADIUS + 0.001)) return null;
    placed.push({ id: k, x: p.x, y: p.y });
  }
  return placed;
}

describe("scenario: properties of real shots on random tables (clauses 4, 10, 12, I18, I20)", () => {
  // Millimetre coordinates without fast-check's bias towards the bounds (which would stack the balls).
  const mm = (half: number) => fc.noBias(fc.integer({ min: -Math.floor(half * 1000), max: Math.floor(half * 1000) }));
  const point = fc
    .record({ x: mm(HALF_LENGTH - BALL_RADIUS - 0.01), y: mm(HALF_WIDTH - BALL_RADIUS - 0.01) })
    .map((p) => ({ x: p.x / 1000, y: p.y / 1000 }));

  it("the coloured ball, the spotted balls and last-ball play behave as the rules say", () => {
    fc.assert(
      fc.property(
        fc.array(point, { minLength: 2, maxLength: 9 }),
        fc.boolean(),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0.3, max: 6, noNaN: true }),
        fc.boolean(),
        (points, onMark, angle, speed, callColoured) => {
          const table = randomTable(points, onMark);
          fc.pre(table !== null);
          const balls = table!;
          const whites = balls.filter((b) => b.id !== 0).map((b) => b.id);
          fc.pre(whites.length > 0);
          const off = 15 - whites.length;
          const lastBall = whites.length === 1;
          const shelf: [number, number] = lastBall ? [7, 7] : [Math.min(7, off), off - Math.min(7, off)];
          fc.pre(shelf[1] < 8);
          const cue = whites[0]!;
          const call =
            lastBall && callColoured && balls.some((b) => b.id === 0)
              ? [{ ball: 0, pocket: "FL" as const, way: "direct" as const }]
              : [];
          const scenario: Scenario = { balls, shot: { cue, angle, speed }, call, match: { shelf } };
          const sim = simulate({ balls, strokes: [scenario.shot] });
          const judged = judgeScenario(scenario, sim.events, sim.rest);
          if (!judged.ok) throw new Error(judged.error.message);
          const { verdict: v, table: after, details } = judged.value;
          expect(details.lastBall.before).toBe(lastBall);
          expect(after.filter((b) => b.id !== 0).length + v.shelf[0] + v.shelf[1]).toBe(15);
          // I20: every ball the rules put back lies on a spotting line, one radius to one diameter steps
          // from the foot cushion, within |y| ≤ W/2 − 3R.
          for (const id of v.spotted) {
            const b = after.find((p) => p.id === id)!;
            const steps = (HALF_LENGTH - BALL_RADIUS - b.x) / (2 * BALL_RADIUS);
            expect(Math.abs(steps - Math.round(steps))).toBeLessThan(1e-9);
            expect(Math.abs(b.y)).toBeLessThanOrEqual(HALF_WIDTH - 3 * BALL_RADIUS + 1e-9);
          }
          for (const [i, a] of after.entries()) {
            for (const b of after.slice(i + 1)) {
              expect(Math.hypot(a.x - b.x, a.y - b.y), `${a.id}–${b.id}`).toBeGreaterThanOrEqual(
                2 * BALL_RADIUS - 1e-6,
              );
            }
          }
          // Clause 10, I18: outside last-ball play (or after a foul in it), the coloured ball is on the
          // centre mark whenever the mark is free; otherwise it is where the physics left it (or gone).
          const clause10 = !lastBall || v.foul;
          const col = after.find((b) => b.id === 0);
          const markTaken = after.some((b) => b.id !== 0 && Math.hypot(b.x, b.y) < 2 * BALL_RADIUS);
          const colOnMark = col !== undefined && Math.hypot(col.x, col.y) < 1e-6;
          if (clause10 && v.winner === null && !markTaken) expect(colOnMark).toBe(true);
          if (col && !colOnMark && !v.spotted.includes(0)) expect(col).toEqual(sim.rest.find((b) => b.id === 0));
          // Clauses 12–14: the only way to finish at 7:7 is the deciding ball; a foul there spots two balls.
          if (lastBall && v.winner !== null) expect(v.counted.length).toBe(1);
          if (lastBall && v.foul) expect(v.spotted.length).toBeGreaterThanOrEqual(1);
          expect(v.winner !== null).toBe(v.shelf[0] === WINNING_SHELF);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  }, 20_000);
});
