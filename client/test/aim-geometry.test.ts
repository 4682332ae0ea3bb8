import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, POCKETS } from "@habibka/shared/table";
import { describe, expect, it } from "vitest";
import {
  angleOf,
  cushionDistance,
  directionOf,
  firstContact,
  normaliseAngle,
  pocketAt,
  rayReach,
  suggestWay,
} from "../src/game/aim-geometry.ts";

const R = BALL_RADIUS;

describe("directionOf / angleOf", () => {
  it("angles are degrees counter-clockwise from +x", () => {
    expect(directionOf(0).x).toBeCloseTo(1);
    expect(directionOf(90).y).toBeCloseTo(1);
    expect(angleOf(-1, 0)).toBeCloseTo(180);
    expect(angleOf(0, -1)).toBeCloseTo(270);
  });
  it("normaliseAngle keeps angles in [0, 360)", () => {
    expect(normaliseAngle(-0.05)).toBeCloseTo(359.95);
    expect(normaliseAngle(360.05)).toBeCloseTo(0.05);
  });
});

describe("rayReach", () => {
  it("finds where a moving centre first comes within reach of a point", () => {
    expect(rayReach({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 0 }, 2 * R)).toBeCloseTo(1 - 2 * R, 12);
  });
  it("misses a point passing wide and a point behind", () => {
    expect(rayReach({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 2 * R + 1e-6 }, 2 * R)).toBeNull();
    expect(rayReach({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: -1, y: 0 }, 2 * R)).toBeNull();
  });
});

describe("firstContact: ghost ball and object ball direction", () => {
  it("a full hit: the ghost ball touches the object ball on the line, which goes straight on", () => {
    const c = firstContact({ id: 1, x: -1, y: 0 }, 0, [{ id: 2, x: 0, y: 0 }]);
    expect(c.kind).toBe("ball");
    if (c.kind !== "ball") return;
    expect(c.ball).toBe(2);
    expect(c.ghost.x).toBeCloseTo(-2 * R, 12);
    expect(c.ghost.y).toBeCloseTo(0, 12);
    expect(c.objectDirection.x).toBeCloseTo(1, 12);
    expect(c.cueDirection).toBeNull();
  });

  it("a half-ball hit sends the object ball 30° off the aim, along the line of centres", () => {
    // Aim line offset by R from the object ball's centre: the contact is a half-ball hit.
    const c = firstContact({ id: 1, x: -1, y: R }, 0, [{ id: 2, x: 0, y: 0 }]);
    if (c.kind !== "ball") throw new Error("expected a ball contact");
    expect(Math.hypot(c.ghost.x, c.ghost.y - 0)).toBeCloseTo(2 * R, 12);
    const objectAngle = angleOf(c.objectDirection.x, c.objectDirection.y);
    expect(objectAngle).toBeCloseTo(330, 6);
    // The line of centres: from the ghost ball through the object ball.
    expect(c.objectDirection.x * (0 - c.ghost.y) - c.objectDirection.y * (0 - c.ghost.x)).toBeCloseTo(0, 12);
    // The stun cue ball leaves along the tangent line, at right angles to the object ball.
    expect(c.cueDirection).not.toBeNull();
    const dot = c.cueDirection!.x * c.objectDirection.x + c.cueDirection!.y * c.objectDirection.y;
    expect(dot).toBeCloseTo(0, 12);
  });

  it("picks the nearest ball along the ray and skips the cue ball itself", () => {
    const balls = [
      { id: 1, x: -1, y: 0 },
      { id: 5, x: 0.5, y: 0 },
      { id: 3, x: 0, y: 0.01 },
    ];
    const c = firstContact({ id: 1, x: -1, y: 0 }, 0, balls);
    expect(c.kind === "ball" && c.ball).toBe(3);
  });

  it("a ball just beside the line is missed by a hair: contact needs centres within 2R", () => {
    const c = firstContact({ id: 1, x: -1, y: 0 }, 0, [{ id: 2, x: 0, y: 2 * R + 0.0005 }]);
    expect(c.kind).toBe("cushion");
  });

  it("with no ball in the way, the cue ball's centre stops a radius from the cushion nose", () => {
    const c = firstContact({ id: 1, x: 0, y: 0 }, 90, []);
    expect(c.kind).toBe("cushion");
    expect(c.ghost.y).toBeCloseTo(HALF_WIDTH - R, 12);
    expect(c.distance).toBeCloseTo(HALF_WIDTH - R, 12);
  });

  it("a ball beyond the cushion contact is not reported", () => {
    expect(cushionDistance({ x: 0, y: 0 }, { x: 1, y: 0 })).toBeCloseTo(HALF_LENGTH - R, 12);
    const c = firstContact({ id: 1, x: 0, y: 0 }, 0, [{ id: 2, x: HALF_LENGTH + 0.5, y: 0 }]);
    expect(c.kind).toBe("cushion");
  });

  it("a line into a pocket's mouth names the pocket", () => {
    const foot = POCKETS.FL.mouthCentre;
    const angle = angleOf(foot.x, foot.y);
    const c = firstContact({ id: 1, x: 0, y: 0 }, angle, []);
    expect(c.kind === "cushion" && c.pocket).toBe("FL");
    const middle = firstContact({ id: 1, x: 0, y: 0 }, 90, []);
    expect(middle.kind === "cushion" && middle.pocket).toBe("ML");
    const plain = firstContact({ id: 1, x: 0, y: 0 }, 0, []);
    expect(plain.kind === "cushion" && plain.pocket).toBeNull();
  });
});

describe("pocketAt and suggestWay", () => {
  it("a ball against the foot cushion far from the corners is in no pocket", () => {
    expect(pocketAt({ x: HALF_LENGTH - R, y: 0 })).toBeNull();
  });
  it("direct when the called ball heads into the pocket, bank when it meets a cushion first", () => {
    const ball = { x: 1, y: 0.3 };
    const mouth = POCKETS.FL.mouthCentre;
    const d = Math.hypot(mouth.x - ball.x, mouth.y - ball.y);
    const heading = { x: (mouth.x - ball.x) / d, y: (mouth.y - ball.y) / d };
    expect(suggestWay(ball, heading, "FL")).toBe("direct");
    expect(suggestWay(ball, { x: 0, y: -1 }, "FL")).toBe("bank");
  });
});

describe("bounce off a cushion (the first guide for a bank)", () => {
  it("mirrors the line off a long cushion: angle in equals angle out", () => {
    const c = firstContact({ id: 1, x: 0.3, y: 0 }, 45, []);
    if (c.kind !== "cushion") throw new Error("expected the cushion");
    expect(c.pocket).toBeNull();
    expect(c.bounce!.x).toBeCloseTo(Math.SQRT1_2, 12);
    expect(c.bounce!.y).toBeCloseTo(-Math.SQRT1_2, 12);
  });
  it("off the foot cushion the x component turns back", () => {
    const c = firstContact({ id: 1, x: 0, y: 0.2 }, 10, []);
    if (c.kind !== "cushion") throw new Error("expected the cushion");
    expect(c.bounce!.x).toBeLessThan(0);
    expect(c.bounce!.y).toBeGreaterThan(0);
  });
  it("no bounce into a pocket", () => {
    const c = firstContact({ id: 1, x: 0, y: 0 }, 90, []);
    expect(c.kind === "cushion" && c.bounce).toBeNull();
  });
});
