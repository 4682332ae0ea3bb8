import { beforeAll, describe, expect, it } from "vitest";
import {
  FUZZ_TEST_TIMEOUT_MS,
  fuzzStill,
  type Judge,
  refused,
  SILENT,
  SKIP,
  seatOf,
  strikeLimitHolds,
  withFuzzServer,
} from "./support/fuzz-table.ts";
import { playOneShot } from "./support/short-match.ts";
import { serverState } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/**
 * The phase fuzz (support/fuzz-table.ts) on a finished match, before and after a rematch request: every
 * refused message gets its specific `error`, the synced state does not change, no connection is dropped
 * short of the strike limit, and the rematch still starts.
 */

/**
 * After the finish only a rematch request counts, once per seat (the second seat's starts the rematch);
 * everything else of the match is refused, and an aim has nobody to move.
 */
function finishedJudge(asked: readonly [boolean, boolean]): Judge {
  return (seat, type) => {
    switch (type) {
      case "rematch":
        return asked[seat] ? refused("rematch-already-asked") : SKIP;
      case "aim":
        return refused("not-your-turn");
      case "answer":
        return refused("no-offer");
      case "seen":
        return SILENT;
      case "shot":
      case "resign":
        return refused("match-over");
      case "lag":
        return refused("wrong-phase");
    }
  };
}

describe("fuzzing a finished match", { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  const fuzz = withFuzzServer({ name: "finished", server: { seed: () => 37, animationScale: 0.01 } });
  const state = () => serverState(fuzz.table.code);

  beforeAll(async () => {
    const pair = [seatOf(fuzz.table, 0), seatOf(fuzz.table, 1)] as const;
    await playOneShot(pair, false);
    pair[1].send("resign", {});
    await eventually(() => pair[0].state.phase === "finished", "the resignation");
  });

  it("refuses random payloads after the finish, before anyone asks for a rematch", async () => {
    const { table, tally } = fuzz;
    expect(state()).toMatchObject({ phase: "finished", finishReason: "resignation", rematch: [false, false] });
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: finishedJudge([false, false]), runs: 60, seed: 4 },
      tally,
    );
    await strikeLimitHolds(table);
  });

  it("refuses random payloads once one seat asked for a rematch, and the rematch still starts", async () => {
    const { table, tally } = fuzz;
    const first = seatOf(table, 0);
    first.send("rematch", {});
    await eventually(() => (state().rematch as boolean[])[0] === true, "seat 0's rematch request");
    const matchId = state().matchId;
    await fuzzStill(
      table,
      { roles: ["spectator", 0, 1], judge: finishedJudge([true, false]), runs: 60, seed: 5 },
      tally,
    );
    expect(state()).toMatchObject({ phase: "finished", rematch: [true, false], matchId });

    seatOf(table, 1).send("rematch", {});
    await eventually(() => state().matchId !== matchId && state().phase === "opening", "the rematch, drawn");
    for (const seat of [0, 1] as const) {
      await eventually(() => seatOf(table, seat).state.phase === "opening", `seat ${seat} in the new match`);
    }
  });
});
