export * from "./balls.ts";
export * from "./cushions.ts";
export * from "./dimensions.ts";
export * from "./marks.ts";
export * from "./pockets.ts";
export * from "./rack.ts";
export * from "./regions.ts";
