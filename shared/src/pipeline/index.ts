/** The shot pipeline for the server (imports the physics: never import this from the client). */
export * from "./lag-verdict.ts";
export * from "./match-view.ts";
export * from "./table-pipeline.ts";
