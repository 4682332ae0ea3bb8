import { Client, type Room } from "@colyseus/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually, type RunningServer, startTestServer } from "./support/test-server.ts";

interface SyncedBall {
  id: number;
  x: number;
  y: number;
  onTable: boolean;
}

describe("habibka room over real WebSockets", () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startTestServer();
  });
  afterAll(async () => {
    await running.stop();
  });

  it("lets two SDK clients join one table; each sees both names and the 16 balls of the starting position", async () => {
    const anna = await new Client(running.httpUrl).create("habibka", { name: "Анна" });
    const boris = await new Client(running.httpUrl).joinById(anna.roomId, { name: "Boris" });
    try {
      expect(boris.roomId).toBe(anna.roomId);
      for (const room of [anna, boris] as Room[]) {
        await eventually(() => room.state?.players?.size === 2, "both players in the synced state");
        const names = [...room.state.players.values()].map((p: { name: string }) => p.name).sort();
        expect(names).toEqual(["Boris", "Анна"].sort());
        const balls = [...room.state.balls] as SyncedBall[];
        expect(balls).toHaveLength(16);
        expect(balls.every((b) => b.onTable)).toBe(true);
        expect(balls.find((b) => b.id === 0)).toMatchObject({ x: 0, y: 0 });
      }
    } finally {
      await anna.leave();
      await boris.leave();
    }
  });

  it("refuses a join with an invalid name and says why", async () => {
    await expect(new Client(running.httpUrl).create("habibka", { name: "<script>" })).rejects.toThrow(
      /name may contain/,
    );
  });

  it("answers GET /healthz with status, version, uptime, rooms, the physics engine and the memory", async () => {
    const response = await fetch(`${running.httpUrl}/healthz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "ok", version: expect.any(String) });
    expect(body.uptime).toEqual(expect.any(Number));
    expect(body.rooms).toEqual(expect.any(Number));
    expect(body.physicsEngine).toBe("exact");
    // Resident memory, and what the heap keeps alive: null until the first full collection, then its MB.
    expect(body.memory).toEqual({
      rssMb: expect.any(Number),
      liveHeapMb: expect.toSatisfy((mb: unknown) => mb === null || (typeof mb === "number" && mb > 0)),
      fullCollections: expect.any(Number),
    });
  });
});
