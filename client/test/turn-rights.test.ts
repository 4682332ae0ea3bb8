import { describe, expect, it } from "vitest";
import { type TurnInput, turnRights } from "../src/game/turn-rights.ts";
import { EMPTY_SNAPSHOT, type TableSnapshot } from "../src/net/table-snapshot.ts";

const table = (over: Partial<TableSnapshot>): TableSnapshot => ({
  ...EMPTY_SNAPSHOT,
  matchId: "m",
  phase: "play",
  toMove: 0,
  shotNumber: 4,
  ...over,
});
const rights = (over: Partial<TurnInput>) =>
  turnRights({ snapshot: table({}), seat: 0, playing: false, tookOffer: null, ...over });

describe("what the player at this page may do now", () => {
  it("the seat to move shoots when the table is at rest here and on the server", () => {
    expect(rights({})).toMatchObject({ myTurn: true, canShoot: true, offerToMe: false, placing: null });
    expect(rights({ seat: 1 }).canShoot).toBe(false);
    expect(rights({ seat: null }).canShoot).toBe(false);
    expect(rights({ playing: true }).canShoot).toBe(false);
    expect(rights({ snapshot: table({ animating: true }) }).canShoot).toBe(false);
  });
  it("an offer is answered first, and once taken the shot may be composed", () => {
    const offered = table({ offer: "foul" });
    expect(rights({ snapshot: offered })).toMatchObject({ offerToMe: true, canShoot: false });
    expect(rights({ snapshot: offered, tookOffer: 4 })).toMatchObject({ offerToMe: false, canShoot: true });
  });
  it("the opening shot is placed in the house; the lag by each player until sent", () => {
    expect(rights({ snapshot: table({ phase: "opening" }) }).placing).toBe("opening");
    const lag = table({ phase: "lag", toMove: -1, lagSent: [false, true] });
    expect(rights({ snapshot: lag })).toMatchObject({ canLag: true, placing: "lag", canShoot: false });
    expect(rights({ snapshot: lag, seat: 1 }).canLag).toBe(false);
    expect(rights({ snapshot: lag, seat: null }).canLag).toBe(false);
  });
  it("nothing after the match", () => {
    expect(rights({ snapshot: table({ phase: "finished", toMove: -1 }) })).toMatchObject({
      canShoot: false,
      canLag: false,
      offerToMe: false,
    });
  });
});
