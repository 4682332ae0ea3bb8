import { mkdirSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { REPO_ROOT } from "./game-process.ts";

/** Where screenshots go (git-ignored); `pnpm screenshot:readme` copies the README's one from here. */
export const SCREENSHOT_DIR = `${REPO_ROOT}artifacts/screenshots`;

/** Debian's Chromium, headless, with the flags that keep it off the (closed) network. */
export async function launchBrowser(): Promise<Browser> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}
