import type { EngineName } from "../physics/engines.ts";
import { type SimulationResult, type SimulationStats, simulate } from "../physics/simulate.ts";
import type { Scenario } from "../rules/scenario.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallTrace } from "../shot/trace-codec.ts";
import type { BallPosition } from "../table/balls.ts";

/** The contract's result object (docs/rules/sim-cli.md, version 1). */
export interface ScenarioResult {
  version: 1;
  events: ShotEvent[];
  rest: BallPosition[];
  table: BallPosition[];
  verdict?: unknown;
  stats: SimulationStats;
  trace?: BallTrace[];
}

/**
 * What the rules add to a simulated shot: the table for the next shot and the verdict; or, when the rules find
 * the scenario breaks the contract (say, an impossible call), the offending field and why (exit status 2).
 */
type Judgement = { ok: true; table: BallPosition[]; verdict?: unknown } | { ok: false; field: string; message: string };

export type Judge = (scenario: Scenario, shot: SimulationResult) => Judgement;

export type ScenarioRun = { ok: true; result: ScenarioResult } | { ok: false; field: string; message: string };

export interface ScenarioOptions {
  readonly trace: boolean;
  /** The physics engine (exact unless named). */
  readonly engine?: EngineName;
  /** What judges the simulated shot: the rules engine for the command (`rulesJudge`), a stand-in in tests. */
  readonly judge: Judge;
}

/** The pipeline of one scenario: simulate, judge, shape the answer. The scenario must already be valid. */
export function runScenario(scenario: Scenario, options: ScenarioOptions): ScenarioRun {
  const shot = simulate({ balls: scenario.balls, strokes: [scenario.shot], trace: options.trace }, options.engine);
  const judgement = options.judge(scenario, shot);
  if (!judgement.ok) return judgement;
  // Key order follows the contract's example: version, events, rest, table, verdict, stats, trace.
  const result: ScenarioResult = {
    version: 1,
    events: shot.events,
    rest: shot.rest,
    table: judgement.table,
    ...(judgement.verdict === undefined ? {} : { verdict: judgement.verdict }),
    stats: shot.stats,
    ...(shot.trace ? { trace: shot.trace } : {}),
  };
  return { ok: true, result };
}
