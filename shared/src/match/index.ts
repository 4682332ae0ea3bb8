/** The match of a table: seats, lag or draw, the opening shot, turns, offers, last-ball play, the finish, the rematch. */
export * from "./actions.ts";
export * from "./apply-action.ts";
export * from "./draw.ts";
export type { MatchEnd, RecordEnd } from "./endings.ts";
export * from "./errors.ts";
export * from "./lag.ts";
export * from "./lag-verdict.ts";
export * from "./match-shots.ts";
export * from "./match-state.ts";
export * from "./new-match.ts";
export * from "./opponent.ts";
export * from "./phases.ts";
export * from "./record.ts";
export * from "./record-strokes.ts";
export * from "./recorded-stroke.ts";
export * from "./shot.ts";
export * from "./transition.ts";
