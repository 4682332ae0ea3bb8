import type { Scenario } from "../rules/scenario.ts";
import { readBatch } from "./read-batch.ts";
import { runScenario, type ScenarioOptions, type ScenarioResult } from "./run-scenario.ts";
import { validateScenario } from "./validate-scenario.ts";

export type CliOutcome = { ok: true; code: 0; output: string } | { ok: false; code: 1 | 2; message: string };

/**
 * The command's logic without the process around it: text in, JSON text or a one-line error out.
 * Every scenario of a batch is validated before any is simulated, and nothing is printed until all are done,
 * so bad input never produces partial output.
 */
export function runCli(text: string, options: ScenarioOptions): CliOutcome {
  const input = readBatch(text);
  if (!input.ok) return { ok: false, code: 2, message: input.message };
  const { batch, items } = input;
  const scenarios: Scenario[] = [];
  for (const [i, item] of items.entries()) {
    const checked = validateScenario(item, batch ? [i] : []);
    if (!checked.ok) return { ok: false, code: 2, message: checked.message };
    scenarios.push(checked.scenario);
  }
  try {
    const results: ScenarioResult[] = [];
    for (const [i, scenario] of scenarios.entries()) {
      const run = runScenario(scenario, options);
      if (!run.ok) {
        const prefix = batch ? `[${i}]${run.field.startsWith("[") ? "" : "."}` : "";
        return { ok: false, code: 2, message: `${prefix}${run.field}: ${run.message.replace(/\s+/g, " ").trim()}` };
      }
      results.push(run.result);
    }
    return { ok: true, code: 0, output: JSON.stringify(batch ? results : results[0]) };
  } catch (error) {
    // A bug, not bad input: still one line and no stack trace, but a different status.
    return { ok: false, code: 1, message: `internal error: ${(error as Error).message.split("\n")[0]}` };
  }
}
