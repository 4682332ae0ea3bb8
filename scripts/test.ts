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
  check("unused files, exports and dependencies", "pnpm", ["run", "unused"]);
}

mkdirSync("artifacts", { recursive: true });

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  success: boolean;
  testResults: { name: string; status: string; assertionResults: { status: string }[] }[];
}

/** Runs Vitest on some projects (or files), writing its JSON report; null when it wrote none. */
function vitestRun(label: string, selection: readonly string[], report: string): VitestReport | null {
  rmSync(report, { force: true });
  const args = ["exec", "vitest", "run", ...selection, "--passWithNoTests", "--reporter=default", "--reporter=json"];
  run(label, "pnpm", [...args, `--outputFile.json=${report}`, ...positionals]);
  return existsSync(report) ? (JSON.parse(readFileSync(report, "utf8")) as VitestReport) : null;
}

/**
 * Runs Vitest on some projects and counts its report. The browser tests run on their own after the rest:
 * sharing two cores with hundreds of unit tests would only make their timing noisier. A file whose worker
 * process died under it (a signal from a native module as its threads wind down, with none of its tests
 * failed) is run once more on its own and counted from that run; a test that fails is never run again.
 */
function vitest(label: string, projects: readonly string[], report: string): void {
  const result = vitestRun(
    label,
    projects.flatMap((p) => ["--project", p]),
    report,
  );
  if (!result) {
    failed++;
    console.log(`✖ ${label}: Vitest wrote no report`);
    return;
  }
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  // Files that failed with no failed test: a suite that could not load, or a worker that died under it.
  const stopped = result.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  );
  if (!result.success && result.numFailedTests === 0 && stopped.length === 0 && result.numTotalTests > 0) failed++;
  for (const file of stopped) {
    console.log(`\n⚠ ${file.name} stopped with none of its tests failed (its worker died?): running it once more`);
    const again = vitestRun(`${label}, again`, [file.name], report.replace(/\.json$/, "-again.json"));
    // Counted from that run alone: the tests of the file that passed before it stopped were counted already.
    passed -= file.assertionResults.filter((test) => test.status === "passed").length;
    if (!again?.success) failed++;
    if (again) {
      passed += again.numPassedTests;
      failed += again.numFailedTests;
    }
  }
}

vitest(
  "unit, property and integration tests",
  ["shared", "painter", "server", "client"],
  "artifacts/vitest-report.json",
);
vitest("browser tests", ["e2e"], "artifacts/vitest-e2e-report.json");

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
