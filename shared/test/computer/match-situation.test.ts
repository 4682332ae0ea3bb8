import { describe, expect, it } from "vitest";
import type { ShotDecision } from "../../src/computer/decision.ts";
import { aimMessageOf, lagMessageOf, shotMessageOf, situationOf } from "../../src/computer/match-situation.ts";
import { createMatch, type MatchState } from "../../src/match/match-state.ts";

const NEW = createMatch();

function inPhase(phase: MatchState["phase"], overrides: Partial<MatchState> = {}): MatchState {
  return { ...NEW, phase, player: 1, shotNumber: 17, ...overrides };
}

describe("situationOf: the match state seen from a seat", () => {
  it("gives both seats the lag, on an empty table, until the seat's own lag shot is in", () => {
    for (const seat of [0, 1] as const) {
      expect(situationOf(NEW, seat)).toMatchObject({ phase: "lag", player: seat, table: [], shotNumber: 1 });
    }
    const shot = { place: { x: -1.2, y: 0.3 }, angle: 0, speed: 2 };
    const oneIn = { ...NEW, lagShots: [shot, null] as MatchState["lagShots"] };
    expect(situationOf(oneIn, 0)).toBeNull();
    expect(situationOf(oneIn, 1)).toMatchObject({ phase: "lag", player: 1 });
  });

  it("gives the opening to the lag winner alone, with the ball in hand off the table", () => {
    const state = inPhase("opening");
    expect(situationOf(state, 0)).toBeNull();
    const situation = situationOf(state, 1)!;
    expect(situation).toMatchObject({ phase: "opening", player: 1, inHand: 1, shotNumber: 17 });
    expect(situation.table.some((b) => b.id === 1)).toBe(false);
    expect(situation.table).toHaveLength(15);
  });

  it("gives a turn to the player to shoot, with his shelves and debts", () => {
    const state = inPhase("turn", { shelves: [[2, 3], [4]], debts: [1, 0] });
    expect(situationOf(state, 0)).toBeNull();
    expect(situationOf(state, 1)).toMatchObject({ phase: "turn", shelves: [[2, 3], [4]], debts: [1, 0], offer: null });
  });

  it("gives an offer to the player who answers it, and a turn once he has taken it", () => {
    const state = inPhase("offer", { offer: { kind: "foul", player: 1 } });
    expect(situationOf(state, 0)).toBeNull();
    expect(situationOf(state, 1)).toMatchObject({ phase: "offer", offer: "foul" });
    expect(situationOf({ ...state, offerTaken: true }, 1)).toMatchObject({ phase: "turn", offer: null });
  });

  it("has nothing to decide while the seats fill, in a draw or after the finish", () => {
    expect(situationOf(inPhase("waiting"), 1)).toBeNull();
    expect(situationOf(inPhase("draw"), 1)).toBeNull();
    expect(situationOf(inPhase("finished", { winner: 0, end: "eight" }), 1)).toBeNull();
  });
});

describe("the decision as the table's message", () => {
  it("carries the shot number, the stroke as played, the call and the place; the aim the same without the number", () => {
    const stroke = { cue: 1, angle: 12.5, speed: 3, offset: { x: 0, y: -0.2 } };
    const decision: ShotDecision = {
      type: "shot",
      shotNumber: 17,
      stroke,
      intended: { ...stroke, angle: 12.4 },
      call: [{ ball: 5, pocket: "FL", way: "direct" }],
      place: { x: -1.1, y: 0.2 },
      kind: "pot",
      expected: { success: 0.9 },
      stats: { candidates: 3, simulations: 9 },
    };
    expect(shotMessageOf(decision)).toEqual({
      shotNumber: 17,
      stroke,
      call: [{ ball: 5, pocket: "FL", way: "direct" }],
      place: { x: -1.1, y: 0.2 },
    });
    expect(aimMessageOf(decision)).toEqual({
      stroke,
      call: [{ ball: 5, pocket: "FL", way: "direct" }],
      place: { x: -1.1, y: 0.2 },
    });
    const { place: _place, ...withoutPlace } = decision;
    expect(shotMessageOf(withoutPlace)).not.toHaveProperty("place");
    expect(
      lagMessageOf({
        type: "lag",
        place: { x: -1.2, y: 0.4 },
        angle: 0.01,
        speed: 2.3,
        kind: "lag",
        expected: { success: 1 },
        stats: { candidates: 1, simulations: 1 },
      }),
    ).toEqual({ place: { x: -1.2, y: 0.4 }, angle: 0.01, speed: 2.3 });
  });
});
