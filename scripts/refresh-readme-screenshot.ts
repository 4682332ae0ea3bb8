// `pnpm screenshot:readme`: copies the screenshot taken by the browser test into docs/ for the README.
import { copyFileSync, existsSync } from "node:fs";

const source = "artifacts/screenshots/table.png";
if (!existsSync(source)) {
  console.error(`${source} is missing: run the browser test first (pnpm test, or pnpm exec vitest run --project e2e)`);
  process.exit(1);
}
copyFileSync(source, "docs/screenshot.png");
console.log("docs/screenshot.png refreshed");
