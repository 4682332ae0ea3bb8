// `pnpm screenshot:readme`: copies a screenshot taken by the browser tests into docs/ for the README: a
// match in play (e2e/match-flow.test.ts), or the table page of e2e/table-page.test.ts when that is missing.
import { copyFileSync, existsSync } from "node:fs";

const source =
  ["artifacts/screenshots/shot-2.png", "artifacts/screenshots/table.png"].find((file) => existsSync(file)) ??
  "artifacts/screenshots/table.png";
if (!existsSync(source)) {
  console.error(`${source} is missing: run the browser test first (pnpm test, or pnpm exec vitest run --project e2e)`);
  process.exit(1);
}
copyFileSync(source, "docs/screenshot.png");
console.log("docs/screenshot.png refreshed");
