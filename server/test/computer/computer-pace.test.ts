import { Client } from "@colyseus/sdk";
import {
  AIM_SHOW_MS,
  ComputerSeat,
  type Decider,
  decide,
  LEVELS,
  pauseWindow,
  reducedLevel,
  type Situation,
} from "@habibka/shared/computer";
import type { ComputerPace, MatchState } from "@habibka/shared/match";
import { startedMatch } from "@habibka/shared/testing/started-match";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logger.ts";
import { lagShot } from "../support/pottable-shot.ts";
import { createTable, serverPerSuite, type TableClient } from "../support/table-client.ts";
import { eventually, QUICK_PLAY } from "../support/test-server.ts";

/**
 * The computer's pace: at a brisk table it shoots within the brisk window after the balls stop, counted on
 * the seat's injected clock (a virtual one here, so no assertion depends on the machine's speed); and the
 * pace a table is created with is its setting, kept in its record.
 */

const QUICK = reducedLevel(LEVELS.novice, 0.5);
const realDecider: Decider = { decide: async (situation: Situation, _level, seed) => decide(situation, QUICK, seed) };

/** A match whose opening shot is seat 1's, the computer's (the draw chose it). */
function openingForSeat1(): MatchState {
  for (let seed = 1; ; seed++) {
    const match = startedMatch({ opening: "draw", seed });
    if (match.player === 1) return match;
  }
}

/**
 * A virtual clock: a wait is a timer at now + ms, and time jumps to the earliest timer once every promise
 * that can settle has settled (the search runs for real, in no virtual time).
 */
function virtualClock() {
  let now = 0;
  const timers: { at: number; resolve: () => void }[] = [];
  return {
    now: () => now,
    wait: (ms: number) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
    /** Advances to the next timer; false when none is left. */
    async step(): Promise<boolean> {
      await new Promise((resolve) => setImmediate(resolve));
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (!next) return false;
      now = next.at;
      next.resolve();
      return true;
    },
  };
}

/** The virtual milliseconds from the poke to the computer's first shot at a table of this pace. */
async function timeToShot(pace: ComputerPace): Promise<number> {
  const clock = virtualClock();
  let match = openingForSeat1();
  let shotAt: number | null = null;
  const seat = new ComputerSeat({
    seat: 1,
    level: "novice",
    pace,
    decider: realDecider,
    logger: createLogger("silent"),
    code: "000000",
    thinkScale: 1,
    table: {
      match: () => match,
      matchId: () => "match",
      seed: () => 7,
      animating: () => false,
      aim: () => undefined,
      act: async (action) => {
        if (action.type === "shot" && shotAt === null) shotAt = clock.now();
        // The table takes no further action: the test ends at the first shot.
        match = { ...match, phase: "finished" } as MatchState;
        return undefined;
      },
      wait: clock.wait,
    },
  });
  seat.poke();
  while (shotAt === null && (await clock.step()));
  seat.stop();
  if (shotAt === null) throw new Error("the computer never shot");
  return shotAt;
}

describe("the computer's pace", () => {
  it("brisk: it shoots between its shortest and longest think plus its short aim", async () => {
    const [shortest, longest] = pauseWindow("opening", "brisk");
    const elapsed = await timeToShot("brisk");
    expect(elapsed).toBeGreaterThanOrEqual(shortest + AIM_SHOW_MS.brisk - 1e-6);
    expect(elapsed).toBeLessThanOrEqual(longest + AIM_SHOW_MS.brisk + 1e-6);
    // Roughly 0.6–1.2 s of thought and 0.4 s of aim.
    expect(longest + AIM_SHOW_MS.brisk).toBeLessThanOrEqual(1_600);
  });

  it("normal, the default: it takes a person's time, as before", async () => {
    const [shortest, longest] = pauseWindow("opening", "normal");
    const elapsed = await timeToShot("normal");
    expect(elapsed).toBeGreaterThanOrEqual(shortest + AIM_SHOW_MS.normal - 1e-6);
    expect(elapsed).toBeLessThanOrEqual(longest + AIM_SHOW_MS.normal + 1e-6);
    expect(pauseWindow("shot", "normal")).toEqual([2_000, 5_000]);
    expect(AIM_SHOW_MS.normal).toBe(1_200);
  });

  it("every brisk pause is shorter than the normal one", () => {
    for (const pause of ["lag", "opening", "shot", "shot-after-take", "answer", "rematch"] as const) {
      expect(pauseWindow(pause, "brisk")[1]).toBeLessThan(pauseWindow(pause, "normal")[0] + 1);
    }
  });
});

describe("the pace through create", () => {
  const clients: TableClient[] = [];
  const running = serverPerSuite({ ...QUICK_PLAY, seed: () => 20_261_301 }, clients);

  it("a brisk table keeps its pace in its record; an unnamed one is normal", async () => {
    const brisk = await createTable(running.httpUrl, { name: "Anna", opponent: "computer", pace: "brisk" });
    const plain = await createTable(running.httpUrl, { name: "Boris", opponent: "computer" });
    clients.push(brisk, plain);
    for (const person of [brisk, plain]) {
      await eventually(() => person.state.phase === "lag", "the lag, both seats taken");
      // A lag, so that the match has begun and its record is kept.
      person.send("lag", lagShot(0, 1.2));
      await eventually(() => person.shots.length > 0, "the lag played");
    }
    const settings = async (person: TableClient) => {
      const stored = (await (await fetch(`${running.httpUrl}/api/matches/${person.state.matchId}`)).json()) as {
        record: { header: { settings: Record<string, unknown> } };
      };
      return stored.record.header.settings;
    };
    expect(await settings(brisk)).toMatchObject({ opponent: "computer", pace: "brisk" });
    expect(await settings(plain)).toMatchObject({ opponent: "computer", pace: "normal" });
  });

  it.each([
    [{ opponent: "computer", pace: "turbo" }, /pace: expected "normal" or "brisk"/],
    [{ opponent: "computer", pace: 2 }, /pace: expected "normal" or "brisk"/],
    [{ pace: "brisk" }, /pace: a pace is only for a table against the computer/],
  ])("refuses to create a table with %j", async (options, message) => {
    await expect(new Client(running.httpUrl).create("habibka", { name: "Bad", ...options })).rejects.toThrow(message);
  });
});
