import { type IRoomCache, LocalDriver } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import fc from "fast-check";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { IndexedLocalDriver, IndexedRedisDriver } from "../src/rooms/room-drivers.ts";
import { type RunningService, startRedis } from "./support/services.ts";

function room(id: number, extra: Partial<IRoomCache> = {}): IRoomCache {
  return {
    roomId: `r${id}`,
    name: "habibka",
    clients: 0,
    maxClients: 2,
    locked: false,
    private: false,
    ...extra,
  } as IRoomCache;
}

type Op = { kind: "insert" | "persist" | "remove"; id: number } | { kind: "clear" };

describe("IndexedLocalDriver", () => {
  it("answers every query exactly as Colyseus's own in-memory driver, through any inserts and removals", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ kind: fc.constantFrom("insert", "persist", "remove"), id: fc.integer({ min: 0, max: 12 }) }),
            fc.constant({ kind: "clear" as const }),
          ),
          { maxLength: 60 },
        ),
        async (ops: Op[]) => {
          const plain = new LocalDriver();
          const indexed = new IndexedLocalDriver();
          // What each removal answered, the two drivers' in turn.
          const removed: boolean[] = [];
          for (const op of ops) {
            // Colyseus persists a new room's listing once, when it is created; a second create is not a thing.
            if (op.kind === "persist" && plain.has(`r${op.id}`)) continue;
            for (const driver of [plain, indexed]) {
              if (op.kind === "clear") driver.clear();
              else if (op.kind === "remove") removed.push(driver.remove(`r${op.id}`));
              else if (op.kind === "insert") await driver.insert(room(op.id, { locked: op.id % 2 === 0 }));
              else driver.persist(room(op.id, { locked: op.id % 2 === 0 }), true);
            }
          }
          for (let id = 0; id <= 12; id++) {
            const ids = (rooms: IRoomCache[]) => rooms.map((r) => r.roomId);
            expect(ids(indexed.query({ roomId: `r${id}` }))).toEqual(ids(plain.query({ roomId: `r${id}` })));
            expect((await indexed.findOne({ roomId: `r${id}` }))?.roomId).toBe(
              (await plain.findOne({ roomId: `r${id}` }))?.roomId,
            );
          }
          for (let i = 0; i < removed.length; i += 2) expect(removed[i + 1]).toBe(removed[i]);
          expect(indexed.query({ locked: true }).map((r) => r.roomId)).toEqual(
            plain.query({ locked: true }).map((r) => r.roomId),
          );
        },
      ),
      { seed: 7, numRuns: 300 },
    );
  });

  it("finds a room by id among thousands without scanning them: the very object the driver keeps", async () => {
    const driver = new IndexedLocalDriver();
    for (let i = 0; i < 5_000; i++) await driver.insert(room(i));
    const [found] = driver.query({ roomId: "r4321" });
    expect(found).toBe(driver.rooms[4321]);
    driver.remove("r4321");
    expect(driver.query({ roomId: "r4321" })).toEqual([]);
  });

  it("looks for a removed room no more: removing it again answers false without walking the list", async () => {
    const driver = new IndexedLocalDriver();
    for (let i = 0; i < 5_000; i++) await driver.insert(room(i));
    expect(driver.remove("r10")).toBe(true);
    const walk = vi.spyOn(driver.rooms, "findIndex");
    expect(driver.remove("r10")).toBe(false);
    expect(driver.remove("r10")).toBe(false);
    expect(walk).not.toHaveBeenCalled();
    expect(driver.rooms).toHaveLength(4_999);
  });
});

describe("IndexedRedisDriver", () => {
  let redis: RunningService;
  let plain: RedisDriver;
  let indexed: IndexedRedisDriver;
  let spy: Redis;
  beforeAll(async () => {
    redis = await startRedis();
    plain = new RedisDriver(redis.url);
    indexed = new IndexedRedisDriver(redis.url);
    spy = new Redis(redis.url);
  });
  afterAll(async () => {
    await Promise.all([plain.shutdown(), indexed.shutdown(), spy.quit()]);
    await redis.stop();
  });

  it("answers a look-up by id as Colyseus's own Redis driver does, and every other query through it", async () => {
    for (let i = 0; i < 40; i++)
      await plain.persist(room(i, { locked: i % 3 === 0, metadata: { n: i }, createdAt: new Date(1_000 + i) }), true);
    await plain.remove("r7");
    for (const id of ["r0", "r5", "r7", "r39", "nothing"]) {
      expect(await indexed.query({ roomId: id })).toEqual(await plain.query({ roomId: id }));
    }
    const ids = (rooms: IRoomCache[]) => rooms.map((r) => r.roomId).sort();
    expect(ids(await indexed.query({ locked: true }))).toEqual(ids(await plain.query({ locked: true })));
  });

  it("looks a table up by id without reading every process's tables", async () => {
    for (let i = 0; i < 200; i++) await plain.persist(room(1000 + i), true);
    const monitor = await spy.monitor();
    const commands: string[] = [];
    monitor.on("monitor", (_time: string, args: string[]) => commands.push(String(args[0]).toLowerCase()));
    // The monitor is live once it has seen a command of its own client's making.
    await spy.ping();
    const [found] = await indexed.query({ roomId: "r1100" });
    expect(found?.roomId).toBe("r1100");
    // Redis executes commands in order: once the monitor shows this marker, it has shown the look-up's too.
    await spy.echo("looked-up");
    await vi.waitFor(() => expect(commands).toContain("echo"), { timeout: 10_000, interval: 20 });
    monitor.disconnect();
    expect(commands).toContain("hget");
    expect(commands).not.toContain("hgetall");
  });
});
