import { readFileSync } from "node:fs";
import type { MatchRecord, MatchShot, MatchState } from "../../src/match/index.ts";

/**
 * The recorded match files of shared/test/fixtures/records: a record (traces in base64), the match it folded
 * to when it was written and, for the later files, its strokes as they were read then (without the stroke
 * itself, which the record holds). A file is never regenerated; a new format adds a file beside it.
 */
interface GoldenFile {
  readonly record: Omit<MatchRecord, "actions"> & {
    readonly actions: readonly (Omit<MatchRecord["actions"][number], "played"> & {
      readonly played?: Omit<NonNullable<MatchRecord["actions"][number]["played"]>, "trace"> & {
        readonly trace: string;
      };
    })[];
  };
  readonly final: MatchState;
  readonly shots?: readonly GoldenShot[];
}

/** A stroke as a reader of the record saw it when the file was written. */
export type GoldenShot = Omit<MatchShot, "played"> & { readonly number: number };

export const GOLDEN_RECORDS = ["format-1-match.json", "format-1-lag-match.json", "format-2-lag-match.json"] as const;

export function readGoldenRecord(name: (typeof GOLDEN_RECORDS)[number]): {
  record: MatchRecord;
  final: MatchState;
  shots: readonly GoldenShot[] | undefined;
} {
  const file = JSON.parse(readFileSync(new URL(`../fixtures/records/${name}`, import.meta.url), "utf8")) as GoldenFile;
  const actions = file.record.actions.map((a) =>
    a.played ? { ...a, played: { ...a.played, trace: new Uint8Array(Buffer.from(a.played.trace, "base64")) } } : a,
  ) as MatchRecord["actions"];
  return { record: { header: file.record.header, actions }, final: file.final, shots: file.shots };
}

/** The copies a format-1 stroke kept beside its action, where the file has them. */
export function formatOneCopies(
  record: MatchRecord,
  number: number,
): { request: unknown; verdict: unknown; events: unknown } {
  const played = record.actions.find((a) => a.played?.number === number)?.played;
  if (!played || !("verdict" in played) || !("request" in played) || !("events" in played)) {
    throw new Error(`stroke ${number} keeps no format-1 copies`);
  }
  return { request: played.request, verdict: played.verdict, events: played.events };
}
