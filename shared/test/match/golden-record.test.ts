import { describe, expect, it } from "vitest";
import { replayMatch } from "../../src/match/index.ts";
import { readGoldenRecord } from "../kit/golden-records.ts";

/**
 * A match recorded in format 1 and kept as a file: whatever the code becomes, the file must fold to the
 * match it was when it was written. A new format adds a file beside it; this one is never regenerated.
 */
describe("golden records – old records stay readable", () => {
  it("folds the format-1 match file to the match it recorded", () => {
    const { record, final } = readGoldenRecord("format-1-match.json");
    expect(record.header.format).toBe(1);
    expect(record.actions.length).toBeGreaterThan(40);
    expect(new Set(record.actions.map((a) => a.action.type))).toEqual(
      new Set(["sit", "expire", "draw", "shot", "take", "pass", "clock", "resign", "rematch", "leave"]),
    );
    const folded = replayMatch(record);
    if (!folded.ok) throw new Error(folded.error.message);
    expect(folded.value).toEqual(final);
  });
});
