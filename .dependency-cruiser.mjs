// `pnpm test` runs this (scripts/test.ts): each workspace package is reached only through its exports, so
// moving a file inside a package cannot break another, and no module waits on itself at load time.
const PACKAGES = "shared|painter|server|client";
// e2e, bench and scripts are the root package's own folders: they share their support files freely.
const ROOT = "e2e|bench|scripts";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "no-relative-import-across-packages",
      comment: "Import another workspace package by its name (@habibka/...) and its exports, not by a relative path.",
      severity: "error",
      from: { path: `^(${PACKAGES})/` },
      to: { dependencyTypes: ["local"], pathNot: "^$1/" },
    },
    {
      name: "no-relative-import-from-root-into-packages",
      comment: "e2e, bench and scripts import workspace packages by name, listed in the root package.json.",
      severity: "error",
      from: { path: `^(${ROOT})/` },
      to: { dependencyTypes: ["local"], path: `^(${PACKAGES})/` },
    },
    {
      name: "no-circular",
      comment: "A cycle of imports makes load order matter; type-only imports are erased and do not count.",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|artifacts)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs"],
    },
  },
};
