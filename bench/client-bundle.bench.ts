// `node bench/client-bundle.bench.ts`: the web client's initial JavaScript, raw and gzipped, against the
// 200 KB (gzip) budget the client keeps to (client/README.md). Builds the client first unless BENCH_NO_BUILD=1 (then reads client/dist).
// "Initial" is what index.html loads before the first paint: its entry script and every chunk the entry
// imports statically (modulepreload links); lazy chunks such as the rules page are listed apart, the page's
// worker (the simulator, the rules and the computer, for playing without the server) among them, and what the
// service worker precaches on the first visit.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
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
for (const file of readdirSync(join(dist, "assets")).sort()) {
  if (!file.endsWith(".js") || initial.has(`assets/${file}`)) continue;
  const bytes = readFileSync(join(dist, "assets", file));
  const zipped = gzipSync(bytes, { level: 9 }).length;
  const what = file.startsWith("engine-worker-") ? " (the page's worker: simulator, rules, computer)" : "";
  console.log(`  lazy ${file}: ${kb(bytes.length)} raw, ${kb(zipped)} gzip${what}`);
}
const sw = readFileSync(join(dist, "sw.js"), "utf8");
const precached = [...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1]!);
const precachedBytes = [...new Set(precached)].reduce((sum, url) => sum + statSync(join(dist, url)).size, 0);
console.log(`service worker: precaches ${new Set(precached).size} files, ${kb(precachedBytes)} raw on the first visit`);
const within = gzip <= BUDGET_GZIP;
console.log(within ? "within budget" : "OVER BUDGET");
process.exit(within ? 0 : 1);
