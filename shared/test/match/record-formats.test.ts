import { describe, expect, it } from "vitest";
import { type MatchRecord, matchShots, RECORD_FORMAT, replayMatch } from "../../src/match/index.ts";
import { encodeTrace } from "../../src/shot/trace-codec.ts";
import { formatOneCopies, readGoldenRecord } from "../kit/golden-records.ts";

/**
 * The same short match (opened by the lag, with a run-out clock, a take, a pass and a resignation), recorded
 * by the version that wrote format 1 and again in format 2: both read, and fold to the match, the strokes, the
 * verdicts and the score the format-1 reader gave when the file was written.
 */
describe("record formats – format 1 and format 2 of one match read alike", () => {
  const one = readGoldenRecord("format-1-lag-match.json");
  const two = readGoldenRecord("format-2-lag-match.json");

  it("format 2 is what the tables write now, and keeps no copy of the events, the request or the verdict", () => {
    expect(two.record.header.format).toBe(RECORD_FORMAT);
    expect(one.record.header.format).toBe(1);
    for (const { played } of two.record.actions) {
      if (played) expect(Object.keys(played).sort()).toEqual(["before", "duration", "kind", "number", "seat", "trace"]);
    }
  });

  it("both fold to the match the format-1 file recorded", () => {
    for (const { record } of [one, two]) {
      const folded = replayMatch(record);
      if (!folded.ok) throw new Error(folded.error.message);
      expect(folded.value).toEqual(one.final);
    }
    expect(two.final).toEqual(one.final);
  });

  it("both give the strokes, the verdicts and the score as format 1 showed them", () => {
    const expected = one.shots!;
    expect(expected.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const { record } of [one, two]) {
      const shots = matchShots(record);
      if (!shots.ok) throw new Error(shots.error.message);
      expect(shots.value.map(({ played, ...around }) => ({ number: played.number, ...around }))).toEqual(
        expected.map((s, i) => ({ ...s, at: record.actions.filter((a) => a.played)[i]!.at })),
      );
      for (const shot of shots.value) {
        // The format-1 file kept each stroke's verdict, request and events as the table announced them; the
        // explanation is in the catalogue's words of today (the lag's now says how far each ball stopped).
        const copies = formatOneCopies(one.record, shot.played.number);
        expect(withoutWords(shot.played.verdict), `stroke ${shot.played.number}`).toEqual(withoutWords(copies.verdict));
        expect(shot.played.request).toEqual(copies.request);
        expect(shot.played.events).toEqual(copies.events);
      }
      expect(new Set(shots.value.map((s) => s.played.kind))).toEqual(new Set(["lag", "shot", "clock"]));
    }
  });

  it("the long format-1 file's strokes show the verdicts, requests and events it kept, in today's words", () => {
    const { record } = readGoldenRecord("format-1-match.json");
    const shots = matchShots(record);
    if (!shots.ok) throw new Error(shots.error.message);
    expect(shots.value.length).toBeGreaterThan(30);
    for (const { played } of shots.value) {
      const { verdict, ...copies } = formatOneCopies(record, played.number);
      // The explanation is the verdict in the words of the catalogue, which were reworded after the file was
      // written; every judged field is the one the table showed then.
      const { explanation: _words, ...judged } = played.verdict;
      expect({ verdict: judged, request: played.request, events: played.events }).toEqual({
        verdict: { ...(verdict as object), explanation: undefined },
        ...copies,
      });
    }
  });
});

/** The record with the stroke of action `index` changed by `change`. */
function withStroke(
  record: MatchRecord,
  index: number,
  change: (played: Record<string, unknown>) => object,
): MatchRecord {
  return {
    ...record,
    actions: record.actions.map((entry, i) =>
      i === index && entry.played ? { ...entry, played: change({ ...entry.played }) as typeof entry.played } : entry,
    ),
  };
}

function corruptReason(record: MatchRecord): string {
  let folded: ReturnType<typeof replayMatch> | undefined;
  expect(() => {
    folded = replayMatch(record);
  }).not.toThrow();
  const shots = matchShots(record);
  expect(shots.ok).toBe(false);
  if (!folded || folded.ok) throw new Error("the record folded");
  expect(folded.error.code).toBe("record-corrupt");
  return folded.error.message;
}

describe("record formats – a stroke that disagrees with the fold is a corrupt record, never a throw", () => {
  const one = readGoldenRecord("format-1-lag-match.json").record;
  const two = readGoldenRecord("format-2-lag-match.json").record;
  const shotIndex = two.actions.findIndex((a) => a.played?.kind === "shot");
  const lagIndex = two.actions.findIndex((a) => a.played?.kind === "lag");
  const clockIndex = two.actions.findIndex((a) => a.played?.kind === "clock");

  it("a format-1 verdict the fold does not judge again", () => {
    const message = corruptReason(
      withStroke(one, shotIndex, (p) => ({ ...p, verdict: { ...(p.verdict as object), foul: true, winner: 1 } })),
    );
    expect(message).toMatch(/^action \d+ \(shot\): stroke \d+: the verdict kept with the stroke is not the one/);
  });

  it("format-1 events that are not the action's", () => {
    const message = corruptReason(withStroke(one, lagIndex, (p) => ({ ...p, events: (p.events as []).slice(1) })));
    expect(message).toMatch(/\(lag\): stroke 1: the events kept with the stroke are not its action's/);
  });

  it("a trace that does not decode, or moves balls the table at the stroke does not have where it has them", () => {
    expect(corruptReason(withStroke(two, shotIndex, (p) => ({ ...p, trace: new Uint8Array([9, 9, 9]) })))).toMatch(
      /its trace does not decode/,
    );
    const stranger = encodeTrace([{ id: 3, points: [[0, 0.5, 0.5]] }]);
    expect(corruptReason(withStroke(two, lagIndex, (p) => ({ ...p, trace: stranger })))).toMatch(
      /its trace moves ball 3, which is not on the table at the stroke/,
    );
    const moved = encodeTrace([{ id: 1, points: [[0, 0.5, 0.5]] }]);
    expect(corruptReason(withStroke(two, lagIndex, (p) => ({ ...p, trace: moved })))).toMatch(
      /its trace starts ball 1 away from where the table has it/,
    );
  });

  it("another kind, seat, number or table than the fold's, or a stroke for an action that plays none", () => {
    expect(corruptReason(withStroke(two, clockIndex, (p) => ({ ...p, kind: "shot" })))).toMatch(
      /the recorded stroke's kind is shot, the fold's clock/,
    );
    expect(corruptReason(withStroke(two, shotIndex, (p) => ({ ...p, seat: 1 - (p.seat as number) })))).toMatch(
      /the recorded stroke's seat/,
    );
    expect(corruptReason(withStroke(two, shotIndex, (p) => ({ ...p, number: 40 })))).toMatch(
      /the recorded stroke's number is 40/,
    );
    expect(corruptReason(withStroke(two, shotIndex, (p) => ({ ...p, before: (p.before as []).slice(1) })))).toMatch(
      /the recorded table before stroke \d+ is not the one the fold has/,
    );
    const [sit] = two.actions;
    const stroke = two.actions[shotIndex]!.played!;
    const strayed = { ...two, actions: [{ ...sit!, played: stroke }, ...two.actions.slice(1)] };
    expect(corruptReason(strayed)).toMatch(/^action 0 \(sit\): a shot stroke is recorded for a sit action/);
  });
});

/** A verdict's judged fields, without the words it is explained in. */
function withoutWords(verdict: unknown): unknown {
  const { explanation: _words, ...judged } = verdict as { readonly explanation?: unknown };
  return judged;
}
