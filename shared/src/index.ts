export * from "./random.ts";
export * from "./shot/index.ts";
export * from "./table/index.ts";
