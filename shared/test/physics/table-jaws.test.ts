import { describe, expect, it } from "vitest";
import { DROP_ZONES, isOnTableRegion, OBSTACLES } from "../../src/physics/boundary.ts";
import { BALL_DIAMETER, CORNER_CORRIDOR, HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { POCKET_IDS, POCKETS } from "../../src/table/pockets.ts";

describe("pocket jaws and drop areas (table model; МКП pocket geometry)", () => {
  it.each(POCKET_IDS)("%s: the jaw walls start at the mouth points and run along the pocket's axis", (id) => {
    const pocket = POCKETS[id];
    for (const [i, wall] of pocket.walls.entries()) {
      expect(wall.from).toEqual(pocket.mouth[i]);
      const dx = wall.to.x - wall.from.x;
      const dy = wall.to.y - wall.from.y;
      const length = Math.hypot(dx, dy);
      // Parallel to the axis, and longer than the corridor so no ball can slip round the end before it drops.
      expect(dx / length).toBeCloseTo(pocket.axis.x, 12);
      expect(dy / length).toBeCloseTo(pocket.axis.y, 12);
      expect(length).toBeGreaterThan(pocket.dropDepth + BALL_DIAMETER);
      expect(wall.segment).toBe(pocket.jaws[i]!.segment);
    }
    // The walls are tangent to the noses: each mouth point lies on its nose, perpendicular to the axis.
    for (const [i, nose] of pocket.jaws.entries()) {
      const m = pocket.mouth[i]!;
      expect(Math.hypot(m.x - nose.centre.x, m.y - nose.centre.y)).toBeCloseTo(nose.radius, 12);
      expect((m.x - nose.centre.x) * pocket.axis.x + (m.y - nose.centre.y) * pocket.axis.y).toBeCloseTo(0, 12);
    }
  });

  it("leaves a ball 2.25 mm either side in a corner mouth and 7.25 mm in a middle one (the Russian tightness)", () => {
    expect((POCKETS.FL.mouthWidth - BALL_DIAMETER) / 2).toBeCloseTo(0.00225, 9);
    expect((POCKETS.MR.mouthWidth - BALL_DIAMETER) / 2).toBeCloseTo(0.00725, 9);
  });

  it("drops a ball past the corridor: corner 5.5 mm beyond the mouth line, middle at the mouth line", () => {
    expect(POCKETS.HR.dropDepth).toBe(CORNER_CORRIDOR);
    expect(POCKETS.ML.dropDepth).toBe(0);
    expect(DROP_ZONES).toHaveLength(6);
  });

  it("builds six cushion walls, twelve noses and twelve jaw walls, every jaw piece tagged with its pocket", () => {
    expect(OBSTACLES.filter((o) => o.kind === "wall" && o.jaw === undefined)).toHaveLength(6);
    expect(OBSTACLES.filter((o) => o.kind === "nose")).toHaveLength(12);
    expect(OBSTACLES.filter((o) => o.kind === "wall" && o.jaw !== undefined)).toHaveLength(12);
  });

  it("counts a centre beyond the cushions as off the table, except in a pocket's mouth", () => {
    expect(isOnTableRegion(0, 0)).toBe(true);
    expect(isOnTableRegion(0, HALF_WIDTH + 0.01)).toBe(true); // middle pocket mouth
    expect(isOnTableRegion(1, HALF_WIDTH + 0.01)).toBe(false);
    expect(isOnTableRegion(HALF_LENGTH + 0.3, 0)).toBe(false);
  });
});
