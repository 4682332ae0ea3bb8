import { Settings } from "planck";
import { afterEach, describe, expect, it } from "vitest";
import { openingBreak, simulate } from "../../src/physics/index.ts";
import { PLANCK_SETTINGS } from "../../src/physics/planck-contacts.ts";

const strip = (r: ReturnType<typeof simulate>) => JSON.stringify({ ...r, stats: { ...r.stats, wall_ms: 0 } });

describe("the Planck engine and Planck's static settings", () => {
  const defaults = { linearSlop: Settings.linearSlop, aabbExtension: Settings.aabbExtension };
  afterEach(() => Object.assign(Settings, defaults));

  it("gives the same shot whatever Planck's settings were, and puts them back as it found them", () => {
    const input = openingBreak(10, 8, true);
    const reference = strip(simulate(input, "planck"));
    // Someone else in the process tuned Planck for a game of their own.
    Settings.linearSlop = 0.005;
    Settings.aabbExtension = 0.1;
    expect(strip(simulate(input, "planck"))).toBe(reference);
    expect(Settings.linearSlop).toBe(0.005);
    expect(Settings.aabbExtension).toBe(0.1);
    expect(PLANCK_SETTINGS.linearSlop).not.toBe(Settings.linearSlop);
  });
});
