// `pnpm test`: every check of the project, in order, then one plain totals line `N passed, N failed`.
// The build, type check, lint and the import rules count as one check each; Vitest's tests (unit, property,
// integration over real WebSockets, browser end-to-end) are counted from its JSON reports.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "skip-static": { type: "boolean", default: false } },
});

let passed = 0;
let failed = 0;

function run(label: string, command: string, args: string[]): boolean {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  return result.status === 0;
}

function check(label: string, command: string, args: string[]): void {
  if (run(label, command, args)) passed++;
  else {
    failed++;
    console.log(`✖ ${label} failed`);
  }
}

if (!values["skip-static"]) {
  check("build the client", "pnpm", ["--filter", "@habibka/client", "build"]);
  check("type check", "pnpm", ["run", "typecheck"]);
  check("lint and format", "pnpm", ["run", "lint"]);
  check("imports: packages by their exports, no cycles", "pnpm", ["run", "imports"]);
}

mkdirSync("artifacts", { recursive: true });

/**
 * Runs Vitest on some projects and counts its report. The browser tests run on their own after the rest:
 * sharing two cores with hundreds of unit tests would only make their timing noisier.
 */
function vitest(label: string, projects: readonly string[], report: string): void {
  rmSync(report, { force: true });
  const selection = projects.flatMap((p) => ["--project", p]);
  const args = ["exec", "vitest", "run", ...selection, "--passWithNoTests", "--reporter=default", "--reporter=json"];
  run(label, "pnpm", [...args, `--outputFile.json=${report}`, ...positionals]);
  if (!existsSync(report)) {
    failed++;
    console.log(`✖ ${label}: Vitest wrote no report`);
    return;
  }
  const result = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    success: boolean;
  };
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // A suite that fails to load has no failed test but fails the run: count it.
  if (!result.success && result.numFailedTests === 0 && result.numTotalTests > 0) failed++;
}

vitest(
  "unit, property and integration tests",
  ["shared", "painter", "server", "client"],
  "artifacts/vitest-report.json",
);
vitest("browser tests", ["e2e"], "artifacts/vitest-e2e-report.json");

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
