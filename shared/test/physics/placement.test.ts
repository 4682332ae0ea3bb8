import { describe, expect, it } from "vitest";
import { canBallStandAt } from "../../src/physics/boundary.ts";
import { HALF_LENGTH, HALF_WIDTH, BALL_RADIUS as R } from "../../src/table/dimensions.ts";
import { POCKETS } from "../../src/table/pockets.ts";

describe("canBallStandAt – where a given position may put a ball (scenario input, I6)", () => {
  it("accepts the playing surface up to a ball touching a cushion", () => {
    expect(canBallStandAt(0, 0)).toBe(true);
    expect(canBallStandAt(HALF_LENGTH - R, 0)).toBe(true);
    expect(canBallStandAt(0.5, -(HALF_WIDTH - R))).toBe(true);
  });

  it("refuses a ball pressed into a cushion or beyond it", () => {
    expect(canBallStandAt(HALF_LENGTH - R + 0.001, 0)).toBe(false);
    expect(canBallStandAt(0.5, HALF_WIDTH)).toBe(false);
    expect(canBallStandAt(3, 0)).toBe(false);
  });

  it("accepts a ball in a pocket's mouth on its axis, short of the drop line", () => {
    const { mouthCentre: c, axis: a } = POCKETS.FL;
    expect(canBallStandAt(c.x - a.x * 0.005, c.y - a.y * 0.005)).toBe(true);
    const middle = POCKETS.MR;
    expect(canBallStandAt(middle.mouthCentre.x, middle.mouthCentre.y - middle.axis.y * 0.01)).toBe(true);
  });

  it("refuses a ball overlapping a jaw nose, or past a pocket's drop line", () => {
    const nose = POCKETS.FL.jaws[0];
    expect(canBallStandAt(nose.centre.x - (nose.radius + R) * 0.5, nose.centre.y - (nose.radius + R) * 0.5)).toBe(
      false,
    );
    const { mouthCentre: c, axis: a } = POCKETS.FL;
    expect(canBallStandAt(c.x + a.x * 0.02, c.y + a.y * 0.02)).toBe(false);
  });
});
