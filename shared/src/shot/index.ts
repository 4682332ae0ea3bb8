export * from "./shot-events.ts";
