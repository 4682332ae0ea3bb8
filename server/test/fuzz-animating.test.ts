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
  send,
  strikeLimitHolds,
  Tally,
  withFuzzServer,
} from "./support/fuzz-table.ts";
import { openingShot } from "./support/opening-shot.ts";
import { missStroke } from "./support/short-match.ts";
import { serverState } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/**
 * The phase fuzz (support/fuzz-table.ts) while a shot still animates: every refused message gets its
 * specific `error`, the synced state does not change, no connection is dropped short of the strike limit,
 * and the animation still ends with the waited-for seat's `seen`.
 */

/**
 * While a shot animates nothing is played: shots and answers are refused as `animating`; the seat to act
 * may aim, and its `seen` of the current shot ends the animation; anybody else's `seen` changes nothing.
 */
function animatingJudge(waitedFor: PlayerIndex, current: number): Judge {
  return (seat, type, message) => {
    const mine = seat === waitedFor;
    switch (type) {
      case "shot":
      case "answer":
        return refused("animating");
      case "aim":
        return mine ? SILENT : refused("not-your-turn");
      case "seen":
        return mine && numberOf(message) === current ? SKIP : SILENT;
      case "resign":
        return SKIP;
      case "lag":
      case "rematch":
        return refused("wrong-phase");
    }
  };
}

/** The animation runs ten thousand times its length: hours, so only a `seen` ends it, however slow the fuzz. */
const ANIMATION_SCALE = 10_000;

describe("fuzzing a shot while it animates", { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  const fuzz = withFuzzServer({ name: "animating", server: { seed: () => 23, animationScale: ANIMATION_SCALE } });

  it("refuses random payloads while the opening shot animates, and the animation still ends with `seen`", async () => {
    const { table, tally } = fuzz;
    const { mover, message } = openingShot({ a: seatOf(table, 0), b: seatOf(table, 1) });
    mover.send("shot", message);
    await eventually(
      () => serverState(table.code).animating === true && mover.shots.length > 0,
      "the opening shot animating",
    );
    const state = () => serverState(table.code);
    const current = state().shotNumber as number;
    const waitedFor = state().toMove as PlayerIndex;

    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: animatingJudge(waitedFor, current), runs: 100, seed: 3 },
      tally,
    );
    await strikeLimitHolds(table);
    expect(state().animating).toBe(true);

    // The other seat's `seen` of this very shot does not end it (a barrier shows it was handled) ...
    const other = seatOf(table, (1 - waitedFor) as PlayerIndex);
    other.send("seen", { shotNumber: current });
    await send(other, [], new Tally());
    expect(state().animating).toBe(true);
    // ... the waited-for seat's does, and the table plays on.
    const next = seatOf(table, waitedFor);
    next.send("seen", { shotNumber: current });
    await eventually(() => state().animating === false && next.state.animating === false, "the animation ended");
    if (state().offer !== "") {
      next.send("answer", { shotNumber: current, accept: true });
      await eventually(() => state().offer === "", "the offer taken after the animation");
    } else {
      next.send("shot", { shotNumber: current, stroke: missStroke(next.state), call: [] });
      await eventually(() => state().shotNumber === current + 1, "the next shot played after the animation");
    }
  });
});
