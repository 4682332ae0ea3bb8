/**
 * The practice table's two answers, played the same on the server and in a page's worker. It runs the physics
 * and the computer: never import it into the client's first download.
 */
export * from "./practice-hint.ts";
export * from "./practice-shot.ts";
