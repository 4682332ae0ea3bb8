import { readFileSync } from "node:fs";
import type { MatchRecord, MatchState } from "../../src/match/index.ts";

/**
 * The recorded match files of shared/test/fixtures/records: a record (traces in base64) and the match it
 * folded to when it was written. A file is never regenerated; a new format adds a file beside it.
 */
interface GoldenFile {
  readonly record: Omit<MatchRecord, "actions"> & {
    readonly actions: readonly (Omit<MatchRecord["actions"][number], "played"> & {
      readonly played?: Record<string, unknown> & { readonly trace: string };
    })[];
  };
  readonly final: MatchState;
}

export const GOLDEN_RECORDS = ["format-1-match.json"] as const;

export function readGoldenRecord(name: (typeof GOLDEN_RECORDS)[number]): { record: MatchRecord; final: MatchState } {
  const file = JSON.parse(readFileSync(new URL(`../fixtures/records/${name}`, import.meta.url), "utf8")) as GoldenFile;
  const actions = file.record.actions.map((a) =>
    a.played ? { ...a, played: { ...a.played, trace: new Uint8Array(Buffer.from(a.played.trace, "base64")) } } : a,
  ) as MatchRecord["actions"];
  return { record: { header: file.record.header, actions }, final: file.final };
}
