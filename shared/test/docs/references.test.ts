import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The repository explains every reference it makes (docs/rules/README.md): a page under docs/ that the code
 * or the docs cite exists, every item I<n> cited is defined in docs/rules/interpretation.md, every clause
 * cited is one of the seventeen, and nothing points at a document outside the repository. Each failure names
 * the file and the line.
 */

const ROOT = resolve(fileURLToPath(new URL("../../../", import.meta.url)));
/** This file spells out the patterns it looks for, so it is the one file it does not read. */
const SELF = fileURLToPath(import.meta.url);

/** Folders that hold no source of ours: dependencies, builds, test output, local databases, git itself. */
const SKIPPED_FOLDERS = new Set([".git", "node_modules", "dist", "artifacts", "data", "coverage"]);
const SKIPPED_FILES = new Set(["pnpm-lock.yaml"]);

const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|json|ya?ml|html|css|sh)$|(?:^|\/)(?:Dockerfile|\.ci\/run)$/;

interface SourceFile {
  /** Path from the repository root, with forward slashes. */
  readonly path: string;
  readonly lines: readonly string[];
}

function walk(folder: string, out: string[]): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const full = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) walk(full, out);
    } else if (entry.isFile()) out.push(full);
  }
  return out;
}

function toPosix(path: string): string {
  return path.split(sep).join("/");
}

const FILES: readonly SourceFile[] = walk(ROOT, [])
  .filter((full) => full !== SELF)
  .map((full) => toPosix(relative(ROOT, full)))
  .filter((path) => TEXT_FILE.test(path) && !SKIPPED_FILES.has(path.split("/").pop() ?? ""))
  .sort()
  .map((path) => ({ path, lines: readFileSync(join(ROOT, path), "utf8").split("\n") }));

/** Every match of `pattern` on every line of `files` (seen through `view`), with where it is. */
function* matches(files: readonly SourceFile[], pattern: RegExp, view: (line: string) => string = (line) => line) {
  for (const file of files) {
    for (const [i, line] of file.lines.entries()) {
      for (const m of view(line).matchAll(pattern)) yield { file, at: `${file.path}:${i + 1}`, match: m };
    }
  }
}

/** A template literal's `${…}` stands for any name: `docs/rules-player.${language}.md` → `docs/rules-player.*.md`. */
function templateAsWildcard(line: string): string {
  return line.replace(/\$\{[^}]*\}/g, "*");
}

function under(files: readonly SourceFile[], ...prefixes: string[]): SourceFile[] {
  return files.filter((f) => prefixes.some((p) => f.path.startsWith(p)));
}

/** `a.{ru,en}.md` → `a.ru.md`, `a.en.md` (one level of braces is all the docs use). */
function expandBraces(path: string): string[] {
  const m = /\{([^{}]*)\}/.exec(path);
  if (!m) return [path];
  return m[1]!.split(",").flatMap((alt) => expandBraces(path.replace(m[0], alt)));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** Does `path` (absolute; `*` allowed in its last part) name an existing file or folder? */
function exists(path: string): boolean {
  if (!path.includes("*")) return existsSync(path);
  const folder = dirname(path);
  const last = path.slice(folder.length + 1);
  const pattern = new RegExp(`^${escapeRegExp(last).replaceAll("\\*", "[^/]*")}$`);
  return existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
}

/** A path as written in `file`: relative ones (`./`, `../`) from the file's folder, others from the root. */
function resolveCited(file: SourceFile, cited: string): string {
  const base = cited.startsWith(".") ? dirname(join(ROOT, file.path)) : ROOT;
  return resolve(base, cited);
}

function isInsideRepository(path: string): boolean {
  const rel = relative(ROOT, path);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

/**
 * Documents that live outside the repository (the rules text, the readings and the commands' contracts as
 * first written): their pages in docs/rules replace them.
 */
const OUTSIDE_DOCUMENTS = [
  "/work/",
  "shared/contracts",
  "shared/rules/INTERPRETATION",
  "INTERPRETATION.md",
  "SIM-CLI.md",
  "ADVISE-CLI.md",
  "habibka-rules.ru.txt",
  "habibka-rules.en.md",
];

/** A path into docs/, possibly relative: `docs/RULES.md`, `../../../docs/rules-player.*.md`, `docs/rules/`. */
const DOCS_PATH = /(?<![\w./-])((?:\.\.?\/)*docs\/[\w./{},*-]*)/g;
/** A Markdown link's target. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

describe("references – the repository explains every reference it makes", () => {
  it("reads the repository's source and docs", () => {
    expect(FILES.some((f) => f.path === "docs/rules/interpretation.md")).toBe(true);
    expect(FILES.some((f) => f.path === "shared/src/rules/verdict.ts")).toBe(true);
    expect(FILES.some((f) => f.path.includes("node_modules/"))).toBe(false);
  });

  it("(a) every file under docs/ cited in code or docs exists, and so does every relative Markdown link", () => {
    const missing: string[] = [];
    for (const { file, at, match } of matches(FILES, DOCS_PATH, templateAsWildcard)) {
      const cited = match[1]!.replace(/[.,:;]+$/, "");
      for (const path of expandBraces(cited)) {
        if (!exists(resolveCited(file, path))) missing.push(`${at}: cites ${path}, which does not exist`);
      }
    }
    const markdown = FILES.filter((f) => f.path.endsWith(".md"));
    for (const { file, at, match } of matches(markdown, MARKDOWN_LINK)) {
      const target = match[1]!.split("#")[0]!;
      if (target === "" || /^[a-z][a-z+.-]*:/i.test(target)) continue;
      const path = resolve(dirname(join(ROOT, file.path)), target);
      if (!exists(path)) missing.push(`${at}: links to ${target}, which does not exist`);
    }
    expect(missing).toEqual([]);
  });

  it("(b) every item I<n> cited in shared/src or docs is defined in docs/rules/interpretation.md", () => {
    const interpretation = FILES.find((f) => f.path === "docs/rules/interpretation.md");
    expect(interpretation, "docs/rules/interpretation.md").toBeDefined();
    const defined = new Set([...interpretation!.lines.join("\n").matchAll(/^### I(\d+)\b/gm)].map((m) => Number(m[1])));
    // The items keep the numbers the code cites: I1 to I24, each defined once.
    expect([...defined].sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    const undefinedItems: string[] = [];
    for (const { at, match } of matches(under(FILES, "shared/src/", "docs/"), /\bI(\d+)\b/g)) {
      if (!defined.has(Number(match[1]))) undefinedItems.push(`${at}: cites I${match[1]}, which is not defined`);
    }
    expect(undefinedItems).toEqual([]);
  });

  it("(c) every clause cited ('clause N', 'clauses N–M', 'п. N') is one of the seventeen", () => {
    const citation = /(?<!\p{L})(?:clauses?|п\.)\s*(\d+[a-iа-и]?(?:\s*(?:,|–|-|and|or|и|или)\s*\d+[a-iа-и]?)*)/giu;
    const outside: string[] = [];
    for (const { at, match } of matches(FILES, citation)) {
      for (const n of match[1]!.match(/\d+/g) ?? []) {
        if (Number(n) < 1 || Number(n) > 17) outside.push(`${at}: cites clause ${n} in "${match[0]}"`);
      }
    }
    expect(outside).toEqual([]);
  });

  it("(d) nothing points at a document outside the repository", () => {
    const outsideNames = new RegExp(OUTSIDE_DOCUMENTS.map(escapeRegExp).join("|"), "g");
    const found: string[] = [];
    for (const { at, match } of matches(FILES, outsideNames)) found.push(`${at}: refers to ${match[0]}`);
    // `../shared/…` is fine as an import inside the repository; it is outside when it leads nowhere here.
    for (const { file, at, match } of matches(FILES, /(?<![\w./-])((?:\.\.\/)+[\w.-][\w./-]*)/g)) {
      const cited = match[1]!.replace(/[.,:;]+$/, "");
      const path = resolveCited(file, cited);
      if (!isInsideRepository(path)) found.push(`${at}: ${cited} leads outside the repository`);
      else if (cited.includes("../shared/") && !exists(path)) found.push(`${at}: ${cited} is not in the repository`);
    }
    expect(found).toEqual([]);
  });

  it("(e) comments cite the project's docs, not the process that produced the code", () => {
    const processReference = /\bSTYLE \d+|\bissue \d+|\bDESIGN\b|see the report/g;
    const found: string[] = [];
    for (const { at, match } of matches(FILES, processReference)) found.push(`${at}: "${match[0]}"`);
    expect(found).toEqual([]);
  });
});
