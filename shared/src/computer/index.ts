/**
 * The computer player. It runs the physics, so like the pipeline it is for the server, the tools and a page's
 * worker loaded on demand, never for the client's first download.
 */
export * from "./analyse.ts";
export * from "./computer-pace.ts";
export * from "./computer-seat.ts";
export * from "./decide.ts";
export * from "./decision.ts";
export * from "./fallback-decision.ts";
export * from "./levels.ts";
export * from "./match-document.ts";
export * from "./match-situation.ts";
export * from "./position-input.ts";
export * from "./situation.ts";
