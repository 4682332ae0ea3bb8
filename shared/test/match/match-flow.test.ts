import { describe, expect, it } from "vitest";
import type { MatchAction, PhysicsResult, ShotAction } from "../../src/match/actions.ts";
import { applyAction, foldActions, prepareShot } from "../../src/match/apply-action.ts";
import { createMatch, type MatchState, openMatch, type Phase } from "../../src/match/match-state.ts";
import { MATCH_FLOW } from "../../src/match/phases.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { HALF_LENGTH } from "../../src/table/dimensions.ts";
import { cushion, hit, pocket, R, shelvesFor, shot, strike, TABLE } from "../rules/helpers.ts";

/** A mid-game state for tests: TABLE with the given shelves, player 0 to move. */
function midGame(overrides: Partial<MatchState> = {}): MatchState {
  return {
    ...createMatch(),
    phase: "turn",
    player: 0,
    shotNumber: 10,
    table: TABLE,
    inHand: null,
    shelves: shelvesFor(TABLE, [5, 5]),
    ...overrides,
  };
}

function physics(events: ShotEvent[], table: readonly BallPosition[] = TABLE): PhysicsResult {
  const gone = new Set(events.flatMap((e) => (e.type === "pocket" || e.type === "off-table" ? [e.ball] : [])));
  return { events, rest: table.filter((b) => !gone.has(b.id)) };
}

function shotAction(state: MatchState, events: ShotEvent[], extra: Partial<ShotAction> = {}): ShotAction {
  return {
    type: "shot",
    player: state.player,
    shot: state.shotNumber,
    stroke: { cue: 7, angle: 0, speed: 2 },
    result: physics(events, state.table),
    ...extra,
  };
}

function must(state: MatchState, action: MatchAction) {
  const out = applyAction(state, action);
  if (!out.ok) throw new Error(`${out.error.code}: ${out.error.message}`);
  return out.value;
}

function refused(state: MatchState, action: MatchAction) {
  const out = applyAction(state, action);
  expect(out.ok).toBe(false);
  return out.ok ? "" : out.error.code;
}

const safety = shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F"));
const foul = shot(strike(7), hit(7, 3), cushion(3, "LF"));
const bank = (ball: number) => shot(strike(7), hit(7, ball), cushion(ball, "RF"), pocket(ball, "FL"));

const sample: Record<MatchAction["type"], (s: MatchState) => MatchAction> = {
  sit: () => ({ type: "sit", player: 0, name: "Anna", token: "hash" }),
  leave: () => ({ type: "leave", player: 0 }),
  lag: () => ({ type: "lag", player: 0, place: { x: -1.3, y: 0.3 }, angle: 0, speed: 2 }),
  draw: (s) => ({ type: "draw", shot: s.shotNumber, source: { value: 0.1 } }),
  shot: (s) => shotAction(s, safety),
  take: (s) => ({ type: "take", shot: s.shotNumber, player: s.player }),
  pass: (s) => ({ type: "pass", shot: s.shotNumber, player: s.player }),
  clock: (s) => ({ type: "clock", shot: s.shotNumber }),
  resign: (s) => ({ type: "resign", shot: s.shotNumber, player: 0 }),
  expire: () => ({ type: "expire", player: 0 }),
  rematch: () => ({ type: "rematch", player: 0 }),
};

describe("match flow declared as data – every phase accepts only its actions", () => {
  const states: Record<Phase, MatchState> = {
    waiting: openMatch(),
    lag: createMatch(),
    draw: createMatch({ opener: "draw" }),
    opening: { ...createMatch(), phase: "opening" },
    turn: midGame(),
    offer: midGame({ phase: "offer", offer: { kind: "bonus", player: 0 } }),
    finished: midGame({ phase: "finished", winner: 1, end: "resignation" }),
  };
  for (const phase of Object.keys(MATCH_FLOW) as Phase[]) {
    for (const type of Object.keys(sample) as MatchAction["type"][]) {
      if (MATCH_FLOW[phase].accepts.includes(type)) continue;
      const code = phase === "finished" ? "match-over" : "wrong-phase";
      it(`${phase} refuses ${type} with ${code}`, () => {
        expect(refused(states[phase], sample[type](states[phase]))).toBe(code);
      });
    }
  }

  it("the match state is plain JSON", () => {
    const s = midGame({ phase: "offer", offer: { kind: "foul", player: 1 } });
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });
});

describe("opening the match (clause 5, I21, I22)", () => {
  it("clause 5: a new match racks the pyramid with the apex ball in hand and the coloured ball on the centre", () => {
    const m = createMatch();
    expect(m.phase).toBe("lag");
    expect(m.table).toHaveLength(15);
    expect(m.inHand).toBe(1);
    expect(m.table.find((b) => b.id === 0)).toEqual({ id: 0, x: 0, y: 0 });
  });

  it("I21: the lag winner opens; a replayed lag stays in the lag phase", () => {
    const m = createMatch();
    const start = [
      { id: 1, x: -1.3, y: 0.3 },
      { id: 2, x: -1.3, y: -0.3 },
    ];
    // Each lag shot arrives on its own; the second carries the result of both, simulated together.
    const lagOf = (player: 0 | 1) => ({ type: "lag" as const, player, place: start[player]!, angle: 0, speed: 2 });
    const first = must(m, lagOf(0));
    expect(first.state.lagShots[0]).toEqual({ place: start[0], angle: 0, speed: 2 });
    expect(first.lag).toBeUndefined();
    const replay = must(first.state, { ...lagOf(1), result: { events: [], rest: start } });
    expect(replay.state.phase).toBe("lag");
    expect(replay.state.lagReplays).toBe(1);
    expect(replay.state.shotNumber).toBe(2);
    const events = shot(
      strike(1),
      strike(2),
      cushion(1, "F", { at: [HALF_LENGTH - R, 0.3] }),
      cushion(2, "F", { at: [HALF_LENGTH - R, -0.3] }),
    );
    const again = must(replay.state, lagOf(0));
    const won = must(again.state, {
      ...lagOf(1),
      result: {
        events,
        rest: [
          { id: 1, x: -1.2, y: 0.3 },
          { id: 2, x: -1.7, y: -0.3 },
        ],
      },
    });
    expect(won.state.phase).toBe("opening");
    expect(won.state.player).toBe(1);
    expect(won.lag?.winner).toBe(1);
  });

  it("I21: a random draw decides the opener from a seed or value", () => {
    const out = must(createMatch({ opener: "draw" }), { type: "draw", shot: 1, source: { value: 0.9 } });
    expect(out.state.phase).toBe("opening");
    expect(out.state.player).toBe(1);
    expect(refused(createMatch({ opener: "draw" }), { type: "draw", shot: 1, source: { value: 2 } })).toBe(
      "draw-invalid",
    );
  });

  const opening: MatchState = { ...createMatch(), phase: "opening", player: 0 };
  const place = { x: -1.3, y: 0.1 };
  const request = (extra: Partial<ShotAction> = {}): ShotAction => ({
    type: "shot",
    player: 0,
    shot: 1,
    stroke: { cue: 1, angle: 0, speed: 8 },
    place,
    result: { events: [], rest: [] },
    ...extra,
  });

  it.each<[string, Partial<ShotAction>, string]>([
    ["the wrong player", { player: 1 }, "not-your-turn"],
    ["a stale shot number", { shot: 0 }, "stale-shot"],
    ["a cue ball other than the one in hand", { stroke: { cue: 2, angle: 0, speed: 8 } }, "cue-not-in-hand"],
    ["no placement", { place: undefined }, "place-required"],
    ["a cue ball outside the house", { place: { x: -0.8, y: 0 } }, "opening-cue-not-in-house"],
    ["a cue ball on the house line (I3)", { place: { x: -HALF_LENGTH / 2, y: 0 } }, "opening-cue-not-in-house"],
    [
      "an unknown pocket in the call",
      { call: [{ ball: 2, pocket: "XX" as "FL", way: "direct" }] },
      "call-unknown-pocket",
    ],
    ["a speed out of range", { stroke: { cue: 1, angle: 0, speed: 0 } }, "stroke-invalid-speed"],
  ])("I22: the opening shot refuses %s", (_name, extra, code) => {
    expect(refused(opening, request(extra))).toBe(code);
  });

  it("I22: the opening shot refuses a ball in hand placed on another ball", () => {
    const crowded = { ...opening, table: [...opening.table, { id: 99, x: -1.3, y: 0.1 + R }] };
    expect(refused(crowded, request())).toBe("placement-overlaps");
  });

  it("I22: prepareShot gives the table to simulate, with the ball in hand placed", () => {
    const setup = prepareShot(opening, request());
    expect(setup.ok && setup.value.table.find((b) => b.id === 1)).toEqual({ id: 1, ...place });
    expect(setup.ok && setup.value.opening).toBe(true);
  });

  it("clause 5: the opening shot is an ordinary shot; an uncalled ball that drops is spotted", () => {
    const events = shot(strike(1), hit(1, 2), pocket(2, "FL"));
    const rest = [...opening.table.filter((b) => b.id !== 2), { id: 1, ...place }];
    const out = must(opening, request({ result: { events, rest } }));
    expect(out.verdict?.counted).toEqual([]);
    expect(out.verdict?.spotted).toEqual([2]);
    expect(out.state.inHand).toBeNull();
    expect(out.state.phase).toBe("turn");
    expect(out.state.player).toBe(1);
    expect(out.state.shotNumber).toBe(2);
    expect(out.state.table).toHaveLength(16);
  });
});

describe("turns, offers and the finish (clauses 2, 9, 16, I13, I16)", () => {
  it("clause 9: after a fair shot the turn passes and the shot number grows", () => {
    const out = must(midGame(), shotAction(midGame(), safety));
    expect(out.state.phase).toBe("turn");
    expect(out.state.player).toBe(1);
    expect(out.state.shotNumber).toBe(11);
  });

  it("refuses a shot by the wrong player, a stale shot number and a cue ball not on the table", () => {
    const m = midGame();
    expect(refused(m, shotAction(m, safety, { player: 1 }))).toBe("not-your-turn");
    expect(refused(m, shotAction(m, safety, { shot: 9 }))).toBe("stale-shot");
    expect(refused(m, shotAction(m, safety, { stroke: { cue: 4, angle: 0, speed: 1 } }))).toBe("cue-ball-not-on-table");
    expect(refused(m, shotAction(m, safety, { place: { x: -1.5, y: 0 } }))).toBe("place-not-allowed");
    expect(refused(m, { type: "pass", shot: 10, player: 0 })).toBe("wrong-phase");
  });

  it("I7: naming the coloured ball as the cue ball is accepted and judged a foul", () => {
    const m = midGame();
    const out = must(m, shotAction(m, shot(strike(0), hit(0, 3)), { stroke: { cue: 0, angle: 0, speed: 1 } }));
    expect(out.verdict?.reasons).toContain("cue-struck-coloured");
  });

  it("clause 9, I13: bonus shots chain, then declining hands the turn to the opponent", () => {
    const m = midGame();
    const first = must(m, shotAction(m, bank(3), { call: [{ ball: 3, pocket: "FL", way: "bank" }] }));
    expect(first.state.phase).toBe("offer");
    expect(first.state.offer).toEqual({ kind: "bonus", player: 0 });
    expect(first.state.player).toBe(0);
    const second = must(
      first.state,
      shotAction(first.state, bank(5), { call: [{ ball: 5, pocket: "FL", way: "bank" }] }),
    );
    expect(second.state.offer).toEqual({ kind: "bonus", player: 0 });
    expect(second.state.shelves[0].slice(-2)).toEqual([3, 5]);
    expect(refused(second.state, { type: "pass", shot: second.state.shotNumber, player: 1 })).toBe("not-your-turn");
    const declined = must(second.state, { type: "pass", shot: second.state.shotNumber, player: 0 });
    expect(declined.state.phase).toBe("turn");
    expect(declined.state.player).toBe(1);
    expect(declined.state.offer).toBeNull();
  });

  it("clause 16, I16: after a foul the opponent may make the offender continue", () => {
    const m = midGame();
    const fouled = must(m, shotAction(m, foul));
    expect(fouled.state.phase).toBe("offer");
    expect(fouled.state.offer).toEqual({ kind: "foul", player: 1 });
    expect(fouled.state.shelves[0]).toHaveLength(4);
    const passed = must(fouled.state, { type: "pass", shot: fouled.state.shotNumber, player: 1 });
    expect(passed.state.phase).toBe("turn");
    expect(passed.state.player).toBe(0);
    // The offender must now shoot: he cannot pass it back.
    expect(refused(passed.state, { type: "pass", shot: passed.state.shotNumber, player: 0 })).toBe("wrong-phase");
    const again = must(passed.state, shotAction(passed.state, safety));
    expect(again.state.player).toBe(1);
  });

  it("clause 16: the opponent may instead simply play after a foul", () => {
    const fouled = must(midGame(), shotAction(midGame(), foul)).state;
    const out = must(
      fouled,
      shotAction(fouled, shot(strike(9), hit(9, 3), cushion(3, "LF"), cushion(3, "F")), {
        stroke: { cue: 9, angle: 0, speed: 2 },
      }),
    );
    expect(out.state.player).toBe(0);
    expect(out.verdict?.foul).toBe(false);
  });

  it("clause 2: the eighth ball on the shelf wins the match", () => {
    const m = midGame({ shelves: shelvesFor(TABLE, [7, 3]) });
    const out = must(m, shotAction(m, bank(3), { call: [{ ball: 3, pocket: "FL", way: "bank" }] }));
    expect(out.state.phase).toBe("finished");
    expect(out.state.winner).toBe(0);
    expect(out.state.end).toBe("eight");
    expect(refused(out.state, shotAction(out.state, safety))).toBe("match-over");
  });

  it("resignation ends the match in any phase, the opponent winning", () => {
    for (const state of [createMatch(), midGame(), midGame({ phase: "offer", offer: { kind: "foul", player: 0 } })]) {
      const out = must(state, { type: "resign", shot: state.shotNumber, player: 0 });
      expect(out.state.phase).toBe("finished");
      expect(out.state.winner).toBe(1);
      expect(out.state.end).toBe("resignation");
    }
  });

  it("clause 12: the state records last-ball play after a shot leaves one white ball at 7:7", () => {
    const table = [
      { id: 0, x: 0, y: 0 },
      { id: 7, x: -1, y: 0.3 },
      { id: 3, x: 1.2, y: 0.5 },
    ];
    const m = midGame({ table, shelves: shelvesFor(table, [6, 7]) });
    const out = must(m, shotAction(m, bank(3), { call: [{ ball: 3, pocket: "FL", way: "direct" }] }));
    expect(out.state.lastBall).toBe(false);
    const direct = shot(strike(7), hit(7, 3), pocket(3, "FL"));
    const scored = must(m, shotAction(m, direct, { call: [{ ball: 3, pocket: "FL", way: "direct" }] }));
    expect(scored.state.lastBall).toBe(true);
    // In last-ball play the coloured ball may be called.
    const next = scored.state;
    const call = prepareShot(next, {
      type: "shot",
      player: next.player,
      shot: next.shotNumber,
      stroke: { cue: 7, angle: 0, speed: 1 },
      call: [{ ball: 0, pocket: "ML", way: "direct" }],
    });
    expect(call.ok).toBe(true);
  });

  it("the match is the fold of its actions (foldActions)", () => {
    const m = midGame();
    const a1 = shotAction(m, foul);
    const s1 = must(m, a1).state;
    const a2: MatchAction = { type: "pass", shot: s1.shotNumber, player: 1 };
    const s2 = must(s1, a2).state;
    expect(foldActions(m, [a1, a2])).toEqual({ ok: true, value: s2 });
    expect(foldActions(m, [a1, a1]).ok).toBe(false);
  });
});
