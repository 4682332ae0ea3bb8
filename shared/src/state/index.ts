export * from "./table-state.ts";
