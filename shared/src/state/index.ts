export * from "./match-state.ts";
