import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shownRecords, shownSnapshot, snapshotToHold } from "../src/net/held-table.ts";
import { EMPTY_SNAPSHOT, type PlayerView, type TableSnapshot } from "../src/net/table-snapshot.ts";

const player = (seat: number, over: Partial<PlayerView> = {}): PlayerView => ({
  name: seat === 0 ? "Анна" : "Борис",
  seat,
  connected: true,
  shelf: [],
  debt: 0,
  holdLeft: 0,
  computer: false,
  account: "",
  rating: null,
  ...over,
});

const before: TableSnapshot = {
  ...EMPTY_SNAPSHOT,
  matchId: "m1",
  phase: "play",
  toMove: 0,
  shotNumber: 7,
  balls: [
    { id: 3, x: 0.5, y: 0.1, onTable: true },
    { id: 5, x: -0.2, y: 0.3, onTable: true },
  ],
  players: [player(0, { shelf: [1, 2] }), player(1, { shelf: [4] })],
  spectators: ["Вера"],
};

/** The same table after shot 7: ball 3 potted by Анна, a debt for nobody, an offer of a bonus shot. */
const after: TableSnapshot = {
  ...before,
  shotNumber: 8,
  offer: "bonus",
  animating: true,
  balls: [
    { id: 3, x: 0, y: 0, onTable: false },
    { id: 5, x: 0.7, y: -0.2, onTable: true },
  ],
  players: [player(0, { shelf: [1, 2, 3] }), player(1, { shelf: [4], debt: 1 })],
};

describe("the hold-back of the verdict while a shot plays", () => {
  it("shows the table, score, shelves, debts, turn and offer as they were before the shot", () => {
    const shown = shownSnapshot(after, before);
    expect(shown.balls).toEqual(before.balls);
    expect(shown.players.map((p) => p?.shelf)).toEqual([[1, 2], [4]]);
    expect(shown.players[1]?.debt).toBe(0);
    expect(shown.offer).toBe("");
    expect(shown.toMove).toBe(0);
    expect(shown.shotNumber).toBe(7);
  });

  it("keeps who is present live: connections, the seat hold's countdown, watchers and the animation flag", () => {
    const gone: TableSnapshot = {
      ...after,
      players: [after.players[0], player(1, { shelf: [4], debt: 1, connected: false, holdLeft: 170 })],
      spectators: ["Вера", "Глеб"],
    };
    const shown = shownSnapshot(gone, before);
    expect(shown.players[1]).toMatchObject({ connected: false, holdLeft: 170, debt: 0 });
    expect(shown.spectators).toEqual(["Вера", "Глеб"]);
    expect(shown.animating).toBe(true);
  });

  it("shows the synced state as it is once nothing is held, or when a new match began meanwhile", () => {
    expect(shownSnapshot(after, null)).toBe(after);
    const rematch = { ...after, matchId: "m2" };
    expect(shownSnapshot(rematch, before)).toBe(rematch);
  });

  it("holds the state as it stands when the shot arrives, unless it already shows the shot's result", () => {
    expect(snapshotToHold(before, 7)).toBe(before);
    expect(snapshotToHold(after, 7)).toBeNull();
    expect(snapshotToHold(EMPTY_SNAPSHOT, 0)).toBeNull();
  });

  it("leaves the playing shot out of the log until it has played", () => {
    const a = { message: { number: 6, kind: "shot" } };
    const b = { message: { number: 7, kind: "shot" } };
    expect(shownRecords([a, b], b)).toEqual([a]);
    expect(shownRecords([a, b], null)).toEqual([a, b]);
  });

  it("for any states, everything a shot decides comes from the held one (property)", () => {
    const arbPlayer = (seat: number) =>
      fc.record({
        name: fc.string({ maxLength: 5 }),
        seat: fc.constant(seat),
        connected: fc.boolean(),
        shelf: fc.array(fc.integer({ min: 1, max: 15 }), { maxLength: 8 }),
        debt: fc.nat(3),
        holdLeft: fc.nat(200),
        computer: fc.boolean(),
        account: fc.constant(""),
        rating: fc.constant(null),
      });
    const arbSnapshot = fc.record({
      shotNumber: fc.nat(50),
      toMove: fc.integer({ min: -1, max: 1 }),
      offer: fc.constantFrom("", "bonus", "foul" as const),
      phase: fc.constantFrom("lag", "opening", "play", "finished" as const),
      winner: fc.integer({ min: -1, max: 1 }),
      animating: fc.boolean(),
      players: fc.tuple(arbPlayer(0), arbPlayer(1)),
    });
    fc.assert(
      fc.property(arbSnapshot, arbSnapshot, (l, h) => {
        const live = { ...EMPTY_SNAPSHOT, ...l, matchId: "m" } as TableSnapshot;
        const held = { ...EMPTY_SNAPSHOT, ...h, matchId: "m" } as TableSnapshot;
        const shown = shownSnapshot(live, held);
        for (const key of ["shotNumber", "toMove", "offer", "phase", "winner", "balls"] as const) {
          expect(shown[key]).toEqual(held[key]);
        }
        for (const seat of [0, 1] as const) {
          expect(shown.players[seat]?.shelf).toEqual(held.players[seat]?.shelf);
          expect(shown.players[seat]?.debt).toBe(held.players[seat]?.debt);
          expect(shown.players[seat]?.connected).toBe(live.players[seat]?.connected);
        }
        expect(shown.animating).toBe(live.animating);
      }),
    );
  });
});
