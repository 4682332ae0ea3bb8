import type { PlayerIndex } from "@habibka/shared/rules";
import { describe, expect, it } from "vitest";
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzStill,
  type Judge,
  numberOf,
  refused,
  SILENT,
  SKIP,
  seatOf,
  strikeLimitHolds,
  withFuzzServer,
} from "./support/fuzz-table.ts";
import { findBonusShot } from "./support/pottable-shot.ts";
import { shooterView } from "./support/scripted-match.ts";
import { missStroke, playOneShot } from "./support/short-match.ts";
import { eventually } from "./support/test-server.ts";

/**
 * The phase fuzz (support/fuzz-table.ts) while an offer waits for its answer: a foul's and a bonus shot's.
 * Every refused message gets its specific `error`, the synced state does not change, no connection is
 * dropped short of the strike limit, and the offer can still be passed or taken.
 */

/**
 * While an offer waits: the seat it is offered to may answer it, shoot (which takes it), aim or resign, all
 * with the current shot number; anything else from it, and every action of the other seat, is refused.
 */
function offerJudge(answerer: PlayerIndex, current: number): Judge {
  return (seat, type, message) => {
    const mine = seat === answerer;
    switch (type) {
      case "shot":
      case "answer":
        // The match checks whose turn it is before the number (shared/src/match/apply-action.ts).
        if (!mine) return refused("not-your-turn");
        return numberOf(message) === current ? SKIP : refused("stale-shot");
      case "aim":
        return mine ? SILENT : refused("not-your-turn");
      case "seen":
        return SILENT;
      case "resign":
        return SKIP;
      case "lag":
      case "rematch":
        return refused("wrong-phase");
    }
  };
}

describe("fuzzing an offer waiting for its answer", { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  const fuzz = withFuzzServer({
    name: "offer",
    server: { seed: () => 11, animationScale: 0.01 },
    // Public, so its shot clock runs (90 s, far longer than the fuzz) and the comparison must look past it.
    pair: { visibility: "public", shotClock: 90 },
  });
  const players = () => [seatOf(fuzz.table, 0), seatOf(fuzz.table, 1)] as const;
  const state = () => seatOf(fuzz.table, 0).state;

  it("refuses random payloads during a foul offer, and the offer can still be passed", async () => {
    const { table, tally } = fuzz;
    // After the opening the seat to move misses: a foul, and the other seat may play on or make the
    // offender continue (clause 16).
    await playOneShot(players(), false);
    const offender = state().toMove as PlayerIndex;
    const mover = seatOf(table, offender);
    const missed = state().shotNumber;
    mover.send("shot", { shotNumber: missed, stroke: missStroke(mover.state), call: [] });
    await eventually(() => state().shotNumber > missed && !state().animating, "the miss judged and shown");
    expect(state()).toMatchObject({ phase: "play", offer: "foul", toMove: 1 - offender });
    expect(state().clockLeftMs).toBeGreaterThan(0);

    const answerer = state().toMove as PlayerIndex;
    const current = state().shotNumber;
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: offerJudge(answerer, current), runs: 60, seed: 1 },
      tally,
    );
    await strikeLimitHolds(table);

    // Passed back, the offender must play on.
    const taker = seatOf(table, answerer);
    taker.send("answer", { shotNumber: current, accept: false });
    await eventually(() => state().offer === "" && state().toMove === offender, "the pass");
    expect(taker.actions.at(-1)).toEqual({ kind: "pass", seat: answerer, shotNumber: current, offer: "foul" });
    expect(state().shotNumber).toBe(current);
  });

  it("refuses random payloads during a bonus offer, and the offer can still be taken", async () => {
    const { table, tally } = fuzz;
    // Two balls down in one fair shot earn the striker a bonus shot (clause 9): the seat to move looks for a
    // stroke that does it, and if this table has none, plays on and looks again.
    for (let i = 0; i < 6 && state().offer !== "bonus"; i++) {
      const seat = state().toMove as PlayerIndex;
      const striker = seatOf(table, seat);
      const planned = striker.state.offer === "" ? findBonusShot(shooterView(striker.state, seat)) : null;
      if (!planned) {
        await playOneShot(players(), false);
        continue;
      }
      const number = striker.state.shotNumber;
      striker.send("shot", { shotNumber: number, stroke: planned.stroke, call: planned.call });
      await eventually(() => state().shotNumber > number && !state().animating, "the two-ball shot judged");
    }
    expect(state()).toMatchObject({ phase: "play", offer: "bonus" });

    const answerer = state().toMove as PlayerIndex;
    const current = state().shotNumber;
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: offerJudge(answerer, current), runs: 60, seed: 2 },
      tally,
    );

    // Taken, the offer is the striker's turn, and his shot is played.
    const striker = seatOf(table, answerer);
    striker.send("answer", { shotNumber: current, accept: true });
    await eventually(() => state().offer === "" && striker.actions.some((a) => a.kind === "take"), "the take");
    expect(striker.actions.at(-1)).toEqual({ kind: "take", seat: answerer, shotNumber: current, offer: "bonus" });
    expect(state().toMove).toBe(answerer);
    striker.send("shot", { shotNumber: current, stroke: missStroke(striker.state), call: [] });
    await eventually(() => state().shotNumber === current + 1, "the bonus shot played");
  });
});
