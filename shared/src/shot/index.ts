export * from "./base64.ts";
export * from "./shot-events.ts";
export * from "./stroke.ts";
export * from "./trace-codec.ts";
export * from "./visible-end.ts";
