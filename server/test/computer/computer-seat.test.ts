import {
  aimMessageOf,
  type ComputerAction,
  ComputerSeat,
  type Decider,
  type Decision,
  decide,
  fallbackDecision,
  type LagDecision,
  LEVELS,
  reducedLevel,
  type ShotDecision,
  type Situation,
  shotMessageOf,
  situationOf,
} from "@habibka/shared/computer";
import type { MatchState } from "@habibka/shared/match";
import { answerOffer, playLag, playShot, stepMatch } from "@habibka/shared/pipeline";
import type { AimMessage } from "@habibka/shared/protocol";
import { startedMatch } from "@habibka/shared/testing/started-match";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";
import type { Handled } from "../../src/table/refusals.ts";

/**
 * The computer's seat on its own, at a table of the test's making: a real match moved by the shared pipeline,
 * a decider the test controls, and no pauses. What it plays is read from the actions the table received.
 */

const QUICK = reducedLevel(LEVELS.novice, 0.5);

interface TestTable {
  match: MatchState;
  readonly actions: ComputerAction[];
  readonly aims: AimMessage[];
  /** Answers every action with this refusal instead of playing it. */
  refuse: Handled;
}

function played(match: MatchState, action: ComputerAction): MatchState {
  const result =
    action.type === "lag"
      ? playLag(match, 1, action.message)
      : action.type === "shot"
        ? playShot(match, 1, action.message)
        : action.type === "answer"
          ? answerOffer(match, 1, action.message)
          : stepMatch(match, { type: "rematch", player: 1 });
  if (!result.ok) throw new Error(`the pipeline refused the computer's ${action.type}: ${result.error.message}`);
  return result.value.state;
}

function seatAt(match: MatchState, decider: Decider, deadlineMs?: number) {
  const table: TestTable = { match, actions: [], aims: [], refuse: undefined };
  const seat = new ComputerSeat({
    seat: 1,
    level: "novice",
    decider,
    logger: createLogger("silent"),
    code: "000000",
    thinkScale: 0,
    ...(deadlineMs ? { deadlineMs } : {}),
    table: {
      match: () => table.match,
      matchId: () => "match",
      seed: () => 7,
      animating: () => false,
      aim: (message) => {
        table.aims.push(message);
        return undefined;
      },
      act: async (action) => {
        table.actions.push(action);
        if (table.refuse) return table.refuse;
        table.match = played(table.match, action);
        return undefined;
      },
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
  });
  return { seat, table };
}

/** A decider whose answers the test hands out, one per call. */
function heldDecider() {
  const calls: { situation: Situation; answer: (decision: Decision) => void }[] = [];
  const decider: Decider = {
    decide: (situation) => new Promise((resolve) => calls.push({ situation, answer: resolve })),
  };
  return { calls, decider };
}

const realDecider: Decider = { decide: async (situation, _level, seed) => decide(situation, QUICK, seed) };
const lagMatch = () => startedMatch({ opening: "lag", seed: 3 });

/** A match whose opening shot is seat 1's (the draw chose it). */
function openingForSeat1(): MatchState {
  for (let seed = 1; ; seed++) {
    const match = startedMatch({ opening: "draw", seed });
    if (match.player === 1) return match;
  }
}

describe("the computer's seat", () => {
  it("plays the lag its search decides", async () => {
    const { seat, table } = seatAt(lagMatch(), realDecider);
    seat.poke();
    await seat.settled();
    expect(table.actions).toHaveLength(1);
    expect(table.actions[0]).toMatchObject({ type: "lag", message: { place: { y: -0.4 } } });
    expect(table.match.lagShots[1]).not.toBeNull();
  });

  it("shows its aim swinging onto the line, then plays exactly the shot it showed last", async () => {
    const { seat, table } = seatAt(openingForSeat1(), realDecider);
    seat.poke();
    await seat.settled();
    const shot = table.actions.find((a) => a.type === "shot");
    expect(shot).toBeDefined();
    const message = shot!.type === "shot" ? shot!.message : null;
    expect(table.aims.length).toBeGreaterThan(1);
    const { shotNumber: _n, ...aimed } = message!;
    expect(table.aims.at(-1)).toEqual(aimed);
    expect(new Set(table.aims.map((a) => a.stroke.angle)).size).toBe(table.aims.length);
    expect(table.match.phase).not.toBe("opening");
  });

  it("plays the plain fallback when its search fails, and when it does not answer in time", async () => {
    const failing: Decider = { decide: () => Promise.reject(new Error("broken")) };
    const silent: Decider = { decide: () => new Promise(() => undefined) };
    for (const decider of [failing, silent]) {
      const { seat, table } = seatAt(lagMatch(), decider, 20);
      seat.poke();
      await seat.settled();
      const fallback = fallbackDecision(situationOf(lagMatch(), 1)!) as LagDecision;
      expect(table.actions).toEqual([
        { type: "lag", message: { place: fallback.place, angle: fallback.angle, speed: fallback.speed } },
      ]);
    }
  });

  it("drops a decision the match has moved past", async () => {
    const { calls, decider } = heldDecider();
    const { seat, table } = seatAt(lagMatch(), decider);
    seat.poke();
    await until(() => calls.length === 1);
    const resigned = stepMatch(table.match, { type: "resign", shot: table.match.shotNumber, player: 0 });
    if (!resigned.ok) throw new Error(resigned.error.message);
    table.match = resigned.value.state;
    calls[0]!.answer(decide(calls[0]!.situation, QUICK, 1));
    await seat.settled();
    expect(table.actions).toEqual([]);
  });

  it("plays nothing once stopped", async () => {
    const { calls, decider } = heldDecider();
    const { seat, table } = seatAt(lagMatch(), decider);
    seat.poke();
    await until(() => calls.length === 1);
    seat.stop();
    calls[0]!.answer(decide(calls[0]!.situation, QUICK, 1));
    await seat.settled();
    seat.poke();
    await seat.settled();
    expect(table.actions).toEqual([]);
  });

  it("after a refusal plays the fallback once, then waits for the match to move on", async () => {
    const { seat, table } = seatAt(lagMatch(), realDecider);
    table.refuse = { type: "lag", code: "lag-wrong-side", message: "refused by the test" };
    seat.poke();
    await seat.settled();
    seat.poke();
    await seat.settled();
    const fallback = fallbackDecision(situationOf(lagMatch(), 1)!) as LagDecision;
    expect(table.actions).toHaveLength(2);
    expect(table.actions[1]).toEqual({
      type: "lag",
      message: { place: fallback.place, angle: fallback.angle, speed: fallback.speed },
    });
  });

  it("agrees to a rematch the other player asked for, and asks for none itself", async () => {
    const finished = (() => {
      const resigned = stepMatch(lagMatch(), { type: "resign", shot: 1, player: 1 });
      if (!resigned.ok) throw new Error(resigned.error.message);
      return resigned.value.state;
    })();
    const alone = seatAt(finished, realDecider);
    alone.seat.poke();
    await alone.seat.settled();
    expect(alone.table.actions).toEqual([]);

    const asked = stepMatch(finished, { type: "rematch", player: 0 });
    if (!asked.ok) throw new Error(asked.error.message);
    const { seat, table } = seatAt(asked.value.state, realDecider);
    seat.poke();
    await seat.settled();
    expect(table.actions).toEqual([{ type: "rematch" }]);
  });

  it("takes an offer and plays the shot its decision carries", async () => {
    const opening = openingForSeat1();
    const offered: MatchState = {
      ...opening,
      phase: "offer",
      offer: { kind: "bonus", player: 1 },
      inHand: null,
      table: [...opening.table, { id: opening.inHand!, x: -1.2, y: 0.1 }],
    };
    let carried: ShotDecision | null = null;
    const taking: Decider = {
      decide: async (situation, _level, seed) => {
        const shot = decide({ ...situation, phase: "turn", offer: null }, QUICK, seed) as ShotDecision;
        carried = shot;
        return {
          type: "take",
          shotNumber: situation.shotNumber,
          shot,
          kind: "take",
          expected: shot.expected,
          stats: shot.stats,
        };
      },
    };
    const { seat, table } = seatAt(offered, taking);
    seat.poke();
    await seat.settled();
    expect(table.actions).toEqual([
      { type: "answer", message: { shotNumber: offered.shotNumber, accept: true } },
      { type: "shot", message: shotMessageOf(carried!) },
    ]);
    expect(table.aims.at(-1)).toEqual(aimMessageOf(carried!));
  });
});

/** Resolves once the condition holds, checking after each turn of the event loop (bounded). */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 10_000 && !condition(); i++) await new Promise((resolve) => setImmediate(resolve));
  if (!condition()) throw new Error("the condition never held");
}
