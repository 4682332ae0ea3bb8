import { describe, expect, it } from "vitest";
import type { ShotBroadcast } from "../src/net/messages.ts";
import type { ShotRecord } from "../src/net/shot-record.ts";
import { decodePosition, encodePosition } from "../src/practice/position-link.ts";
import { positionBeforeShot } from "../src/practice/shot-position.ts";

const before = [
  { id: 0, x: 0, y: 0 },
  { id: 4, x: 0.6, y: 0.1 },
  { id: 9, x: -0.9, y: -0.2 },
];

function shot(seat: number, over: Partial<ShotBroadcast> = {}): ShotBroadcast {
  return {
    matchId: "m1",
    number: 12,
    kind: "shot",
    seat,
    request: {},
    before,
    events: [],
    trace: "",
    duration: 0,
    elapsed: 0,
    verdict: { opening: false } as ShotBroadcast["verdict"],
    ...over,
  };
}

const situation = {
  shelves: [
    [1, 2, 3],
    [5, 6],
  ] as const,
  debts: [0, 2] as const,
};

describe("the position before a recorded shot (Разобрать удар)", () => {
  it("is the table at the stroke with the shelves and debts then, from the striker's side", () => {
    const bySeat1: ShotRecord = { message: shot(1), before: null, situation };
    expect(positionBeforeShot(bySeat1)).toEqual({
      balls: before,
      match: {
        shelf: [
          [5, 6],
          [1, 2, 3],
        ],
        debt: [2, 0],
        opening: false,
      },
    });
    const bySeat0: ShotRecord = { message: shot(0), before: null, situation };
    expect(positionBeforeShot(bySeat0)?.match.shelf).toEqual([
      [1, 2, 3],
      [5, 6],
    ]);
  });

  it("goes into a link that opens the same position", () => {
    const position = positionBeforeShot({ message: shot(0), before: null, situation })!;
    const read = decodePosition(encodePosition(position));
    expect(read.ok && read.position.match).toEqual(position.match);
  });

  it("is not offered without the situation at the stroke, for the lag, or for a position that cannot be played", () => {
    expect(positionBeforeShot({ message: shot(0), before: null, situation: null })).toBeNull();
    expect(positionBeforeShot({ message: shot(-1, { kind: "lag" }), before: null, situation })).toBeNull();
    const overlapping = shot(0, { before: [before[0]!, { id: 4, x: 0.01, y: 0 }] });
    expect(positionBeforeShot({ message: overlapping, before: null, situation })).toBeNull();
  });
});
