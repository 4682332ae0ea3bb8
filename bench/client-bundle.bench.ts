// `node bench/client-bundle.bench.ts`: the web client's initial JavaScript, raw and gzipped, against the
// 200 KB (gzip) budget the client keeps to (client/README.md). Builds the client first unless BENCH_NO_BUILD=1 (then reads client/dist).
// "Initial" is what index.html loads before the first paint: its entry script and every chunk the entry
// imports statically (modulepreload links); lazy chunks such as the rules page are listed apart.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const BUDGET_GZIP = 200 * 1024;
const root = fileURLToPath(new URL("../", import.meta.url));
const dist = join(root, "client", "dist");

if (process.env.BENCH_NO_BUILD !== "1" || !existsSync(join(dist, "index.html"))) {
  const vite = join(root, "client", "node_modules", "vite", "bin", "vite.js");
  const built = spawnSync(process.execPath, [vite, "build", "--logLevel", "warn"], {
    cwd: join(root, "client"),
    stdio: "inherit",
  });
  if (built.status !== 0) {
    console.error("client build failed");
    process.exit(1);
  }
}

const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = new Set<string>();
for (const match of html.matchAll(/<script[^>]+src="\/?([^"]+\.js)"/g)) initial.add(match[1]!);
for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+\.js)"/g)) initial.add(match[1]!);

let raw = 0;
let gzip = 0;
for (const file of initial) {
  const bytes = readFileSync(join(dist, file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzip += zipped;
  console.log(`  ${file}: ${(bytes.length / 1024).toFixed(1)} KB raw, ${(zipped / 1024).toFixed(1)} KB gzip`);
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`initial JavaScript: ${kb(raw)} raw, ${kb(gzip)} gzip (budget ${kb(BUDGET_GZIP)} gzip)`);
const within = gzip <= BUDGET_GZIP;
console.log(within ? "within budget" : "OVER BUDGET");
process.exit(within ? 0 : 1);
