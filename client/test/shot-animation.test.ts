import type { BallTrace, ShotEvent } from "@habibka/shared";
import { encodeTrace } from "@habibka/shared";
import { POCKETS } from "@habibka/shared/table";
import { describe, expect, it } from "vitest";
import { base64ToBytes, buildAnimation, DROP_SECONDS, playbackTime } from "../src/game/shot-animation.ts";

const traces: BallTrace[] = [
  {
    id: 1,
    points: [
      [0, -1, 0],
      [1, 0, 0],
      [2, 0, 0.5],
    ],
  },
  {
    id: 2,
    points: [
      [1, 0.1, 0],
      [1.5, 0.6, 0],
    ],
  },
];
const events: ShotEvent[] = [
  { t: 0, type: "strike", ball: 1 },
  { t: 1, type: "collision", a: 1, b: 2, ax: 0, ay: 0, bx: 0.1, by: 0 },
  { t: 1.5, type: "pocket", ball: 2, pocket: "FL" },
];
const before = [
  { id: 1, x: -1, y: 0 },
  { id: 2, x: 0.1, y: 0 },
  { id: 7, x: 0.5, y: -0.5 },
];

describe("buildAnimation: trace interpolation", () => {
  const animation = buildAnimation(before, traces, events, 2.2);
  const at = (t: number, id: number) => animation.positionsAt(t).find((b) => b.id === id);

  it("interpolates linearly between samples at any t", () => {
    expect(at(0.5, 1)).toEqual({ id: 1, x: -0.5, y: 0 });
    expect(at(1.5, 1)!.y).toBeCloseTo(0.25, 12);
    expect(at(1.25, 2)!.x).toBeCloseTo(0.35, 12);
  });

  it("clamps at both ends: before the first sample and after the last", () => {
    expect(at(-1, 1)).toEqual({ id: 1, x: -1, y: 0 });
    expect(at(0.5, 2)).toEqual({ id: 2, x: 0.1, y: 0 });
    expect(at(10, 1)).toEqual({ id: 1, x: 0, y: 0.5 });
  });

  it("balls that did not move stay where they were", () => {
    expect(at(0.7, 7)).toEqual({ id: 7, x: 0.5, y: -0.5 });
  });

  it("a pocketed ball rolls on into the pocket's hole, sinks, and is gone", () => {
    expect(at(1.49, 2)?.sink).toBeUndefined();
    const sinking = at(1.5 + DROP_SECONDS / 2, 2)!;
    expect(sinking.sink).toBeCloseTo(0.5, 9);
    // On its way from where it dropped towards the foot-left pocket (+x, +y).
    const hole = POCKETS.FL.mouthCentre;
    expect(Math.hypot(hole.x - sinking.x, hole.y - sinking.y)).toBeLessThan(Math.hypot(hole.x - 0.6, hole.y));
    expect(at(1.5 + DROP_SECONDS, 2)).toBeUndefined();
    expect(at(2, 2)).toBeUndefined();
  });

  it("lasts the server's duration: at its end every ball is on its resting place", () => {
    expect(animation.duration).toBe(2.2);
    // The server says the motion is over at 1.9 s (the rest is creep): ball 1 is put on its last sample.
    const short = buildAnimation(before, traces, events, 1.9);
    expect(short.duration).toBe(1.9);
    expect(short.positionsAt(1.9).find((b) => b.id === 1)).toEqual({ id: 1, x: 0, y: 0.5 });
    expect(short.positionsAt(1.8).find((b) => b.id === 1)!.y).toBeCloseTo(0.4, 9);
  });

  it("a drop is always seen to its end, and a record without a duration plays its whole trace", () => {
    expect(buildAnimation(before, traces, events, 1.6).duration).toBeCloseTo(1.5 + DROP_SECONDS, 9);
    expect(buildAnimation(before, traces, events, 0).duration).toBe(2);
  });

  it("reports each event once as frames advance", () => {
    expect(animation.eventsBetween(-1, 0).map((e) => e.type)).toEqual(["strike"]);
    expect(animation.eventsBetween(0, 1).map((e) => e.type)).toEqual(["collision"]);
    expect(animation.eventsBetween(1, 2).map((e) => e.type)).toEqual(["pocket"]);
  });
});

describe("playbackTime", () => {
  it("counts from receipt and honours a late joiner's elapsed milliseconds", () => {
    expect(playbackTime(1500, 1000, 0, 3)).toBeCloseTo(0.5);
    expect(playbackTime(1500, 1000, 2000, 3)).toBeCloseTo(2.5);
  });
  it("clamps to [0, duration]", () => {
    expect(playbackTime(500, 1000, 0, 3)).toBe(0);
    expect(playbackTime(9000, 1000, 0, 3)).toBe(3);
  });
});

describe("base64ToBytes", () => {
  it("decodes the protocol's base64 trace to the encoder's bytes", () => {
    const bytes = encodeTrace(traces);
    const base64 = Buffer.from(bytes).toString("base64");
    expect([...base64ToBytes(base64)]).toEqual([...bytes]);
  });
});

describe("speedBefore (for the sounds' loudness)", () => {
  it("reads a ball's speed from its trace just before a moment", () => {
    const animation = buildAnimation(before, traces, events, 2.2);
    // Ball 1 runs 1 m in the first second.
    expect(animation.speedBefore(1, 0.5)).toBeCloseTo(1, 6);
    expect(animation.speedBefore(2, 1.25)).toBeCloseTo(1, 6);
    expect(animation.speedBefore(7, 1)).toBe(0);
  });
});
