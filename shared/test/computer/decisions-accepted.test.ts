import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decide } from "../../src/computer/decide.ts";
import type { Decision, ShotDecision } from "../../src/computer/decision.ts";
import { fallbackDecision } from "../../src/computer/fallback-decision.ts";
import { LEVELS, reducedLevel } from "../../src/computer/levels.ts";
import { lagMessageOf, shotMessageOf, situationOf } from "../../src/computer/match-situation.ts";
import type { ShotRequest } from "../../src/match/actions.ts";
import { applyAction, prepareShot } from "../../src/match/apply-action.ts";
import { validateLagShot } from "../../src/match/lag.ts";
import type { MatchState } from "../../src/match/match-state.ts";
import { COMPUTER_LEVELS } from "../../src/match/opponent.ts";
import { simulate } from "../../src/physics/index.ts";
import { answerOffer, playLag } from "../../src/pipeline/table-pipeline.ts";
import { LagMessage, ShotMessage } from "../../src/protocol/client-messages.ts";
import { isLastBallPlay } from "../../src/rules/last-ball.ts";
import { type ActingPhase, arbitraryState } from "./arbitrary-situation.ts";

/**
 * Whatever the computer decides, the match flow accepts: the message passes the protocol's schema, the lag
 * passes `validateLagShot` and the pipeline's `playLag` (alone or completing the lag), a shot passes
 * `prepareShot` and, simulated, `applyAction`; a pass and a take are accepted answers to the offer. The search is scaled down so that the real simulator can run many cases.
 */

function expectShotAccepted(state: MatchState, decision: ShotDecision) {
  const message = shotMessageOf(decision);
  expect(ShotMessage.safeParse(message).success).toBe(true);
  const request: ShotRequest = {
    type: "shot",
    shot: message.shotNumber,
    player: state.player,
    stroke: message.stroke,
    call: message.call,
    ...(message.place ? { place: message.place } : {}),
  };
  const setup = prepareShot(state, request);
  if (!setup.ok) throw new Error(`prepareShot refused: ${setup.error.code} ${setup.error.message}`);
  const result = simulate({ balls: setup.value.table, strokes: [setup.value.stroke] });
  const applied = applyAction(state, { ...request, result: { events: result.events, rest: result.rest } });
  if (!applied.ok) throw new Error(`applyAction refused: ${applied.error.code} ${applied.error.message}`);
  expect(decision.expected.success).toBeGreaterThanOrEqual(0);
  expect(decision.expected.success).toBeLessThanOrEqual(1);
}

function expectAccepted(state: MatchState, decision: Decision) {
  switch (decision.type) {
    case "lag": {
      const message = lagMessageOf(decision);
      expect(LagMessage.safeParse(message).success).toBe(true);
      const checked = validateLagShot(state, state.player, message);
      if (!checked.ok) throw new Error(`validateLagShot refused: ${checked.error.message}`);
      const played = playLag(state, state.player, message);
      if (!played.ok) throw new Error(`playLag refused: ${played.error.message}`);
      return;
    }
    case "pass": {
      const passed = answerOffer(state, state.player, { shotNumber: decision.shotNumber, accept: false });
      if (!passed.ok) throw new Error(`pass refused: ${passed.error.message}`);
      return;
    }
    case "take": {
      const taken = answerOffer(state, state.player, { shotNumber: decision.shotNumber, accept: true });
      if (!taken.ok) throw new Error(`take refused: ${taken.error.message}`);
      expectShotAccepted(taken.value.state, decision.shot);
      return;
    }
    case "shot":
      expectShotAccepted(state, decision);
  }
}

const PHASES: readonly ActingPhase[] = ["lag", "opening", "turn", "offer"];

describe("every decision of the computer is accepted by the match flow (fast-check, seeded)", () => {
  for (const name of COMPUTER_LEVELS) {
    it(`${name}: lag, opening, turns, offers and last-ball play`, () => {
      const level = reducedLevel(LEVELS[name], 0.15);
      let lastBall = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          fc.constantFrom(...PHASES),
          fc.constantFrom(0 as const, 1 as const),
          fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 15 })),
          (seed, phase, player, whites) => {
            const state = arbitraryState(seed, phase, player, whites);
            if (isLastBallPlay(state.table, state.shelves) && (phase === "turn" || phase === "offer")) lastBall++;
            const situation = situationOf(state, player);
            if (!situation) throw new Error(`no situation for a ${phase} state`);
            expectAccepted(state, decide(situation, level, seed));
          },
        ),
        { seed: 20_261_214 + name.length, numRuns: 40 },
      );
      // Last-ball play must be among the cases for the property to cover it.
      expect(lastBall).toBeGreaterThan(3);
    }, 60_000);
  }

  it("master at full strength, a few cases of each phase", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...PHASES), (seed, phase) => {
        const state = arbitraryState(seed, phase, 1, 1 + (seed % 15));
        const situation = situationOf(state, 1)!;
        expectAccepted(state, decide(situation, "master", seed));
      }),
      { seed: 7, numRuns: 6 },
    );
  }, 60_000);

  it("the plain fallback a table plays when the search is lost: every phase, any table", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(...PHASES),
        fc.constantFrom(0 as const, 1 as const),
        fc.integer({ min: 1, max: 15 }),
        (seed, phase, player, whites) => {
          const state = arbitraryState(seed, phase, player, whites);
          const situation = situationOf(state, player);
          if (!situation) throw new Error(`no situation for a ${phase} state`);
          const decision = fallbackDecision(situation);
          const shot = decision.type === "take" ? decision.shot : decision;
          if (shot.type === "shot") expect(shot.kind).toBe("fallback");
          expectAccepted(state, decision);
        },
      ),
      { seed: 31, numRuns: 150 },
    );
  }, 60_000);
});
