import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyAction } from "../../src/match/apply-action.ts";
import { createMatch, type MatchState } from "../../src/match/match-state.ts";
import { seededRandom } from "../../src/random.ts";
import { pick, syntheticShot } from "../rules/arbitrary.ts";
import { checkInvariants } from "../rules/invariants.ts";

/** Plays a whole match with synthetic shots, answering offers at random. */
function playMatch(seed: number, maxActions: number, onStep: (s: MatchState) => void): MatchState {
  const random = seededRandom(seed);
  let state = createMatch({ opener: "draw" });
  const drawn = applyAction(state, { type: "draw", shot: state.shotNumber, source: { seed } });
  if (!drawn.ok) throw new Error(drawn.error.message);
  state = drawn.value.state;
  for (let i = 0; i < maxActions && state.phase !== "finished"; i++) {
    if (state.phase === "offer" && random() < 0.4) {
      const passed = applyAction(state, { type: "pass", shot: state.shotNumber, player: state.player });
      if (!passed.ok) throw new Error(passed.error.message);
      state = passed.value.state;
      onStep(state);
      continue;
    }
    const opening = state.phase === "opening";
    const place = { x: -1.4, y: (random() - 0.5) * 0.5 };
    const table = opening ? [...state.table, { id: state.inHand!, ...place }] : state.table;
    const whites = table.filter((b) => b.id !== 0).map((b) => b.id);
    const cue = opening ? state.inHand! : pick(random, whites);
    const s = syntheticShot(random, table, cue, { scoring: 0.7, avoidColoured: !state.lastBall });
    const calls = state.lastBall || s.call.every((c) => c.ball !== 0) ? s.call : [];
    const out = applyAction(state, {
      type: "shot",
      player: state.player,
      shot: state.shotNumber,
      stroke: { cue, angle: random() * 360, speed: 2 },
      call: calls,
      ...(opening ? { place } : {}),
      result: { events: s.events, rest: s.rest },
    });
    if (!out.ok) throw new Error(`${out.error.code}: ${out.error.message}`);
    state = out.value.state;
    onStep(state);
  }
  return state;
}

describe("match invariants over random matches (fast-check)", () => {
  it("every step keeps the 15 white balls accounted for, debts >= 0, a shelf passes seven only by the winning shot (eight, or nine on a double call); the coloured ball stays off the shelves until a last-ball win", () => {
    let finished = 0;
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const end = playMatch(seed, 300, (s) => {
          checkInvariants(s.table, s.shelves, s.debts, s.winner);
          expect(s.phase === "finished").toBe(s.winner !== null);
          if (s.phase !== "finished") expect([...s.shelves[0], ...s.shelves[1]]).not.toContain(0);
          expect(JSON.parse(JSON.stringify(s))).toEqual(s);
        });
        if (end.phase === "finished") finished++;
      }),
      { numRuns: 30 },
    );
    // The synthetic shots must actually carry matches to their end for the property to mean anything.
    expect(finished).toBeGreaterThan(20);
  });
});
