/**
 * The `habibka-sim` contract without the command (docs/rules/sim-cli.md): the scenario's and the position's
 * schemas and every check made on them, each naming the field at fault. The HTTP practice endpoints and the
 * practice table's links are checked with these, so a position means the same everywhere. The runner
 * (`run-scenario.ts`, `cli.ts`) simulates and is not exported here.
 */
export * from "./format-issue.ts";
export * from "./scenario-schema.ts";
export * from "./validate-scenario.ts";
