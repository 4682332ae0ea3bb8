import { describe, expect, it } from "vitest";
import {
  angleBetween,
  bankPoint,
  cushionLine,
  cutAngle,
  directionOf,
  distance,
  ghostBall,
  isPathClear,
  mirrorPoint,
  normaliseAngle,
  ownBallContacts,
  ownBallCut,
} from "../../src/computer/geometry.ts";
import { bestPotChance, cutTolerance } from "../../src/computer/pot-chance.ts";
import { BALL_RADIUS, HALF_WIDTH } from "../../src/table/dimensions.ts";

const R = BALL_RADIUS;

describe("ghost ball", () => {
  it("stands one diameter behind the object ball on the line from the target through it", () => {
    const object = { x: 1, y: 0.2 };
    const target = { x: 1.6, y: 0.8 };
    const ghost = ghostBall(object, target);
    expect(distance(ghost, object)).toBeCloseTo(2 * R, 12);
    expect(directionOf(ghost, object)).toBeCloseTo(directionOf(object, target), 10);
  });
});

describe("cut angle", () => {
  it("is 0 for a straight-in shot and the geometric angle for a cut", () => {
    const object = { x: 0, y: 0 };
    const target = { x: 1, y: 0 };
    expect(cutAngle({ x: -1, y: 0 }, object, target)).toBeCloseTo(0, 10);
    // The cue ball on a line at 30° to the object ball's path, through the ghost ball.
    const ghost = ghostBall(object, target);
    const from = { x: ghost.x - Math.cos(Math.PI / 6), y: ghost.y - Math.sin(Math.PI / 6) };
    expect(cutAngle(from, object, target)).toBeCloseTo(30, 8);
  });

  it("gives a wider aim tolerance for a shorter, fuller shot", () => {
    const long = cutTolerance(1.5, 1, 20, 0.004);
    expect(cutTolerance(0.5, 1, 20, 0.004)).toBeGreaterThan(long);
    expect(cutTolerance(1.5, 0.3, 20, 0.004)).toBeGreaterThan(long);
    expect(cutTolerance(1.5, 1, 5, 0.004)).toBeGreaterThan(long);
    expect(cutTolerance(1.5, 1, 90, 0.004)).toBeLessThan(1e-12);
  });
});

describe("angles", () => {
  it("normalises to [0, 360) and measures the smaller difference", () => {
    expect(normaliseAngle(-90)).toBe(270);
    expect(normaliseAngle(720.5)).toBeCloseTo(0.5, 12);
    expect(angleBetween(350, 10)).toBeCloseTo(20, 12);
    expect(angleBetween(90, 270)).toBe(180);
  });
});

describe("bank by the mirror", () => {
  const line = cushionLine("LF");

  it("puts the ball-centre line one radius inside the cushion nose", () => {
    expect(line.from.y).toBeCloseTo(HALF_WIDTH - R, 12);
    expect(line.to.y).toBeCloseTo(HALF_WIDTH - R, 12);
  });

  it("reflects a point in the cushion line", () => {
    const image = mirrorPoint({ x: 0.5, y: 0.2 }, line);
    expect(image.x).toBeCloseTo(0.5, 12);
    expect(image.y).toBeCloseTo(2 * (HALF_WIDTH - R) - 0.2, 12);
  });

  it("meets the cushion where the angle of incidence equals the angle of reflection", () => {
    const from = { x: 0.4, y: -0.3 };
    const target = { x: 1.4, y: -0.5 };
    const hit = bankPoint(from, target, line)!;
    expect(hit).not.toBeNull();
    expect(hit.y).toBeCloseTo(HALF_WIDTH - R, 12);
    const incoming = directionOf(from, hit);
    const outgoing = directionOf(hit, target);
    // Off a cushion along x the y component flips: the two directions mirror about the x axis.
    expect(normaliseAngle(outgoing)).toBeCloseTo(normaliseAngle(-incoming), 8);
  });

  it("finds no bank when the straight line would meet the cushion past its ends", () => {
    expect(bankPoint({ x: 0.05, y: -0.3 }, { x: -0.05, y: -0.5 }, line)).toBeNull();
  });
});

describe("свояк contact (the cue ball's own ghost)", () => {
  it("leaves the cue ball on the tangent line through the target: the line of centres is square to it", () => {
    const object = { x: 0, y: 0 };
    const target = { x: 1, y: 0.5 };
    const contacts = ownBallContacts(object, target);
    expect(contacts).toHaveLength(2);
    for (const c of contacts) {
      expect(distance(c, object)).toBeCloseTo(2 * R, 12);
      const n = { x: object.x - c.x, y: object.y - c.y };
      const t = { x: target.x - c.x, y: target.y - c.y };
      expect(n.x * t.x + n.y * t.y).toBeCloseTo(0, 12);
    }
  });

  it("accepts only a cue ball that arrives with its tangential motion towards the target", () => {
    const object = { x: 0, y: 0 };
    const target = { x: 1, y: 0 };
    const [contact] = ownBallContacts(object, target).filter((c) => c.y > 0);
    // Arriving from the upper left the ball glances off towards +x; from the upper right it would go back.
    expect(ownBallCut({ x: -0.5, y: 0.4 }, contact!, object, target)).not.toBeNull();
    expect(ownBallCut({ x: 0.6, y: 0.4 }, contact!, object, target)).toBeNull();
  });
});

describe("clear paths", () => {
  it("is blocked by a ball closer than a diameter to the path, and not by the balls skipped", () => {
    const balls = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 1, y: 0 },
      { id: 3, x: 0.5, y: 0.05 },
    ];
    expect(isPathClear(balls, balls[0]!, balls[1]!, [1, 2])).toBe(false);
    expect(isPathClear(balls, balls[0]!, balls[1]!, [1, 2, 3])).toBe(true);
    expect(isPathClear([...balls.slice(0, 2), { id: 3, x: 0.5, y: 0.2 }], balls[0]!, balls[1]!, [1, 2])).toBe(true);
  });
});

describe("best pot chance on a table (the leave estimate)", () => {
  const object = { id: 3, x: 1.4, y: 0.5 };
  const cue = { id: 7, x: 0.9, y: 0.1 };

  it("rates an open cut, and less so for a worse aim", () => {
    const good = bestPotChance([cue, object], false, 0.015);
    expect(good).toBeGreaterThan(0.5);
    expect(bestPotChance([cue, object], false, 0.25)).toBeLessThan(good);
  });

  it("falls when the coloured ball stands between the two white balls", () => {
    const between = { id: 0, x: (cue.x + object.x) / 2, y: (cue.y + object.y) / 2 };
    const blocked = bestPotChance([cue, object, between], false, 0.015);
    expect(blocked).toBeLessThan(bestPotChance([cue, object], false, 0.015));
  });

  it("never counts the coloured ball as an object ball outside last-ball play", () => {
    const coloured = { id: 0, x: 1.6, y: 0.7 };
    const alone = [{ id: 7, x: 1.2, y: 0.4 }, coloured];
    expect(bestPotChance(alone, false, 0.015)).toBe(0);
    expect(bestPotChance(alone, true, 0.015)).toBeGreaterThan(0.5);
  });
});
