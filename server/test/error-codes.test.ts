import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_CODES, HTTP_ERROR_CODES } from "@habibka/shared/protocol";
import { describe, expect, it } from "vitest";

/**
 * The error codes are one list in the protocol (shared/src/protocol/error-codes.ts), and the compiler holds
 * the server's refusals to it. This holds the other two ends: the document a client's author reads names
 * every code, and no code written in the server's source is missing from the list (a literal the types
 * would let through, such as one built into an untyped object).
 */

const ROOT = new URL("../../", import.meta.url).pathname;
const PROTOCOL = readFileSync(join(ROOT, "docs/PROTOCOL.md"), "utf8");

/** A level-two section of docs/PROTOCOL.md, with its subsections. */
function section(title: string): string {
  const start = PROTOCOL.indexOf(`\n## ${title}`);
  if (start < 0) throw new Error(`docs/PROTOCOL.md has no section "${title}"`);
  const end = PROTOCOL.indexOf("\n## ", start + 1);
  return PROTOCOL.slice(start, end < 0 ? undefined : end);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/**
 * The codes the server's source writes: a refusal's code or error field, a code passed to a refusal
 * helper (`refuse(res, 404, "not-found", ...)`, `error(type, "not-seated", ...)`) and a status's code in a
 * table of them (`409: "refused"`). Only kebab-case words: a message is a sentence.
 */
function codesInSource(): Map<string, string> {
  const patterns = [
    /\b(?:code|error):\s*"([a-z]+(?:-[a-z]+)*)"/g,
    /\b(?:refuse\w*|error)\(\s*\w+,\s*(?:\d{3},\s*)?"([a-z]+(?:-[a-z]+)*)"/g,
    /\b\d{3}:\s*"([a-z]+(?:-[a-z]+)*)"/g,
  ];
  const found = new Map<string, string>();
  for (const file of sourceFiles(join(ROOT, "server/src"))) {
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns) {
      for (const match of text.matchAll(pattern)) found.set(match[1]!, file.slice(ROOT.length));
    }
  }
  return found;
}

describe("error codes", () => {
  it("documents every code of the table's error message in docs/PROTOCOL.md, Errors", () => {
    const errors = section("Errors");
    const undocumented = ERROR_CODES.filter((code) => !errors.includes(`\`${code}\``));
    expect(undocumented).toEqual([]);
  });

  it("documents every code of an HTTP refusal in docs/PROTOCOL.md, HTTP", () => {
    const http = section("HTTP");
    const undocumented = HTTP_ERROR_CODES.filter((code) => !http.includes(`\`${code}\``));
    expect(undocumented).toEqual([]);
  });

  it("has every code the server's source sends in the protocol's lists", () => {
    const known = new Set<string>([...ERROR_CODES, ...HTTP_ERROR_CODES]);
    const found = codesInSource();
    // The scan must see the refusals at all, or it would pass by finding nothing.
    expect([...found.keys()]).toEqual(expect.arrayContaining(["not-seated", "not-recorded", "bad-id", "rate-limited"]));
    const unknown = [...found].filter(([code]) => !known.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(unknown).toEqual([]);
  });
});
