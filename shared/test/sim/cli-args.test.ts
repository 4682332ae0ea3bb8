import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ENGINE_NAMES } from "../../src/physics/engines.ts";
import { parseCliArgs } from "../../src/sim/cli-args.ts";

describe("parseCliArgs – the command's options", () => {
  it("defaults to the exact engine and no trace", () => {
    expect(parseCliArgs([])).toEqual({ ok: true, trace: false, engine: "exact" });
  });

  it.each(ENGINE_NAMES)("takes --engine %s, in either spelling, with or without --trace", (engine) => {
    expect(parseCliArgs(["--engine", engine])).toEqual({ ok: true, trace: false, engine });
    expect(parseCliArgs(["--trace", `--engine=${engine}`])).toEqual({ ok: true, trace: true, engine });
  });

  it("refuses any other engine with one line that names --engine and the engines there are", () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1 })
          .filter((s) => !(ENGINE_NAMES as readonly string[]).includes(s) && !s.startsWith("-")),
        (name) => {
          const parsed = parseCliArgs(["--engine", name]);
          if (parsed.ok) throw new Error(`accepted ${name}`);
          expect(parsed.message.startsWith("--engine: expected exact or planck")).toBe(true);
          expect(parsed.message).not.toContain("\n");
        },
      ),
      { seed: 16 },
    );
  });

  it("refuses a missing engine name, an unknown option and positionals as arguments", () => {
    for (const args of [["--engine"], ["--fast"], ["scenario.json"]]) {
      const parsed = parseCliArgs(args);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.message.startsWith("arguments: ")).toBe(true);
    }
  });

  it("gives advise --engine but not --trace, and names advise in its usage", () => {
    expect(parseCliArgs(["--engine", "planck"], "advise")).toEqual({ ok: true, trace: false, engine: "planck" });
    expect(parseCliArgs([], "advise")).toEqual({ ok: true, trace: false, engine: "exact" });
    const parsed = parseCliArgs(["--trace"], "advise");
    if (parsed.ok) throw new Error("advise took --trace");
    expect(parsed.message).toMatch(/^arguments: .*\(usage: advise \[--engine exact\|planck\] < position\.json\)$/);
  });

  it("gives analyse --level, the master's by default, and refuses a level it does not know", () => {
    const levels = ["novice", "amateur", "master"] as const;
    expect(parseCliArgs([], "analyse", levels)).toEqual({ ok: true, trace: false, engine: "exact", level: "master" });
    expect(parseCliArgs(["--level", "novice", "--engine=planck"], "analyse", levels)).toEqual({
      ok: true,
      trace: false,
      engine: "planck",
      level: "novice",
    });
    const parsed = parseCliArgs(["--level", "expert"], "analyse", levels);
    if (parsed.ok) throw new Error("analyse took an unknown level");
    expect(parsed.message).toMatch(/^--level: expected novice, amateur, master, not "expert" \(usage: analyse /);
    const advise = parseCliArgs(["--level", "novice"], "advise");
    expect(advise.ok).toBe(false);
  });
});
