import { COMPUTER_SEAT } from "@habibka/shared/match";
import type { PlayerIndex } from "@habibka/shared/rules";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  batch,
  connect,
  FUZZ_TEST_TIMEOUT_MS,
  type Judge,
  numberOf,
  probe,
  type RecordedAction,
  type Role,
  recordedActions,
  refused,
  SILENT,
  SKIP,
  seatOf,
  send,
  snapshot,
  strikeLimitHolds,
  type Table,
  withFuzzServer,
} from "./support/fuzz-table.ts";
import { type SeatMove, scriptedPerson, sendMove, situationFromState } from "./support/seat-player.ts";
import { missStroke } from "./support/short-match.ts";
import { createTable, serverState } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

/**
 * The phase fuzz (support/fuzz-table.ts) at a table where the computer thinks and plays meanwhile: every
 * message refused at any moment gets its specific `error`, only the computer's moves change the match, no
 * connection is dropped short of the strike limit, and the computer still plays on.
 */

/**
 * The person's messages while the computer plays: whose turn it is changes under the batch, so only what
 * is refused at any moment is counted on. A stale shot number stays stale (it only grows); an aim is
 * relayed or refused depending on the turn; a resignation, a shot or answer that may be current, and a
 * rematch request once the computer could win meanwhile are not sent. The match may end under a batch all
 * the same, which refuses the rest as `match-over`.
 */
function personJudge(current: number, endNear: boolean): Judge {
  return (_seat, type, message) => {
    switch (type) {
      case "shot":
        return numberOf(message) < current ? refused("animating", "not-your-turn", "stale-shot", "match-over") : SKIP;
      case "answer":
        return numberOf(message) < current
          ? refused("animating", "no-offer", "not-your-turn", "stale-shot", "match-over")
          : SKIP;
      case "aim":
        return { kind: "maybe", codes: ["not-your-turn"] };
      case "seen":
        return SILENT;
      case "resign":
        return SKIP;
      case "lag":
        return refused("wrong-phase", "match-over");
      case "rematch":
        return endNear ? SKIP : refused("wrong-phase");
    }
  };
}

/** Eight on a shelf win: from six, one shot may end the match. */
function nearTheEnd(state: Record<string, unknown>): boolean {
  const players = state.players as Record<string, { shelf: number[] }>;
  return state.phase === "finished" || Object.values(players).some((p) => p.shelf.length >= 6);
}

const PERSON = (1 - COMPUTER_SEAT) as PlayerIndex;

/** The person alone at a table against the novice computer, the lag drawn, until its opening. */
async function personAgainstComputer(url: string): Promise<Table> {
  const person = await createTable(url, { name: "Person", opponent: "computer", level: "novice", opening: "draw" });
  expect(person.welcome().seat).toBe(PERSON);
  const table: Table = { url, code: person.room.roomId, seats: [undefined, undefined] };
  table.seats[PERSON] = person;
  await eventually(() => person.state.phase === "opening", "the opening after the draw");
  return table;
}

describe("fuzzing a table against the computer while it plays", { timeout: FUZZ_TEST_TIMEOUT_MS }, () => {
  // The computer's pauses and animations a tenth and a twentieth of real time: it moves every few hundred
  // milliseconds, so that many batches meet one of its moves under way.
  const fuzz = withFuzzServer({
    name: "computer",
    server: { seed: () => 41, animationScale: 0.05, thinkScale: 0.1 },
    seat: personAgainstComputer,
  });
  /** The person's own moves, made between batches: the only actions of its seat the record may hold. */
  let personMoves = 0;

  const person = () => seatOf(fuzz.table, PERSON);

  /**
   * When the person has something to do and nothing animates, it plays: the opening as the scripted person
   * of the other tests, then only misses, and it passes every offer back. The computer gets a move after
   * each (a foul to answer, or a turn), and the match, which only its pots move on, lasts out the fuzz.
   */
  async function personActs(): Promise<void> {
    const client = person();
    const situation = client.state.animating ? null : situationFromState(client.state, PERSON);
    if (!situation) return;
    const moves: readonly SeatMove[] =
      situation.phase === "opening" || situation.phase === "lag"
        ? await scriptedPerson(PERSON)(situation)
        : situation.phase === "offer"
          ? [{ type: "answer", accept: false }]
          : [
              {
                type: "shot",
                message: { shotNumber: situation.shotNumber, stroke: missStroke(client.state), call: [] },
              },
            ];
    for (const move of moves) {
      personMoves++;
      await sendMove(client, PERSON, move, 10_000);
    }
  }

  const byComputer = (actions: readonly RecordedAction[]) =>
    actions.filter((a) => a.player === COMPUTER_SEAT && ["shot", "take", "pass"].includes(a.type)).length;

  it("refuses random payloads from the person and a spectator, and only the computer's moves change the match", async () => {
    const { table, tally } = fuzz;
    const matchId = serverState(table.code).matchId;
    const recordedBefore = await recordedActions(table);
    let runs = 0;
    let overlapped = 0;
    let unchanged = 0;
    await fc.assert(
      fc.asyncProperty(batch, fc.constantFrom<Role>("spectator", PERSON), async (messages, role) => {
        runs++;
        if (serverState(table.code).phase === "finished") return;
        await personActs();
        const client = await connect(table, role);
        try {
          // Read in this order, an action recorded between any two reads shows as recorded during the batch.
          const recorded = await recordedActions(table);
          const before = snapshot(table.code);
          const probes = messages.map((m) =>
            probe(role, m, personJudge(before.shotNumber as number, nearTheEnd(before))),
          );
          tally.skipped += probes.filter((p) => p.answer.kind === "skip").length;
          await send(
            client,
            probes.filter((p) => p.answer.kind !== "skip"),
            tally,
          );
          const after = snapshot(table.code);
          const during = (await recordedActions(table)).slice(recorded.length);
          // Only the computer (and the table's own draw or clock) may have acted meanwhile.
          expect(during.filter((a) => a.player === PERSON)).toEqual([]);
          if (byComputer(during) > 0) overlapped++;
          if (during.length === 0) {
            // Nothing recorded: the state is as it was, but for an animation that ran out (or that the
            // person's `seen` ended, which is what `seen` is for).
            unchanged++;
            expect({ ...after, animating: before.animating }).toEqual(before);
            if (!before.animating) expect(after.animating).toBe(false);
          }
        } finally {
          if (role === "spectator") await client.leave();
        }
      }),
      { numRuns: 150, seed: 6, endOnFailure: true },
    );
    expect(runs, "every batch was sent").toBe(150);
    const computerMoves = byComputer(await recordedActions(table)) - byComputer(recordedBefore);
    expect(computerMoves, "the computer played on during the fuzz").toBeGreaterThanOrEqual(3);
    expect(overlapped, "batches the computer moved during").toBeGreaterThan(0);
    expect(unchanged, "batches with no move meanwhile").toBeGreaterThan(0);
    const shelves = [0, 1].map((seat) => [...(person().state.players.get(String(seat))?.shelf ?? [])].length);
    console.info(
      `computer: ${computerMoves} moves of the computer and ${personMoves} of the person during the fuzz ` +
        `(shelves ${shelves.join(":")} at shot ${person().state.shotNumber}); ${overlapped} batches overlapped ` +
        `a move of the computer, ${unchanged} had the table to themselves`,
    );
    await strikeLimitHolds(table);
    // Every action of the person's seat in the record is one the test made, besides its seating.
    expect(serverState(table.code).matchId).toBe(matchId);
    const ofPerson = (await recordedActions(table)).filter((a) => a.player === PERSON && a.type !== "sit");
    expect(ofPerson.length).toBe(personMoves);
    expect(recordedBefore.filter((a) => a.player === PERSON && a.type !== "sit")).toEqual([]);

    // The computer still plays: the person makes its move if it has one, and the computer answers it; if it
    // won meanwhile, it agrees to the rematch the person asks for.
    if (serverState(table.code).phase === "finished") {
      person().send("rematch", {});
      await eventually(() => serverState(table.code).matchId !== matchId, "the computer's rematch", 20_000);
    } else {
      const moved = byComputer(await recordedActions(table));
      await eventually(
        async () => {
          await personActs();
          return byComputer(await recordedActions(table)) > moved;
        },
        "the computer's next move",
        20_000,
      );
    }
    const health = await fetch(`${table.url}/healthz`);
    expect(health.status).toBe(200);
  });
});
