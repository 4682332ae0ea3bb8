import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The layers of shared/src are the table in shared/src/README.md: each folder imports only the folders its
 * row lists (the file at the top, random.ts, is for all), and nothing in shared imports the server or the
 * client. The table is read from the README itself, so the document and the check cannot drift apart.
 */

const ROOT = resolve(fileURLToPath(new URL("../../../", import.meta.url)));
const SHARED_SRC = join(ROOT, "shared", "src");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The README's table: folder → the folders it may import. */
function readLayers(): Map<string, Set<string>> {
  const layers = new Map<string, Set<string>>();
  for (const line of readFileSync(join(SHARED_SRC, "README.md"), "utf8").split("\n")) {
    const row = /^\| `([a-z-]+)` \|.*\| ([^|]+) \|$/.exec(line);
    if (!row) continue;
    const allowed = [...row[2]!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    layers.set(row[1]!, new Set(allowed));
  }
  return layers;
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function specifiers(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm);
  return [...found].map((m) => m[1]!);
}

function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/** The folder of shared/src a path lies in, or null for a file at the top (random.ts, index.ts). */
function layerOf(path: string): string | null {
  const parts = toPosix(relative(SHARED_SRC, path)).split("/");
  return parts.length > 1 ? parts[0]! : null;
}

interface Crossing {
  readonly file: string;
  readonly imports: string;
}

function crossings(layers: Map<string, Set<string>>): Crossing[] {
  const out: Crossing[] = [];
  for (const file of sourceFiles(SHARED_SRC)) {
    const from = layerOf(file);
    const name = toPosix(relative(ROOT, file));
    for (const spec of specifiers(readFileSync(file, "utf8"))) {
      if (/^@habibka\/(?:server|client)\b/.test(spec)) {
        out.push({ file: name, imports: spec });
        continue;
      }
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      if (!toPosix(target).startsWith(`${toPosix(SHARED_SRC)}/`)) {
        out.push({ file: name, imports: spec });
        continue;
      }
      const to = layerOf(target);
      if (from === null || to === null || to === from) continue;
      if (!layers.get(from)?.has(to)) out.push({ file: name, imports: spec });
    }
  }
  return out;
}

describe("the layers of shared/src (shared/src/README.md)", () => {
  const layers = readLayers();

  it("the README's table names every folder of shared/src", () => {
    const folders = readdirSync(SHARED_SRC, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect([...layers.keys()].sort()).toEqual(folders);
    expect(layers.get("rules")?.has("physics")).toBe(false);
  });

  it("no folder imports one its row does not list, and nothing imports the server or the client", () => {
    expect(crossings(layers)).toEqual([]);
  });

  it("the check sees a crossing: with the rules struck from match's row, match's imports of them are caught", () => {
    const narrower = new Map(layers);
    narrower.set("match", new Set(["table", "shot"]));
    expect(
      crossings(narrower).some((c) => c.file.startsWith("shared/src/match/") && c.imports.includes("rules/")),
    ).toBe(true);
  });
});
