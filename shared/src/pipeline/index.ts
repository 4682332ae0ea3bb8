/** The road of a request for the server (imports the physics: never import this into the client's first download). */
export * from "./match-view.ts";
export * from "./shot-broadcast.ts";
export * from "./table-pipeline.ts";
