import { judgeScenario } from "../rules/scenario.ts";
import type { Judge } from "./run-scenario.ts";
import { isPhysicsOnly } from "./validate-scenario.ts";

/**
 * The rules engine as the command's judge: the contract's `verdict` (with the extra `clauses` and the
 * players' `explanation`) and `table`, computed by the same code the server uses. A scenario the rules
 * cannot judge (a called ball not on the table, a shelf already at eight, …) is bad input: exit 2 naming
 * the field.
 */
export const rulesJudge: Judge = (scenario, shot) => {
  if (isPhysicsOnly(scenario)) return { ok: true, table: [...shot.rest], verdict: null };
  const judged = judgeScenario(scenario, shot.events, shot.rest);
  if (!judged.ok) return { ok: false, field: judged.error.field ?? "scenario", message: judged.error.message };
  const { verdict, table, clauses, explanation } = judged.value;
  return { ok: true, table: [...table], verdict: { ...verdict, clauses, explanation } };
};
