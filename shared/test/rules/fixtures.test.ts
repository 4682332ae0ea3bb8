import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { judgeScenario, type Scenario } from "../../src/rules/scenario.ts";
import type { ContractVerdict } from "../../src/rules/verdict-types.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { BallPosition } from "../../src/table/balls.ts";

interface Fixture {
  name: string;
  scenario: Scenario;
  events: ShotEvent[];
  rest: BallPosition[];
  verdict: ContractVerdict;
}

/** Data files of event logs and expected contract verdicts; the CLI's tests can reuse them. */
const fixtures = JSON.parse(readFileSync(new URL("./fixtures/verdicts.json", import.meta.url), "utf8")) as Fixture[];

describe("judgeScenario – fixture logs give the expected contract verdicts", () => {
  it.each(fixtures.map((f) => [f.name, f] as const))("%s", (_name, f) => {
    const out = judgeScenario(f.scenario, f.events, f.rest);
    expect(out.ok).toBe(true);
    if (out.ok) expect(out.value.verdict).toEqual(f.verdict);
  });
});
