// `pnpm test`: every check of the project, in order, then one plain totals line `N passed, N failed`.
// The build, type check and lint count as one check each; Vitest's tests (unit, property, integration over
// real WebSockets, browser end-to-end) are counted from its JSON report.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "skip-static": { type: "boolean", default: false } },
});

const REPORT = "artifacts/vitest-report.json";
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
}

mkdirSync("artifacts", { recursive: true });
rmSync(REPORT, { force: true });
run("tests", "pnpm", [
  "exec",
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${REPORT}`,
  ...positionals,
]);
if (existsSync(REPORT)) {
  const report = JSON.parse(readFileSync(REPORT, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    success: boolean;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A suite that fails to load has no failed test but fails the run: count it.
  if (!report.success && report.numFailedTests === 0) failed++;
} else {
  failed++;
  console.log("✖ Vitest wrote no report");
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
