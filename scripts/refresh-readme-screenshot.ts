// `pnpm screenshot:readme`: the README's picture, the same moment of play on a laptop and on a phone side by
// side, from the browser test's screenshots (e2e/one-screen.test.ts: a pot called, the guide's line into
// the lit pocket; the call's moment when no pot was found). The two are laid out on a page in headless
// Chromium and photographed, so no image library is needed.
import { existsSync, readFileSync } from "node:fs";
import { launchBrowser } from "../e2e/support/browser.ts";

const DIR = "artifacts/screenshots";
const first = (names: readonly string[]) =>
  names.map((name) => `${DIR}/${name}.png`).find((file) => existsSync(file)) ?? `${DIR}/${names.at(-1)}.png`;
const LAPTOP = first(["readme-laptop-1280", "readme-laptop-1366", "one-screen-laptop-1280-called"]);
const PHONE = first(["readme-phone-portrait", "one-screen-phone-portrait-called"]);
const HEIGHT = 800;

for (const file of [LAPTOP, PHONE]) {
  if (!existsSync(file)) {
    console.error(
      `${file} is missing: run the browser test first (pnpm build && pnpm exec vitest run --project e2e e2e/one-screen.test.ts)`,
    );
    process.exit(1);
  }
}
const source = (file: string) => `data:image/png;base64,${readFileSync(file).toString("base64")}`;
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1800, height: HEIGHT + 40 } });
  await page.setContent(`<!doctype html>
    <body style="margin:0;background:#0b0f12">
      <div id="pair" style="display:inline-flex;gap:20px;padding:20px;align-items:flex-start">
        <img alt="" src="${source(LAPTOP)}" style="height:${HEIGHT}px;border-radius:6px">
        <img alt="" src="${source(PHONE)}" style="height:${HEIGHT}px;border-radius:14px">
      </div>
    </body>`);
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => image.complete && image.naturalWidth > 0),
  );
  await page.locator("#pair").screenshot({ path: "docs/screenshot.png" });
} finally {
  await browser.close();
}
console.log("docs/screenshot.png refreshed: the laptop and the phone side by side");
