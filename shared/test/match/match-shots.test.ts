import { describe, expect, it } from "vitest";
import type { ShotAction } from "../../src/match/actions.ts";
import { matchShots, replayMatch, shotScenario, verdictForStriker } from "../../src/match/index.ts";
import { judgeScenario } from "../../src/rules/scenario.ts";
import type { ContractVerdict } from "../../src/rules/verdict-types.ts";
import { clauseName } from "../../src/rules/verdict-words/index.ts";
import { readGoldenRecord } from "../kit/golden-records.ts";

/**
 * The strokes of a record as the match pages read them: folded from the record (format 1's golden file, so a
 * record written by an earlier version still reads), each with the match before it and the table after it.
 */
describe("matchShots – a record's strokes with the match around each", () => {
  const { record, final } = readGoldenRecord("format-1-match.json");
  const folded = matchShots(record);
  if (!folded.ok) throw new Error(folded.error.message);
  const shots = folded.value;

  it("lists every stroke the record keeps, in order, with the score after each", () => {
    const played = record.actions.flatMap((a) => (a.played ? [a.played.number] : []));
    expect(shots.map((s) => s.played.number)).toEqual(played);
    for (const shot of shots) {
      const verdict = shot.played.verdict as Partial<ContractVerdict>;
      if (shot.played.kind !== "lag") expect(verdict.shelf).toEqual(shot.score);
    }
  });

  it("the situation before a stroke is the table after the one before it, and the last one ends the match", () => {
    for (const [i, shot] of shots.entries()) {
      const previous = shots[i - 1];
      // The opening places the ball in hand; every later stroke starts where the rules left the last one.
      if (previous && !shot.before.opening) expect(shot.played.before).toEqual(previous.after);
    }
    const last = shots.at(-1)!;
    const replayed = replayMatch(record);
    if (!replayed.ok) throw new Error(replayed.error.message);
    // The record folds to the finished match it was written with, which stands as the last stroke left it: what
    // follows that stroke in the record (a resignation, the seats, a rematch) moves no ball and scores none.
    const ended = replayed.value;
    expect(ended).toEqual(final);
    expect(ended.phase).toBe("finished");
    expect(last.after).toEqual(ended.table);
    expect(last.score).toEqual([ended.shelves[0].length, ended.shelves[1].length]);
  });

  it("each shot's scenario, judged on its recorded events, gives the recorded verdict with the striker as player 0", () => {
    let judged = 0;
    for (const [index, entry] of record.actions.entries()) {
      if (entry.action.type !== "shot" || !entry.played) continue;
      const shot = shots.find((s) => s.played.number === entry.played!.number)!;
      const scenario = shotScenario(record.header.matchId, shot);
      if (!scenario) throw new Error(`shot ${shot.played.number} has no scenario`);
      const { result } = entry.action as ShotAction;
      const outcome = judgeScenario(scenario, result.events, result.rest);
      if (!outcome.ok) throw new Error(`action ${index}: ${outcome.error.message}`);
      expect(outcome.value.verdict, `shot ${shot.played.number}`).toEqual(scenario.recorded.verdict);
      judged++;
    }
    expect(judged).toBeGreaterThan(20);
    // Both seats struck, so the turn to the striker's view was exercised both ways.
    expect(new Set(shots.filter((s) => s.played.kind === "shot").map((s) => s.played.seat))).toEqual(new Set([0, 1]));
  });

  it("the lag and a run-out clock have no scenario: neither is one stroke on a Habibka table", () => {
    const clock = shots.find((s) => s.played.kind === "clock")!;
    expect(clock).toBeDefined();
    expect(shotScenario("m", clock)).toBeNull();
  });

  it("a record of an unknown format or with an action that does not fold is an error, never a throw", () => {
    const future = matchShots({ ...record, header: { ...record.header, format: 99 } });
    expect(future.ok).toBe(false);
    const broken = matchShots({
      ...record,
      actions: [...record.actions.slice(0, 5), record.actions[5]!, record.actions[5]!],
    });
    expect(broken.ok).toBe(false);
  });
});

describe("verdictForStriker – a verdict by seat in the contract's terms", () => {
  const verdict: ContractVerdict = {
    foul: false,
    reasons: [],
    counted: [3],
    spotted: [],
    penalty: null,
    bonus: false,
    next: { player: 0, mayPass: false },
    shelf: [2, 5],
    debt: [1, 0],
    winner: null,
  };

  it("keeps seat 0's verdict and turns seat 1's round", () => {
    expect(verdictForStriker(verdict, 0)).toEqual(verdict);
    expect(verdictForStriker({ ...verdict, winner: 1 }, 1)).toEqual({
      ...verdict,
      next: { player: 1, mayPass: false },
      shelf: [5, 2],
      debt: [0, 1],
      winner: 0,
    });
  });
});

describe("clauseName – a clause as players write it", () => {
  it("letters the safety rule's conditions а–и in Russian and a–i in English", () => {
    expect(clauseName("3c", "ru")).toBe("3в");
    expect(clauseName("3i", "ru")).toBe("3и");
    expect(clauseName("3c", "en")).toBe("3c");
    expect(clauseName("17", "ru")).toBe("17");
  });
});
