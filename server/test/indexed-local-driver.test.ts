import { type IRoomCache, LocalDriver } from "@colyseus/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IndexedLocalDriver } from "../src/rooms/indexed-local-driver.ts";

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
          for (const op of ops) {
            // Colyseus persists a new room's listing once, when it is created; a second create is not a thing.
            if (op.kind === "persist" && plain.has(`r${op.id}`)) continue;
            for (const driver of [plain, indexed]) {
              if (op.kind === "clear") driver.clear();
              else if (op.kind === "remove") driver.remove(`r${op.id}`);
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
});
