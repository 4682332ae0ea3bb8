import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MATCH_FLOW, type MatchRecord, replayMatch } from "../../src/match/index.ts";
import { playRandomMatch } from "../kit/random-match.ts";

/**
 * The record is the match: after every action of any match, folding its record gives a match deep-equal to
 * the one the table holds, and every transition the table made is one the phase table says it can make.
 */
describe("replayMatch – a match is the fold of its recorded actions", () => {
  it("rebuilds the live match exactly after every action of 200 random matches, each transition one the flow allows", () => {
    let matches = 0;
    let actions = 0;
    const transitions = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        matches++;
        const played = playRandomMatch(seed);
        for (let i = 0; i < played.actions.length; i++) {
          const record: MatchRecord = { header: played.header, actions: played.actions.slice(0, i + 1) };
          const folded = replayMatch(record);
          if (!folded.ok) throw new Error(folded.error.message);
          expect(folded.value).toEqual(played.played[i]!.after);
          const { before, after } = played.played[i]!;
          expect(MATCH_FLOW[before.phase].leadsTo, `${before.phase} → ${after.phase}`).toContain(after.phase);
          transitions.add(`${before.phase}→${after.phase}`);
        }
        actions += played.actions.length;
      }),
      { numRuns: 200, seed: 20_261_201 },
    );
    expect(matches).toBe(200);
    expect(actions).toBeGreaterThan(2_000);
    // The random players reach every phase and leave it by most of its ways.
    for (const phase of Object.keys(MATCH_FLOW))
      expect([...transitions].some((t) => t.startsWith(`${phase}→`))).toBe(true);
  }, 120_000);

  it("refuses a record of a format it does not know, and one whose actions do not fold, without throwing", () => {
    const { header, actions } = playRandomMatch(7, 6);
    const unknown = replayMatch({ header: { ...header, format: 99 }, actions });
    expect(!unknown.ok && unknown.error.code).toBe("record-format");
    const broken = replayMatch({ header, actions: [...actions, actions[0]!] });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.error.field).toBe(`actions[${actions.length}]`);
    const garbage = replayMatch({ header, actions: [{ at: 0, action: { type: "shot" } as never }] });
    expect(garbage.ok).toBe(false);
  });
});
