import { Client } from "@colyseus/sdk";
import { COMPUTER_NAMES } from "@habibka/shared/match";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lagShot } from "../support/pottable-shot.ts";
import { playSeat, scriptedPerson } from "../support/seat-player.ts";
import { createTable, leaveAll, serverPerSuite, shelfOf, type TableClient } from "../support/table-client.ts";
import { eventually, QUICK_PLAY, type RunningServer, startTestServer } from "../support/test-server.ts";

/**
 * A person plays the computer: the table is created with `opponent: "computer"`, the computer sits in seat 1 under
 * its level's name and plays every action through the room, its aim shown before each shot; the record says who
 * the opponent was, and the computer agrees to the rematch the person asks for.
 */

interface StoredMatch {
  opponent: string;
  level: string | null;
  players: [string | null, string | null];
  record: { header: { settings: Record<string, unknown> } };
  shots: { seat: number; kind: string }[];
}

describe("a table against the computer", () => {
  const clients: TableClient[] = [];
  const running = serverPerSuite({ ...QUICK_PLAY, seed: () => 20_261_215 }, clients);

  it("plays a person to a finish, shows its aim before every shot, is recorded as the opponent, and plays again", async () => {
    const person = await createTable(running.httpUrl, { name: "Anna", opponent: "computer" });
    clients.push(person);
    expect(person.welcome()).toMatchObject({ role: "player", seat: 0 });
    await eventually(() => person.state.phase === "lag", "the lag, both seats taken");
    const s = person.state;
    expect({ opponent: s.opponent, level: s.level, visibility: s.visibility, shotClock: s.shotClock }).toEqual({
      opponent: "computer",
      level: "amateur",
      visibility: "private",
      shotClock: 0,
    });
    expect(s.players.get("1")).toMatchObject({ name: COMPUTER_NAMES.amateur, computer: true, connected: true });
    expect(s.players.get("0")).toMatchObject({ name: "Anna", computer: false });
    const matchId = s.matchId;

    const moves = await playSeat(person, 0, scriptedPerson(0), { maxMoves: 300 });
    expect(moves).toBeGreaterThan(0);
    await eventually(() => person.state.phase === "finished", "the finish");
    expect(person.state.finishReason).toBe("eight");
    expect(shelfOf(person.state, person.state.winner as 0 | 1)).toHaveLength(8);

    // Both lagged; the computer played shots of its own, each after showing its aim: the last aim before each
    // of its shots is the stroke, call and place it then played.
    expect(person.shots[0]).toMatchObject({ kind: "lag" });
    const computerShots = person.shots.filter((shot) => shot.seat === 1 && shot.kind === "shot");
    expect(computerShots.length).toBeGreaterThan(0);
    let shownAim: unknown = null;
    for (const entry of person.sequence) {
      if (entry.type === "aim") {
        expect(entry.message.seat).toBe(1);
        shownAim = entry.message;
      } else if (entry.type === "shot" && entry.message.seat === 1) {
        const { shotNumber: _number, ...played } = entry.message.request as Record<string, unknown>;
        expect(shownAim, `the aim before shot ${entry.message.number}`).toEqual({ seat: 1, ...played });
        shownAim = null;
      }
    }

    // The record says the opponent was the computer, at its level, under its name.
    const stored = (await (await fetch(`${running.httpUrl}/api/matches/${matchId}`)).json()) as StoredMatch;
    expect(stored).toMatchObject({ opponent: "computer", level: "amateur", players: ["Anna", COMPUTER_NAMES.amateur] });
    expect(stored.record.header.settings).toMatchObject({ opponent: "computer", level: "amateur" });
    expect(stored.shots.filter((shot) => shot.seat === 1)).toHaveLength(computerShots.length);

    // The person asks to play again; the computer agrees, and lags in the new match.
    person.send("rematch", {});
    await eventually(() => person.state.matchId !== matchId, "the rematch", 10_000);
    await eventually(() => person.state.lagSent[1] === true, "the computer's lag in the new match", 10_000);
    expect(person.state.players.get("1")).toMatchObject({ name: COMPUTER_NAMES.amateur, computer: true });
  }, 300_000);

  it.each([
    [{ opponent: "robot" }, /opponent: expected "person" or "computer"/],
    [{ opponent: "computer", level: "grandmaster" }, /level: expected "novice", "amateur" or "master"/],
    [{ opponent: "computer", level: 3 }, /level: expected "novice", "amateur" or "master"/],
    [{ level: "master" }, /level: a level is only for a table against the computer/],
  ])("refuses to create a table with %j", async (options, message) => {
    await expect(new Client(running.httpUrl).create("habibka", { name: "Bad", ...options })).rejects.toThrow(message);
  });
});

describe("the animation at a table against the computer", () => {
  let running: RunningServer;
  const clients: TableClient[] = [];

  beforeAll(async () => {
    // Animations a thousand times slower than real: nothing ends them but a player who has seen them.
    running = await startTestServer({ seed: () => 20_261_217, animationScale: 1_000, thinkScale: 0.01 });
  });
  afterAll(async () => {
    await leaveAll(...clients);
    await running.stop();
  });

  it("ends when the person has seen it, when the computer is the one to move", async () => {
    const person = await createTable(running.httpUrl, { name: "Anna", opponent: "computer", level: "master" });
    clients.push(person);
    await eventually(() => person.state.phase === "lag", "the lag");
    // A lag that stops far from the head cushion: the computer wins it and opens.
    person.send("lag", lagShot(0, 1.2));
    await eventually(() => person.state.phase === "opening", "the lag judged");
    expect(person.state.toMove).toBe(1);
    expect(person.state.animating).toBe(true);
    expect(person.shots).toMatchObject([{ kind: "lag" }]);
    const opening = person.state.shotNumber;
    person.send("seen", { shotNumber: opening });
    // The end of the lag's animation need not show in the state: the computer may open before the next state
    // beat, whose patch then says `animating` is true again. Its opening shot is what shows it: the room takes
    // no shot while the lag animates, and at this scale nothing but the person's seen ends that.
    await eventually(
      () => person.shots.some((shot) => shot.seat === 1),
      "the computer's opening shot, once the person has seen the lag",
      10_000,
    );
    expect(person.shots).toMatchObject([{ kind: "lag" }, { seat: 1, kind: "shot", number: opening }]);
  });
});
