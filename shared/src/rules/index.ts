/** The rules engine (docs/RULES.md): pure functions from (position, request, event log, rest) to a verdict. */
export * from "./call.ts";
export * from "./coloured-ball.ts";
export * from "./explain.ts";
export * from "./fouls.ts";
export * from "./last-ball.ts";
export * from "./penalty.ts";
export * from "./position.ts";
export * from "./push.ts";
export * from "./result.ts";
export * from "./safety-rule.ts";
export * from "./scenario.ts";
export * from "./scoring.ts";
export * from "./shot-queries.ts";
export * from "./spotting.ts";
export * from "./straight-flying.ts";
export * from "./stroke.ts";
export * from "./verdict.ts";
