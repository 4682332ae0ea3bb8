import type { ComputerLevel, MatchRecord, TableSettings } from "@habibka/shared/match";
import { afterAll, describe, expect, it } from "vitest";
import { COMMANDS } from "../src/table/commands.ts";
import { type BareTable, newBareTable, restoredBareTable } from "./support/bare-table.ts";
import { eventually } from "./support/test-server.ts";

/**
 * Every prefix of a record restores into a table that goes on: matches of the computer against itself (the
 * person's seat driven by the same search), at every pairing of its levels, cut after every action; the
 * table restored from each prefix must take the very next action the uncut match took (the draw, the
 * computer's move, a rematch's first seat), or wait for the other seat exactly where the uncut match waited.
 * Each match is played for a bounded number of actions, then resigned and replayed as a rematch, so the
 * prefixes include right after the second sit, the draw, a turn of each seat, an offer, the finish and the
 * moment both asked for a rematch.
 */

const PAIRINGS: readonly [ComputerLevel, ComputerLevel][] = [
  ["novice", "novice"],
  ["novice", "amateur"],
  ["novice", "master"],
  ["amateur", "amateur"],
  ["amateur", "master"],
  ["master", "master"],
];
/** Actions of the first match before the person resigns, and of the rematch after it. */
const FIRST_MATCH_ACTIONS = 14;
const REMATCH_ACTIONS = 6;

const settingsOf = (level: ComputerLevel, opening: "lag" | "draw", shotClock: 0 | 30): TableSettings => ({
  visibility: "private",
  opening,
  shotClock,
  seatHoldSeconds: 180,
  spectatorCap: 10,
  opponent: "computer",
  level,
});

/** An action the test itself took for the person (his join, his resignation, his request for a rematch). */
function isTheTests(action: MatchRecord["actions"][number]["action"]): boolean {
  const player = "player" in action ? action.player : undefined;
  return action.type === "resign" || ((action.type === "sit" || action.type === "rematch") && player === 0);
}

/** The actions of a record without their times: what two tables must agree on. */
const actionsOf = (record: MatchRecord | null) => (record?.actions ?? []).map((entry) => entry.action);

async function recordOf(bare: BareTable, matchId: string): Promise<MatchRecord> {
  const record = await bare.records.loadRecord(matchId);
  if (!record) throw new Error(`no record ${matchId}`);
  return record;
}

/** Plays the uncut match: a few actions, the person resigns, both ask for a rematch, a few more. */
async function playUncut(person: ComputerLevel, computer: ComputerLevel, seed: number, opening: "lag" | "draw") {
  const bare = await newBareTable(settingsOf(computer, opening, 0), seed);
  try {
    bare.drive(0, person);
    const first = bare.table.matchId;
    const length = async () => (await recordOf(bare, first)).actions.length;
    await eventually(async () => (await length()) >= FIRST_MATCH_ACTIONS, "the first match's actions", 120_000);
    // The drivers stop for the finish: the resignation and the rematch request are the test's.
    await bare.table.queue(() => undefined);
    const resigned = await bare.table.run(COMMANDS.resign, { seat: 0 }, {});
    expect(resigned).toBeUndefined();
    await bare.table.run(COMMANDS.rematch, { seat: 0 }, {});
    await eventually(() => bare.table.matchId !== first, "the rematch's new match (the computer agrees)", 30_000);
    const second = bare.table.matchId;
    await eventually(
      async () => (await recordOf(bare, second)).actions.length >= REMATCH_ACTIONS,
      "the rematch's actions",
      120_000,
    );
    await bare.table.settled();
    const records = { first: await recordOf(bare, first), second: await recordOf(bare, second) };
    await bare.close();
    return records;
  } catch (cause) {
    await bare.close();
    throw cause;
  }
}

describe("every prefix of a record restores into a table that goes on", () => {
  const open: BareTable[] = [];
  afterAll(async () => {
    for (const bare of open) await bare.close().catch(() => undefined);
  });

  for (const [index, [person, computer]] of PAIRINGS.entries()) {
    const opening = index % 2 === 0 ? "draw" : "lag";
    it(`${person} against ${computer} (${opening}): each cut takes the uncut match's next action`, async () => {
      const seed = 20_261_201 + index;
      const uncut = await playUncut(person, computer, seed, opening);
      const firstActions = actionsOf(uncut.first);
      // The first match ends with the person's resignation and both requests for the rematch.
      expect(firstActions.at(-1)).toMatchObject({ type: "rematch" });
      let cuts = 0;
      for (let cut = 1; cut < uncut.first.actions.length; cut++) {
        const prefix: MatchRecord = { header: uncut.first.header, actions: uncut.first.actions.slice(0, cut) };
        const next = firstActions[cut]!;
        // The person's seat, resignation and rematch request came from the test (a join, a command), not from a
        // driver: nobody at a restored table would take them, so there it only has to be where the uncut one was.
        const byTheTest = isTheTests(next);
        const restored = await restoredBareTable(prefix, seed);
        open.push(restored);
        if (!byTheTest) restored.drive(0, person);
        const matchId = prefix.header.matchId;
        if (byTheTest) {
          // Nobody takes the test's action here; the table keeps its record as it was, and may go on from it
          // (the computer's move that the uncut match's resignation came before, for one).
          await restored.table.settled();
          expect(actionsOf(await recordOf(restored, matchId)).slice(0, cut)).toEqual(firstActions.slice(0, cut));
        } else {
          await eventually(
            async () => (await recordOf(restored, matchId)).actions.length > cut,
            () => `the next action after cut ${cut} (${next.type})`,
            60_000,
          );
          expect(actionsOf(await recordOf(restored, matchId)).slice(0, cut + 1)).toEqual(
            firstActions.slice(0, cut + 1),
          );
        }
        await restored.close();
        open.pop();
        cuts++;
      }
      // Cut right after both asked for the rematch: the restored table starts the rematch itself.
      const agreed = await restoredBareTable(uncut.first, seed);
      open.push(agreed);
      await eventually(
        () => agreed.table.matchId !== uncut.first.header.matchId,
        "the rematch started after a restore",
      );
      await eventually(
        async () => (await recordOf(agreed, agreed.table.matchId)).actions.length >= 2,
        "both seats taken again in the rematch",
      );
      expect(actionsOf(await recordOf(agreed, agreed.table.matchId)).slice(0, 2)).toEqual(
        actionsOf(uncut.second).slice(0, 2),
      );
      await agreed.close();
      open.pop();
      expect(cuts).toBe(uncut.first.actions.length - 1);
      console.log(`${person} against ${computer}: ${cuts + 1} prefixes restored, each went on as the uncut match`);
      // The master's searches take seconds on a busy core: the bound is for the whole match and its cuts.
    }, 240_000);
  }

  it("a table restored on a turn with a shot clock runs the clock again, for the player to move", async () => {
    const bare = await newBareTable(settingsOf("novice", "draw", 30), 7);
    open.push(bare);
    await eventually(() => bare.table.match.phase === "opening", "the draw, then the opening shot's turn");
    await bare.table.settled();
    const record = await recordOf(bare, bare.table.matchId);
    await bare.close();
    open.pop();
    const restored = await restoredBareTable(record, 7);
    open.push(restored);
    expect(restored.table.match.phase).toBe("opening");
    await eventually(() => restored.port.state.clockLeftMs === 30_000, "the shot clock shown running");
    await restored.close();
    open.pop();
  });
});
