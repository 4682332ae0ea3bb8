// The physics is not one of the shared package's exports the client may use; the tests read it from its
// source, the same module the server's pipeline runs.
import { simulate } from "@habibka/shared/physics";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "../src/config.ts";
import { findShot } from "./support/pottable-shot.ts";
import { type ServerProcess, startServerProcess } from "./support/server-process.ts";
import { ballsOnTable, createTable, joinTable, leaveAll, shelfOf, type TableClient } from "./support/table-client.ts";
import { eventually } from "./support/test-server.ts";

describe("PHYSICS_ENGINE: the engine the server simulates on", () => {
  it("is exact unless set, takes planck, and refuses anything else naming the variable", () => {
    expect(readConfig({}).physicsEngine).toBe("exact");
    expect(readConfig({ PHYSICS_ENGINE: "planck" }).physicsEngine).toBe("planck");
    expect(() => readConfig({ PHYSICS_ENGINE: "box2d" })).toThrow(/^invalid environment variable PHYSICS_ENGINE: /);
  });
});

describe("a server started with PHYSICS_ENGINE=planck", () => {
  let server: ServerProcess | undefined;
  const clients: TableClient[] = [];
  afterEach(async () => {
    await leaveAll(...clients.splice(0));
    await server?.stop("SIGTERM");
  });

  it("says so at /healthz, and a table plays its opening break on Planck.js", async () => {
    server = await startServerProcess({ PHYSICS_ENGINE: "planck", DATABASE_PATH: ":memory:" });
    const health = (await (await fetch(`${server.url}/healthz`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: "ok", physicsEngine: "planck" });

    const a = await createTable(server.url, { name: "Anna", visibility: "private", opening: "draw" });
    const b = await joinTable(server.url, a.room.roomId, { name: "Boris" });
    clients.push(a, b);
    await eventually(() => a.state.phase === "opening" && b.state.phase === "opening", "the opening after the draw");
    const shooter = a.state.toMove === a.welcome().seat ? a : b;
    const s = shooter.state;
    const shelves = [shelfOf(s, 0), shelfOf(s, 1)] as const;
    const inHand = [...Array(15).keys()]
      .map((i) => i + 1)
      .find((id) => !ballsOnTable(s).some((ball) => ball.id === id) && !shelves.some((shelf) => shelf.includes(id)));
    const planned = findShot({
      balls: ballsOnTable(s),
      shelves,
      debts: [0, 0],
      seat: s.toMove as 0 | 1,
      opening: true,
      inHand: inHand ?? null,
    });
    shooter.send("shot", {
      shotNumber: s.shotNumber,
      stroke: planned.stroke,
      call: planned.call,
      place: planned.place,
    });
    await eventually(
      () => a.shots.length === 1,
      () => `the break played (${JSON.stringify(shooter.errors)})`,
      20_000,
    );

    // What the table was told is what Planck gives for the table at the stroke, and not what the exact
    // engine gives: its contacts differ from the exact ones in the last few hundredths of a micrometre.
    const shot = a.shots[0]! as (typeof a.shots)[0] & { before: { id: number; x: number; y: number }[] };
    const input = { balls: shot.before, strokes: [planned.stroke] };
    expect(shot.events).toEqual(simulate(input, "planck").events);
    expect(shot.events).not.toEqual(simulate(input, "exact").events);
  }, 120_000);
});
