import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, HOUSE_LINE_X, isInHouse } from "@habibka/shared/table";
import { describe, expect, it } from "vitest";
import { canPlaceInHouse, defaultHouseSpot, lagSideOf, placeInHouse } from "../src/game/house.ts";

const R = BALL_RADIUS;

describe("canPlaceInHouse (I3: x < −L/4, inside the cushions, on no ball)", () => {
  it("accepts a free spot behind the house line and refuses the line itself", () => {
    expect(canPlaceInHouse({ x: HOUSE_LINE_X - 0.1, y: 0 }, [])).toBe(true);
    expect(canPlaceInHouse({ x: HOUSE_LINE_X, y: 0 }, [])).toBe(false);
    expect(canPlaceInHouse({ x: 0, y: 0 }, [])).toBe(false);
  });
  it("refuses a spot through the cushion", () => {
    expect(canPlaceInHouse({ x: -HALF_LENGTH + R / 2, y: 0 }, [])).toBe(false);
    expect(canPlaceInHouse({ x: -1.2, y: HALF_WIDTH - R / 2 }, [])).toBe(false);
  });
  it("refuses a spot overlapping another ball", () => {
    expect(canPlaceInHouse({ x: -1.2, y: 0 }, [{ id: 3, x: -1.2 + R, y: 0 }])).toBe(false);
    expect(canPlaceInHouse({ x: -1.2, y: 0 }, [{ id: 3, x: -1.2 + 2 * R, y: 0 }])).toBe(true);
  });
  it("the lag side: seat 0 plays on y > 0, seat 1 on y < 0", () => {
    expect(lagSideOf(0)).toBe(1);
    expect(lagSideOf(1)).toBe(-1);
    expect(canPlaceInHouse({ x: -1.2, y: 0.2 }, [], 1)).toBe(true);
    expect(canPlaceInHouse({ x: -1.2, y: 0.2 }, [], -1)).toBe(false);
  });
});

describe("placeInHouse", () => {
  it("clamps a drag beyond the house line back into the house", () => {
    const p = placeInHouse({ x: 0.5, y: 0.1 }, [])!;
    expect(p.x).toBeLessThan(HOUSE_LINE_X);
    expect(p.y).toBeCloseTo(0.1);
    expect(isInHouse(p)).toBe(true);
  });
  it("clamps a drag over the cushion back onto the cloth", () => {
    const p = placeInHouse({ x: -3, y: 2 }, [])!;
    expect(p.x).toBeCloseTo(-HALF_LENGTH + R);
    expect(p.y).toBeCloseTo(HALF_WIDTH - R);
    expect(canPlaceInHouse(p, [])).toBe(true);
  });
  it("pushes the ball off another ball it would overlap", () => {
    const other = { id: 4, x: -1.3, y: 0 };
    const p = placeInHouse({ x: -1.3 + 0.01, y: 0.005 }, [other])!;
    expect(Math.hypot(p.x - other.x, p.y - other.y)).toBeGreaterThanOrEqual(2 * R);
    expect(canPlaceInHouse(p, [other])).toBe(true);
  });
  it("keeps the lag ball on the player's side of the long axis", () => {
    const p = placeInHouse({ x: -1.2, y: -0.3 }, [], 1)!;
    expect(p.y).toBeGreaterThan(0);
    expect(defaultHouseSpot([], -1).y).toBeLessThan(0);
  });
  it("every result is a legal placement (sampled over the table)", () => {
    const balls = [
      { id: 1, x: -1.2, y: 0 },
      { id: 2, x: -1.0, y: 0.3 },
    ];
    for (let x = -2; x <= 2; x += 0.17) {
      for (let y = -1; y <= 1; y += 0.13) {
        const p = placeInHouse({ x, y }, balls);
        if (p) expect(canPlaceInHouse(p, balls)).toBe(true);
      }
    }
  });
});
