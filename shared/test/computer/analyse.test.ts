import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { analysableShots, analyseMatch } from "../../src/computer/analyse.ts";
import { readMatchDocument } from "../../src/computer/match-document.ts";
import { type MatchRecord, matchShots, recordWithStrokes } from "../../src/match/index.ts";
import {
  type AnalysedStroke,
  decidingStroke,
  MARK_THRESHOLDS,
  markOf,
  turningPoint,
} from "../../src/protocol/match-analysis.ts";
import { playRandomMatch } from "../kit/random-match.ts";
import { servedMatch } from "../kit/served-match.ts";

/**
 * The analysis' own promises (docs/rules/analyse-cli.md), on matches played by random players through the
 * table's road: the best is never worse than the played stroke by more than 0.05, the loss and the accuracy
 * follow their formulas, and a served record reads back as the record it was. Analysed at the novice level,
 * the cheapest search.
 */

function shotsOf(record: MatchRecord) {
  const shots = matchShots(record);
  if (!shots.ok) throw new Error(shots.error.message);
  return shots.value;
}

const randomRecord = (seed: number): MatchRecord => {
  const { header, actions } = playRandomMatch(seed, 36);
  return { header, actions };
};

describe("analyseMatch – its promises on any played match", () => {
  it("best.chance ≥ played.chance − 0.05, loss = max(0, best − played), the mark by the thresholds, accuracy the mean", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
        const record = randomRecord(seed);
        const shots = shotsOf(record);
        const analysis = analyseMatch(record.header.matchId, shots, { level: "novice" });
        expect(analysis.shots.map((s) => s.number)).toEqual(analysableShots(shots).map((s) => s.played.number));
        for (const stroke of analysis.shots) {
          expect(stroke.best.chance).toBeGreaterThanOrEqual(stroke.played.chance - 0.05);
          expect(stroke.loss).toBeCloseTo(Math.max(0, stroke.best.chance - stroke.played.chance), 9);
          expect(stroke.mark).toBe(markOf(stroke.loss));
        }
        for (const { seat, accuracy } of analysis.players) {
          const own = analysis.shots.filter((s) => s.seat === seat);
          const mean = own.reduce((sum, s) => sum + 100 * (1 - s.loss), 0) / own.length;
          expect(Math.abs(accuracy - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
          expect(accuracy).toBeGreaterThanOrEqual(0);
          expect(accuracy).toBeLessThanOrEqual(100);
        }
        const seats = new Set(analysis.shots.map((s) => s.seat));
        expect(analysis.players.map((p) => p.seat)).toEqual([...seats].sort());
      }),
      { numRuns: 4, seed: 7 },
    );
  });

  it("marks a loss by the documented thresholds, from good to blunder", () => {
    expect(markOf(0)).toBe("good");
    expect(markOf(MARK_THRESHOLDS.inaccuracy - 1e-4)).toBe("good");
    expect(markOf(MARK_THRESHOLDS.inaccuracy)).toBe("inaccuracy");
    expect(markOf(MARK_THRESHOLDS.mistake)).toBe("mistake");
    expect(markOf(MARK_THRESHOLDS.blunder)).toBe("blunder");
    expect(markOf(1)).toBe("blunder");
  });
});

describe("readMatchDocument – a served record reads back as the record it was", () => {
  it("puts every stroke back beside the action that played it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (seed) => {
        const record = randomRecord(seed);
        const { header, actions } = record;
        const strokes = actions.flatMap((a) => (a.played ? [a.played] : []));
        const whole = recordWithStrokes(
          header,
          actions.map(({ at, action }) => ({ at, action })),
          strokes,
        );
        if (!whole.ok) throw new Error(whole.error.message);
        expect(whole.value).toEqual(record);
        const read = readMatchDocument(JSON.parse(JSON.stringify(servedMatch(record))));
        if (!read.ok) throw new Error(read.message);
        expect(read.shots).toEqual(shotsOf(record));
      }),
      { numRuns: 20, seed: 11 },
    );
  });

  it("refuses a stroke no action played, and two strokes with one number", () => {
    const { header, actions } = randomRecord(5);
    const bare = actions.map(({ at, action }) => ({ at, action }));
    const strokes = actions.flatMap((a) => (a.played ? [a.played] : []));
    const stray = recordWithStrokes(header, bare, [...strokes, { ...strokes[0]!, number: 999 }]);
    expect(stray.ok ? null : stray.error.message).toBe("no action of the record played stroke 999");
    const twice = recordWithStrokes(header, bare, [...strokes, strokes[0]!]);
    expect(twice.ok ? null : twice.error.message).toBe("two strokes have the same number");
  });
});

describe("the moments that decided a match", () => {
  const stroke = (number: number, seat: 0 | 1, loss: number): AnalysedStroke => ({
    number,
    seat,
    played: { chance: 0 },
    best: { shot: { cue: 1, angle: 0, speed: 1, offset: { x: 0, y: 0 } }, call: [], chance: loss },
    loss,
    mark: markOf(loss),
  });
  // Seat 1 leads 1–0, seat 0 draws level, goes ahead at stroke 6, is caught at 7, and leads for good from 9.
  const scores = [
    { number: 1, score: [0, 0] },
    { number: 2, score: [0, 1] },
    { number: 4, score: [1, 1] },
    { number: 6, score: [2, 1] },
    { number: 7, score: [2, 2] },
    { number: 9, score: [3, 2] },
    { number: 10, score: [3, 2] },
    { number: 12, score: [8, 2] },
  ] as const;

  it("the turning point is the stroke after which the winner led to the end", () => {
    expect(turningPoint(scores, 0)).toBe(9);
    expect(turningPoint(scores, 1)).toBeNull();
  });

  it("the deciding stroke is the loser's last before it", () => {
    const strokes = [stroke(2, 1, 0), stroke(6, 0, 0), stroke(7, 1, 0.1), stroke(8, 1, 0.6), stroke(9, 0, 0)];
    expect(decidingStroke(strokes, scores, 0)?.number).toBe(8);
    expect(decidingStroke(strokes, scores, 1)).toBeNull();
  });
});
