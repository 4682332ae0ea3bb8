import { describe, expect, it } from "vitest";
import type { ShotRequest } from "../../src/match/actions.ts";
import { applyAction, prepareShot } from "../../src/match/apply-action.ts";
import { createMatch, type MatchState } from "../../src/match/match-state.ts";
import { simulate } from "../../src/physics/simulate.ts";
import { seededRandom } from "../../src/random.ts";
import { FOUL_REASONS } from "../../src/rules/fouls.ts";
import { judgeScenario } from "../../src/rules/scenario.ts";
import { startingPosition } from "../../src/table/rack.ts";
import { CONTRACT_EXAMPLE } from "../fixtures/contract-example.ts";
import { checkInvariants } from "../rules/invariants.ts";

/**
 * The whole road of a shot through the real simulator: prepareShot → simulate → applyAction. These tests
 * assert what must hold whatever the physics' tuning (invariants, known reason codes, the flow moving on),
 * not where the balls go.
 */
function play(state: MatchState, request: ShotRequest) {
  const setup = prepareShot(state, request);
  if (!setup.ok) throw new Error(setup.error.message);
  const result = simulate({ balls: setup.value.table, strokes: [setup.value.stroke] });
  const out = applyAction(state, { ...request, result: { events: result.events, rest: result.rest } });
  if (!out.ok) throw new Error(out.error.message);
  return out.value;
}

describe("end to end through the real simulator", () => {
  it("clause 5, I22: the opening break from the house is judged and the match moves on", () => {
    const drawn = applyAction(createMatch({ opener: "draw", table: startingPosition() }), {
      type: "draw",
      shot: 1,
      source: { value: 0.1 },
    });
    if (!drawn.ok) throw new Error(drawn.error.message);
    const opening = drawn.value.state;
    const out = play(opening, {
      type: "shot",
      player: 0,
      shot: opening.shotNumber,
      stroke: { cue: 1, angle: 0, speed: 8 },
      place: { x: -1.3, y: 0 },
    });
    checkInvariants(out.state.table, out.state.shelves, out.state.debts, out.state.winner);
    expect(out.state.inHand).toBeNull();
    expect(out.state.shotNumber).toBe(opening.shotNumber + 1);
    for (const r of out.verdict?.reasons ?? []) expect(FOUL_REASONS).toContain(r);
    expect(out.verdict?.explanation.ru.length).toBeGreaterThan(0);
  });

  it("twenty random shots keep every invariant", () => {
    const random = seededRandom(2024);
    const drawn = applyAction(createMatch({ opener: "draw" }), { type: "draw", shot: 1, source: { value: 0.7 } });
    if (!drawn.ok) throw new Error(drawn.error.message);
    let state = play(drawn.value.state, {
      type: "shot",
      player: 1,
      shot: 2,
      stroke: { cue: 1, angle: 0, speed: 6 },
      place: { x: -1.3, y: 0.05 },
    }).state;
    for (let i = 0; i < 20 && state.phase !== "finished"; i++) {
      const whites = state.table.filter((b) => b.id !== 0);
      const cue = whites[Math.floor(random() * whites.length)]!.id;
      state = play(state, {
        type: "shot",
        player: state.player,
        shot: state.shotNumber,
        stroke: { cue, angle: random() * 360, speed: 1 + random() * 4 },
      }).state;
      checkInvariants(state.table, state.shelves, state.debts, state.winner);
    }
  }, 60_000);

  it("judgeScenario gives a contract verdict for the contract's example simulated for real", () => {
    const scenario = CONTRACT_EXAMPLE;
    const shot = simulate({ balls: scenario.balls, strokes: [scenario.shot] });
    const out = judgeScenario(scenario, shot.events, shot.rest);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const v = out.value.verdict;
    expect(v.shelf[0] + v.shelf[1] + out.value.table.filter((b) => b.id !== 0).length).toBe(15);
  });
});
