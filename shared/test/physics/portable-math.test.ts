import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { portableMath } from "../../src/shot/portable-math.ts";
import { strokeDirection } from "../../src/shot/stroke.ts";

/**
 * What a match plays out to must be the same in a page's worker (Chromium) and on the server (Node): an
 * offline match is kept only if the server's replay agrees to the last bit (docs/SECURITY.md, "Offline
 * matches"). Chromium and Node compute `Math.sin`, `Math.cos`, `Math.exp`, `Math.atan2` and `Math.asin`
 * differently in the last bit for a few percent of inputs, and a break grows that into another table. So the
 * code that decides a match uses src/shot/portable-math.ts, plain arithmetic, for those.
 */
const SRC = fileURLToPath(new URL("../../src/", import.meta.url));
/** The folders whose arithmetic decides what a stroke does and how it is judged. */
const DECIDING = ["table", "shot", "rules", "match", "pipeline", "practice"];
const ENGINE_DEPENDENT =
  /\bMath\.(sin|cos|tan|asin|acos|atan|atan2|sinh|cosh|tanh|exp|expm1|log|log1p|log2|log10|pow|cbrt)\s*\(/;

function sources(folder: string): string[] {
  const path = join(SRC, folder);
  let entries: string[];
  try {
    entries = readdirSync(path, { recursive: true }) as string[];
  } catch {
    return [];
  }
  return entries.filter((f) => f.endsWith(".ts")).map((f) => join(path, f));
}

describe("the arithmetic that decides a match is the same on every engine", () => {
  it("calls none of Math's functions whose last bit differs between engines", () => {
    // The Planck.js engine is left out: its library computes with Math itself.
    const physics = readdirSync(join(SRC, "physics"))
      .filter((f) => f.endsWith(".ts") && !f.startsWith("planck"))
      .map((f) => join(SRC, "physics", f));
    const files = [...physics, ...DECIDING.flatMap(sources)];
    expect(files.length).toBeGreaterThan(40);
    const offenders = files.filter((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .some((line) => !/^\s*(\*|\/\/)/.test(line) && ENGINE_DEPENDENT.test(line)),
    );
    expect(offenders.map((f) => f.slice(SRC.length))).toEqual([]);
  });

  it("agrees with Math's own functions to within an ulp or two, so the laws are the same laws", () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 50, noNaN: true }), (x) => {
        for (const [mine, theirs] of [
          [portableMath.sin(x), Math.sin(x)],
          [portableMath.cos(x), Math.cos(x)],
          [portableMath.exp(x / 10), Math.exp(x / 10)],
          [portableMath.atan2(x, 1.5), Math.atan2(x, 1.5)],
          [portableMath.asin(x / 50), Math.asin(x / 50)],
        ] as const) {
          expect(Math.abs(mine - theirs)).toBeLessThanOrEqual(Math.abs(theirs) * 4e-16 + 1e-300);
        }
      }),
    );
  });

  it("gives a stroke a unit direction", () => {
    fc.assert(
      fc.property(fc.double({ min: -720, max: 720, noNaN: true }), (angle) => {
        const { dx, dy } = strokeDirection(angle);
        expect(Math.abs(Math.hypot(dx, dy) - 1)).toBeLessThan(1e-15);
      }),
    );
    expect(strokeDirection(0)).toEqual({ dx: 1, dy: 0 });
  });
});
