// `pnpm test` runs this (scripts/test.ts): each workspace package is reached only through its exports, so
// moving a file inside a package cannot break another, no module waits on itself at load time, and the
// folders of shared/src keep the layers of the table in shared/src/README.md.
import { readdirSync, readFileSync } from "node:fs";

const PACKAGES = "shared|painter|server|client";
// e2e, bench and scripts are the root package's own folders: they share their support files freely.
const ROOT = "e2e|bench|scripts";

/**
 * The layers of shared/src, read from the README's table (folder → the folders it may import), so that the
 * document and the check cannot drift apart. A folder the table leaves out stops the check.
 */
function sharedLayerRules() {
  const readme = readFileSync(new URL("shared/src/README.md", import.meta.url), "utf8");
  const layers = new Map();
  for (const line of readme.split("\n")) {
    const row = /^\| `([a-z-]+)` \|.*\| ([^|]+) \|$/.exec(line);
    if (row)
      layers.set(
        row[1],
        [...row[2].matchAll(/`([a-z-]+)`/g)].map((m) => m[1]),
      );
  }
  const folders = readdirSync(new URL("shared/src/", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const missing = folders.filter((folder) => !layers.has(folder));
  if (missing.length > 0) throw new Error(`shared/src/README.md's table of layers lacks ${missing.join(", ")}`);
  return [...layers].map(([folder, allowed]) => ({
    name: `shared-layer-${folder}`,
    comment: `shared/src/${folder} may import only ${allowed.length > 0 ? allowed.join(", ") : "nothing"} of shared/src's folders (shared/src/README.md).`,
    severity: "error",
    from: { path: `^shared/src/${folder}/` },
    to: { path: "^shared/src/[^/]+/", pathNot: `^shared/src/(${[folder, ...allowed].join("|")})/` },
  }));
}

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
      name: "shared-imports-no-other-package",
      comment: "shared is what the server and its clients agree on: it imports neither of them, nor the painter.",
      severity: "error",
      from: { path: "^shared/src/" },
      to: { path: "^(server|client|painter)/" },
    },
    ...sharedLayerRules(),
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
