import { describe, expect, it } from "vitest";
import type { LagVerdict, MatchState } from "../../src/match/index.ts";
import { simulate } from "../../src/physics/index.ts";
import { playLag, playShot } from "../../src/pipeline/index.ts";
import type { LagMessage } from "../../src/protocol/client-messages.ts";
import { judgeLag } from "../../src/rules/lag.ts";
import type { ShotVerdict } from "../../src/rules/verdict-types.ts";
import { HALF_LENGTH } from "../../src/table/dimensions.ts";
import { startedMatch } from "../kit/started-match.ts";
import { cushionsOf } from "./shots.ts";

/**
 * The lag [раскат] (clause 5, I21) with real shots: each player sends a ball from the house (x = −1.3, on
 * his side of the long axis, y = ±0.3) up the table to the foot cushion and back; both are simulated
 * together. Speeds found by simulating single lag balls: from x = −1.3 along +x, 2.0 m/s comes back to
 * x ≈ −0.87, 2.2 m/s to x ≈ −1.63 (neither reaches the head cushion), 1.0 m/s stops short of the foot
 * cushion. At 2.4 m/s and −8° the right-hand ball touches RF and still ends nearer the head (x ≈ −1.636).
 */
const lag = (y: number, speed: number, angle = 0): LagMessage => ({ place: { x: -1.3, y }, angle, speed });
const left = (speed: number, angle = 0) => lag(0.3, speed, angle);
const right = (speed: number, angle = 0) => lag(-0.3, speed, angle);

/** Both lag shots, one after the other; the second completes the lag and plays both. */
function played(match: MatchState, lags: [LagMessage, LagMessage]) {
  const first = playLag(match, 0, lags[0]);
  if (!first.ok) throw new Error(first.error.message);
  const out = playLag(first.value.state, 1, lags[1]);
  if (!out.ok) throw new Error(out.error.message);
  if (!out.value.played) throw new Error("the lag played no shot");
  return { match: out.value.state, played: out.value.played, verdict: out.value.played.verdict as LagVerdict };
}

describe("scenario: the lag [раскат] through the pipeline (clause 5, I21)", () => {
  it("I21: both balls go to the foot cushion and back; the one resting nearer the head cushion wins and opens", () => {
    const { match, played: shot, verdict } = played(startedMatch({ opening: "lag", seed: 7 }), [left(2.2), right(2.0)]);
    // The physics: both balls (1 for seat 0, 2 for seat 1) touched the foot cushion and no other cushion.
    expect(cushionsOf(shot.events, 1)).toEqual(["F"]);
    expect(cushionsOf(shot.events, 2)).toEqual(["F"]);
    expect(shot.events.filter((e) => e.type === "collision")).toEqual([]);
    expect(shot.kind).toBe("lag");
    expect(shot.verdict).toMatchObject({ winner: 0, losses: [[], []] });
    const [near, far] = verdict.distances;
    expect(near).toBeLessThan(far!);
    expect(near).toBeCloseTo(-1.63 + HALF_LENGTH, 2);
    expect(match.phase).toBe("opening");
    expect(match.player).toBe(0);
  });

  it("I21: the other way round, seat 1 wins", () => {
    const { match, played: shot } = played(startedMatch({ opening: "lag", seed: 7 }), [left(2.0), right(2.2)]);
    expect(shot.verdict).toMatchObject({ winner: 1, losses: [[], []] });
    expect(match.player).toBe(1);
  });

  it("I21: a ball that touches a long cushion loses even when it ends nearer the head", () => {
    const { played: shot, verdict } = played(startedMatch({ opening: "lag", seed: 7 }), [left(2.2), right(2.4, -8)]);
    expect(cushionsOf(shot.events, 2)).toContain("RF");
    expect(verdict.distances[1]).toBeLessThan(verdict.distances[0]!);
    expect(shot.verdict).toMatchObject({ winner: 0, losses: [[], ["long-cushion"]] });
  });

  it("I21: a ball that crosses the long axis into the other player's half loses, though it ends nearer the head", () => {
    // Seat 0's ball from (−1.3, 0.1) at −3° crosses y = 0 on its way up (the physics logs `long-axis`) and
    // comes back on the right-hand side; seat 1's ball from (−1.3, −0.6) goes straight up and back.
    const { played: shot, verdict } = played(startedMatch({ opening: "lag", seed: 7 }), [
      lag(0.1, 2.2, -3),
      lag(-0.6, 2.0),
    ]);
    expect(shot.events.some((e) => e.type === "long-axis" && e.ball === 1)).toBe(true);
    expect(cushionsOf(shot.events, 1)).toEqual(["F"]);
    expect(verdict.distances[0]).toBeLessThan(verdict.distances[1]!);
    expect(verdict).toMatchObject({ winner: 1, losses: [["crossed-half"], []] });
  });

  it("I21: both balls short of the foot cushion: both lose, the lag is replayed, then decided", () => {
    const first = played(startedMatch({ opening: "lag", seed: 7 }), [left(1.0), right(0.8)]);
    expect(first.played.events.some((e) => e.type === "cushion")).toBe(false);
    expect(first.played.verdict).toMatchObject({
      winner: null,
      losses: [["missed-foot-cushion"], ["missed-foot-cushion"]],
    });
    expect(first.match.phase).toBe("lag");
    expect(first.match.lagReplays).toBe(1);
    const second = played(first.match, [left(2.0), right(2.2)]);
    expect(second.played.verdict).toMatchObject({ winner: 1 });
    expect(second.match.phase).toBe("opening");
  });

  it("I21: mirror-image lags end level (a tie within 1 mm): replayed, though neither ball lost", () => {
    const { match, verdict } = played(startedMatch({ opening: "lag", seed: 7 }), [left(2.2), right(2.2)]);
    expect(verdict.losses).toEqual([[], []]);
    expect(Math.abs(verdict.distances[0]! - verdict.distances[1]!)).toBeLessThanOrEqual(0.001);
    expect(verdict.winner).toBeNull();
    expect(match.phase).toBe("lag");
  });

  it("clause 5, I22: the lag winner then plays the opening shot from the house into the rack", () => {
    const { match } = played(startedMatch({ opening: "lag", seed: 7 }), [left(2.2), right(2.0)]);
    const cue = match.inHand;
    expect(cue).not.toBeNull();
    const out = playShot(match, 0, {
      shotNumber: match.shotNumber,
      stroke: { cue: cue!, angle: 0, speed: 8, offset: { x: 0, y: 0 } },
      call: [],
      place: { x: -1.3, y: 0 },
    });
    if (!out.ok) throw new Error(out.error.message);
    const verdict = out.value.played?.verdict as ShotVerdict;
    expect(verdict.opening).toBe(true);
    expect(verdict.clauses).toContain("5");
    expect(out.value.played?.events.find((e) => e.type === "collision")).toBeDefined();
    // Clause 5: nothing dropped on the opening shot without a call counts.
    expect(verdict.counted).toEqual([]);
    expect(out.value.state.inHand).toBeNull();
  });
});

describe("scenario: the lag with simulate (two strokes) and judgeLag (I21)", () => {
  it("I21: the two strokes simulated together and judged give the same winner as the pipeline", () => {
    const start = [
      { id: 1, x: -1.3, y: 0.3 },
      { id: 2, x: -1.3, y: -0.3 },
    ];
    const sim = simulate({
      balls: start,
      strokes: [
        { cue: 1, angle: 0, speed: 2.2 },
        { cue: 2, angle: 0, speed: 2.0 },
      ],
    });
    // Both strokes at t = 0 (I21: as if struck at the same moment).
    expect(sim.events.filter((e) => e.type === "strike").map((e) => e.t)).toEqual([0, 0]);
    const out = judgeLag({ balls: [1, 2], start, events: sim.events, rest: sim.rest });
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.winner).toBe(0);
    expect(out.value.losses).toEqual([[], []]);
    expect(out.value.distances[0]).toBeCloseTo(sim.rest.find((b) => b.id === 1)!.x + HALF_LENGTH, 12);
  });

  it("I21: both short of the foot cushion: no winner (replay)", () => {
    const start = [
      { id: 1, x: -1.3, y: 0.3 },
      { id: 2, x: -1.3, y: -0.3 },
    ];
    const sim = simulate({
      balls: start,
      strokes: [
        { cue: 1, angle: 0, speed: 1.0 },
        { cue: 2, angle: 0, speed: 0.8 },
      ],
    });
    const out = judgeLag({ balls: [1, 2], start, events: sim.events, rest: sim.rest });
    expect(out.ok && out.value.winner).toBeNull();
  });
});
