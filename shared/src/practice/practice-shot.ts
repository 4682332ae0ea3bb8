import { DEFAULT_ENGINE, type EngineName } from "../physics/engines.ts";
import type { SimulationInput } from "../physics/simulate.ts";
import { simulateForTable, type TableSimulation } from "../physics/table-simulation.ts";
import type { PracticeShotAnswer } from "../protocol/practice-messages.ts";
import { judgeScenario, type Scenario } from "../rules/scenario.ts";
import { bytesToBase64 } from "../shot/base64.ts";
import { validateScenario } from "../sim/validate-scenario.ts";

/**
 * A practice shot (docs/PROTOCOL.md, "The practice table"), wherever it is played: the server's route and the
 * page's own worker, when the server cannot be reached, read the same body, simulate the same input and
 * answer the same way, so a shot played without the network is judged as the server would judge it. The
 * body is the simulator's scenario, checked by the simulator's own code with the practice table's allowance
 * for balls out of play.
 */

/** What a practice body asks for, or the one line saying what is wrong with it (the field at fault first). */
export type PracticeShotRequest =
  | { readonly ok: true; readonly scenario: Scenario; readonly simulation: SimulationInput }
  | { readonly ok: false; readonly message: string };

export type PracticeAnswer<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly message: string };

export function readPracticeShot(body: unknown): PracticeShotRequest {
  const checked = validateScenario(body, [], { outOfPlay: true });
  if (!checked.ok) return checked;
  const { scenario } = checked;
  return { ok: true, scenario, simulation: { balls: scenario.balls, strokes: [scenario.shot], trace: true } };
}

/** The shot judged on what the physics made of it, and the position it leaves for the next one. */
export function answerPracticeShot(
  scenario: Scenario,
  simulation: TableSimulation,
): PracticeAnswer<PracticeShotAnswer> {
  const judged = judgeScenario(scenario, simulation.events, simulation.rest, { outOfPlay: true });
  if (!judged.ok) return { ok: false, message: `${judged.error.field ?? "scenario"}: ${judged.error.message}` };
  const { details, position } = judged.value;
  return {
    ok: true,
    value: {
      shot: {
        kind: "shot",
        seat: 0,
        request: {
          stroke: { ...scenario.shot, offset: scenario.shot.offset ?? { x: 0, y: 0 } },
          call: scenario.call ?? [],
        },
        before: scenario.balls,
        events: simulation.events,
        trace: bytesToBase64(simulation.trace),
        duration: simulation.duration,
        verdict: details,
      },
      position: {
        balls: position.table,
        match: { shelf: position.shelves, debt: position.debts, opening: false },
      },
    },
  };
}

/** A practice shot read, simulated here on `engine` and judged: what a page plays without the server. */
export function playPracticeShot(
  body: unknown,
  engine: EngineName = DEFAULT_ENGINE,
): PracticeAnswer<PracticeShotAnswer> {
  const request = readPracticeShot(body);
  if (!request.ok) return request;
  return answerPracticeShot(request.scenario, simulateForTable(request.simulation, engine));
}
