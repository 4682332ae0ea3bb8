export * from "./match/index.ts";
export * from "./random.ts";
export * from "./rules/index.ts";
export * from "./shot/index.ts";
export * from "./table/index.ts";
