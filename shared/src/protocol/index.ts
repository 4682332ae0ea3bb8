export * from "./client-messages.ts";
export * from "./table-options.ts";
