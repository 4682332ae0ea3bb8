import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COMPUTER_NAMES } from "@habibka/shared/match";
import { afterEach, describe, expect, it } from "vitest";
import { lagShot } from "../support/pottable-shot.ts";
import { playSeat, scriptedPerson } from "../support/seat-player.ts";
import { createTable, leaveAll, rejoinTable, type TableClient } from "../support/table-client.ts";
import { eventually, QUICK_PLAY, type RunningServer, startTestServer } from "../support/test-server.ts";

/**
 * The computer's seat outlives what can go wrong around it: a restart brings its table back with the computer
 * playing on, and a search that fails (here: every one) is replaced by a plain legal action, so the match goes on
 * to its end.
 */

const FAILING = new URL("../support/failing-decide-worker.ts", import.meta.url);
const servers: RunningServer[] = [];
const clients: TableClient[] = [];

afterEach(async () => {
  await leaveAll(...clients.splice(0));
  for (const server of servers.splice(0)) await server.stop().catch(() => undefined);
});

async function start(options: Parameters<typeof startTestServer>[0]): Promise<RunningServer> {
  const server = await startTestServer({ ...QUICK_PLAY, ...options });
  servers.push(server);
  return server;
}

describe("the computer's seat", () => {
  it("comes back with its table after a restart and plays on, from the lag to the finish", async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), "habibka-computer-restart-")), "records.sqlite");
    // Thinking at twenty times a person's pace, the computer is still deciding its lag when the server stops.
    const first = await start({ seed: () => 12, databasePath, thinkScale: 20 });
    const person = await createTable(first.httpUrl, { name: "Anna", opponent: "computer", level: "novice" });
    clients.push(person);
    await eventually(() => person.state.phase === "lag", "the lag");
    person.send("lag", lagShot(0, 0.15));
    await eventually(() => person.state.lagSent[0] === true, "the person's lag shot");
    expect(person.state.lagSent[1]).toBe(false);
    const code = person.room.roomId;
    const { seatToken } = person.welcome();
    person.room.reconnection.enabled = false;
    await first.stop();
    servers.splice(servers.indexOf(first), 1);

    const second = await start({ seed: () => 13, databasePath, thinkScale: 0.01 });
    const back = await rejoinTable(second.httpUrl, code, { name: "Anna", seatToken });
    clients.push(back);
    expect(back.welcome()).toMatchObject({ role: "player", seat: 0 });
    expect(back.state.players.get("1")).toMatchObject({
      name: COMPUTER_NAMES.novice,
      computer: true,
      connected: true,
      holdLeft: 0,
    });
    // The restored computer sends its lag, which completes the one the person sent before the restart.
    await eventually(() => back.shots.some((shot) => shot.kind === "lag"), "the lag completed", 10_000);
    await playSeat(back, 0, scriptedPerson(0), { maxMoves: 300 });
    expect(back.state.phase).toBe("finished");
    expect(back.shots.some((shot) => shot.kind === "shot" && shot.seat === 1)).toBe(true);
  }, 240_000);

  it("plays a plain legal action whenever its search fails, and the match goes on to its end", async () => {
    const running = await start({ seed: () => 14, decidePool: { workerUrl: FAILING } });
    const person = await createTable(running.httpUrl, { name: "Anna", opponent: "computer", level: "master" });
    clients.push(person);
    await playSeat(person, 0, scriptedPerson(0), { maxMoves: 300 });
    expect(person.state.phase).toBe("finished");

    // The computer's lag was the plain one (straight up the table from its side of the house) ...
    const lag = person.shots.find((shot) => shot.kind === "lag")!;
    const lags = (lag.request as { lags: { place: { x: number; y: number }; angle: number; speed: number }[] }).lags;
    expect(lags[1]).toMatchObject({ place: { y: -0.4 }, angle: 0, speed: 2.2 });
    // ... and each of its shots a soft stroke without a call; none was refused.
    const computerShots = person.shots.filter((shot) => shot.kind === "shot" && shot.seat === 1);
    expect(computerShots.length).toBeGreaterThan(0);
    for (const shot of computerShots) {
      expect(shot.request).toMatchObject({ call: [], stroke: { speed: 1.5, offset: { x: 0, y: 0 } } });
    }
  }, 240_000);
});
