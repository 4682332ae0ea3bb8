import { describe, expect, it } from "vitest";
import {
  BALL_RADIUS,
  CENTRE_SPOT,
  CUSHIONS,
  FOOT_SPOT,
  HEAD_SPOT,
  HOUSE_LINE_X,
  isInHouse,
  POCKET_IDS,
  POCKETS,
  rackPositions,
  seededRandom,
  startingPosition,
  TABLE_LENGTH,
  TABLE_WIDTH,
} from "../../src/index.ts";

const mm = (metres: number) => metres * 1000;

describe("table geometry – Russian 12-ft table (МКП requirements, I1–I3)", () => {
  it("has a 3550 x 1775 mm playing surface", () => {
    expect(mm(TABLE_LENGTH)).toBeCloseTo(3550, 6);
    expect(mm(TABLE_WIDTH)).toBeCloseTo(1775, 6);
  });

  it("has corner mouths of 72–73 mm and middle mouths of 82–83 mm between the jaw noses", () => {
    for (const id of POCKET_IDS) {
      const pocket = POCKETS[id];
      const [a, b] = pocket.jaws;
      // Independent check: distance between nose circles, not the module's own mouthWidth.
      const between = Math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) - a.radius - b.radius;
      const [lo, hi] = pocket.kind === "corner" ? [72, 73] : [82, 83];
      expect(mm(between), id).toBeGreaterThanOrEqual(lo);
      expect(mm(between), id).toBeLessThanOrEqual(hi);
      expect(mm(pocket.mouthWidth), id).toBeCloseTo(mm(between), 9);
    }
  });

  it("places corner pockets at the corners and middle pockets on the centre line, L on the +y side", () => {
    expect(POCKETS.FL.mouthCentre.x).toBeGreaterThan(TABLE_LENGTH / 2 - 0.1);
    expect(POCKETS.FL.mouthCentre.y).toBeGreaterThan(TABLE_WIDTH / 2 - 0.1);
    expect(POCKETS.HR.mouthCentre.x).toBeLessThan(-TABLE_LENGTH / 2 + 0.1);
    expect(POCKETS.HR.mouthCentre.y).toBeLessThan(-TABLE_WIDTH / 2 + 0.1);
    expect(POCKETS.ML.mouthCentre.x).toBeCloseTo(0, 12);
    expect(POCKETS.MR.mouthCentre.y).toBeLessThan(0);
  });

  it("ends every cushion segment where a jaw nose of the adjacent pockets begins (I5)", () => {
    for (const id of POCKET_IDS) {
      for (const jaw of POCKETS[id].jaws) {
        const segment = CUSHIONS[jaw.segment];
        const ends = [segment.from, segment.to];
        const touching = ends.some((p) => Math.hypot(p.x - jaw.tangent.x, p.y - jaw.tangent.y) < 1e-12);
        expect(touching, `${id} jaw on ${jaw.segment}`).toBe(true);
      }
    }
  });

  it("puts the marks at -L/4, 0 and +L/4 on the long axis (I2)", () => {
    expect(HEAD_SPOT).toEqual({ x: -TABLE_LENGTH / 4, y: 0 });
    expect(CENTRE_SPOT).toEqual({ x: 0, y: 0 });
    expect(FOOT_SPOT).toEqual({ x: TABLE_LENGTH / 4, y: 0 });
  });

  it("keeps the house strictly behind the first mark (I3)", () => {
    expect(HOUSE_LINE_X).toBe(HEAD_SPOT.x);
    expect(isInHouse({ x: HEAD_SPOT.x, y: 0 })).toBe(false);
    expect(isInHouse({ x: HEAD_SPOT.x - 1e-9, y: 0 })).toBe(true);
    expect(isInHouse({ x: -TABLE_LENGTH / 2 + BALL_RADIUS / 2, y: 0 })).toBe(false);
  });

  it.each([
    ["without jitter", {}],
    ["with seeded jitter", { jitter: 0.0001, random: seededRandom(7) }],
  ])("racks 15 non-overlapping balls with the apex on the third mark (%s)", (_name, options) => {
    const rack = rackPositions(options);
    expect(rack).toHaveLength(15);
    expect(new Set(rack.map((b) => b.id))).toEqual(new Set(Array.from({ length: 15 }, (_, i) => i + 1)));
    const apex = rack.reduce((min, b) => (b.x < min.x ? b : min));
    expect(Math.hypot(apex.x - FOOT_SPOT.x, apex.y - FOOT_SPOT.y)).toBeLessThanOrEqual(0.0001 * Math.SQRT2 + 1e-12);
    for (let i = 0; i < rack.length; i++) {
      for (let j = i + 1; j < rack.length; j++) {
        const a = rack[i]!;
        const b = rack[j]!;
        expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(2 * BALL_RADIUS);
      }
      expect(rack[i]!.x + BALL_RADIUS).toBeLessThan(TABLE_LENGTH / 2);
    }
  });

  it("starts with the coloured ball on the centre mark and 16 balls in all (clause 5)", () => {
    const start = startingPosition();
    expect(start).toHaveLength(16);
    expect(start[0]).toEqual({ id: 0, x: 0, y: 0 });
  });
});
