import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type MatchRecord, type MatchState, replayMatch } from "../../src/match/index.ts";

/**
 * A match recorded in format 1 and kept as a file: whatever the code becomes, the file must fold to the
 * match it was when it was written. A new format adds a file beside it; this one is never regenerated.
 */

interface GoldenFile {
  readonly record: Omit<MatchRecord, "actions"> & {
    readonly actions: readonly (MatchRecord["actions"][number] & { played?: { trace: string } })[];
  };
  readonly final: MatchState;
}

function readGolden(name: string): { record: MatchRecord; final: MatchState } {
  const file = JSON.parse(readFileSync(new URL(`../fixtures/records/${name}`, import.meta.url), "utf8")) as GoldenFile;
  const actions = file.record.actions.map((a) =>
    a.played ? { ...a, played: { ...a.played, trace: new Uint8Array(Buffer.from(a.played.trace, "base64")) } } : a,
  ) as MatchRecord["actions"];
  return { record: { header: file.record.header, actions }, final: file.final };
}

describe("golden records – old records stay readable", () => {
  it("folds the format-1 match file to the match it recorded", () => {
    const { record, final } = readGolden("format-1-match.json");
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
