// `pnpm bench`: runs every benchmark file (bench/*.bench.ts) one after another, each in its own Node
// process so that one benchmark's garbage and JIT state do not colour the next, and prints their figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const files = readdirSync(new URL(".", import.meta.url))
  .filter((name) => name.endsWith(".bench.ts"))
  .sort();
let failures = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [new URL(file, import.meta.url).pathname], { stdio: "inherit" });
  if (result.status !== 0) failures++;
}
process.exit(failures === 0 ? 0 : 1);
