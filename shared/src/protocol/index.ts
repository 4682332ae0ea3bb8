// The phases the synced state shows, for the client: a type only, so the pipeline's code stays on the server.
export type { VisiblePhase } from "../pipeline/match-view.ts";
export { describeIssue, fieldPath, type InputIssue, readUntrusted, type Untrusted } from "../read-untrusted.ts";
export * from "./client-messages.ts";
export * from "./close-codes.ts";
export * from "./error-codes.ts";
export type * from "./practice-messages.ts";
export type * from "./server-messages.ts";
export * from "./table-choices.ts";
export * from "./table-options.ts";
export * from "./text-schemas.ts";
export * from "./visible-text.ts";
