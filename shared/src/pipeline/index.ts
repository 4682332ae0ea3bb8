/** The road of a request for the server (imports the physics: never import this from the client). */
export * from "./match-view.ts";
export * from "./table-pipeline.ts";
