/** The match flow (issue 4): lag or draw, the opening shot, turns, offers, last-ball play and the finish. */
export * from "./actions.ts";
export * from "./apply-action.ts";
export * from "./draw.ts";
export * from "./errors.ts";
export * from "./lag.ts";
export * from "./match-state.ts";
export * from "./phases.ts";
