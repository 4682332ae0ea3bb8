import type { CollisionEvent, CushionEvent } from "@habibka/shared";
import { OBSTACLES } from "@habibka/shared/aim";
import { simulate } from "@habibka/shared/physics";
import {
  BALL_RADIUS,
  CUSHIONS,
  HALF_LENGTH,
  HALF_WIDTH,
  POCKETS,
  type Point,
  startingPosition,
} from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Circle } from "../src/game/aim-geometry.ts";
import type { RunContact } from "../src/game/ball-run.ts";
import { guideLines } from "../src/game/guide-overlay.ts";
import { predictShot } from "../src/game/shot-guide.ts";
import { practiceRack } from "../src/practice/practice-rack.ts";

/**
 * The cue ball's guide off the cushions: drawn whole from the cue ball to the first ball it meets, each run
 * ending on a rail, in a pocket or at that ball, and each rebound the one the server's physics plays.
 */

const R = BALL_RADIUS;
const TOUCH = 1e-6;

/** The drawn path of the cue ball: the aim line and the rebounds after it, as one polyline. */
function drawnPath(lines: ReturnType<typeof guideLines>): Point[] {
  return lines.rebound.length > 0 ? [...lines.aim, ...lines.rebound.slice(1)] : [...lines.aim];
}

const onCloth = (p: Point) => Math.abs(p.x) <= HALF_LENGTH - R + TOUCH && Math.abs(p.y) <= HALF_WIDTH - R + TOUCH;
/** Past the cushion lines only in a pocket's mouth and corridor, where a ball runs in. */
const inPocketMouth = (p: Point) =>
  Object.values(POCKETS).some((k) => Math.hypot(p.x - k.mouthCentre.x, p.y - k.mouthCentre.y) < 0.1);

/** The centre is touching a rail: a cushion's nose line, a jaw's rounded nose or a jaw's wall. */
function touchesRail(p: Point): boolean {
  return OBSTACLES.some((o) => {
    if (o.kind === "nose") return Math.abs(Math.hypot(p.x - o.cx, p.y - o.cy) - o.reach) < TOUCH;
    const rx = p.x - o.ax;
    const ry = p.y - o.ay;
    const along = rx * o.dx + ry * o.dy;
    return Math.abs(Math.abs(rx * o.nx + ry * o.ny) - R) < TOUCH && along >= -TOUCH && along <= o.length + TOUCH;
  });
}

/** Angle between a direction and a cushion's normal (into the table), signed along the cushion. */
function sideways(d: Point, normal: Point): number {
  return d.x * -normal.y + d.y * normal.x;
}

/** Spots in the open, none overlapping the ones before it (a ball that would is left out, not redrawn). */
function standing(spots: readonly Point[]): Circle[] {
  const balls: Circle[] = [];
  for (const [i, s] of spots.entries()) {
    if (balls.every((b) => Math.hypot(b.x - s.x, b.y - s.y) > 2 * R + 1e-3)) balls.push({ id: i + 1, ...s });
  }
  return balls;
}

const spot = fc.record({
  x: fc.double({ min: -(HALF_LENGTH - 2 * R), max: HALF_LENGTH - 2 * R, noNaN: true }),
  y: fc.double({ min: -(HALF_WIDTH - 2 * R), max: HALF_WIDTH - 2 * R, noNaN: true }),
});

describe("the guide follows the cue ball off the cushions", () => {
  it("at 30° from the house of the practice rack, off the long cushion to a ball of the pyramid", () => {
    const rack = practiceRack();
    const cue = rack.balls.find((b) => b.id === 1)!;
    const lines = guideLines(predictShot(cue, { angle: 30, speed: 8, offset: { x: 0, y: 0 } }, rack.balls), false);
    expect(lines.legs).toBe(2);
    expect(lines.firstBall).not.toBeNull();
    expect(lines.foul).toBeNull();
    // The drawn path is joined: the aim's end is the rebound's start, and the rebound ends at the ghost ball.
    expect(lines.rebound[0]).toEqual(lines.aim.at(-1));
    expect(lines.rebound.at(-1)).toEqual(lines.ghost);
    expect(lines.aim.at(-1)!.y).toBeCloseTo(HALF_WIDTH - R, 9);
  });

  it("a cue ball that runs off a cushion into the coloured ball is a foul; in last-ball play it is not", () => {
    const cue = { id: 1, x: -1.1375, y: 0.3 };
    const stroke = { angle: 30, speed: 8, offset: { x: 0, y: 0 } };
    const alone = predictShot(cue, stroke, [cue]);
    // The coloured ball stood on the line the cue ball takes after the cushion, 0.4 m on.
    const afterRail = alone.cue.points.indexOf(alone.cue.contacts[0]!.at);
    const on = alone.cue.points
      .slice(afterRail)
      .find((p, i, all) => i > 0 && Math.hypot(p.x - all[0]!.x, p.y - all[0]!.y) > 0.4)!;
    const coloured = { id: 0, ...on };
    const others = startingPosition().filter((b) => b.id > 1 && b.x > 0.9);
    const match = guideLines(predictShot(cue, stroke, [cue, coloured, ...others]), false);
    expect(match).toMatchObject({ firstBall: 0, foul: "coloured", legs: 2 });
    const lastBall = guideLines(predictShot(cue, stroke, [cue, coloured]), false);
    expect(lastBall).toMatchObject({ firstBall: 0, foul: null });
    // A white ball in its place is a plain contact.
    const white = guideLines(predictShot(cue, stroke, [cue, { ...coloured, id: 5 }, ...others]), false);
    expect(white).toMatchObject({ firstBall: 5, foul: null });
  });

  it("the lag shows its aim to the cushion only", () => {
    const cue = { id: 1, x: -1.2, y: 0.2 };
    const lines = guideLines(predictShot(cue, { angle: 10, speed: 2, offset: { x: 0, y: 0 } }, [cue]), true);
    expect(lines.rebound).toEqual([]);
    expect(lines.legs).toBe(1);
  });

  it("inside the table, every run ending on a rail, a pocket or the first ball, rebounds as the server plays them (property)", () => {
    const numRuns = 150;
    let runs = 0;
    let rebounds = 0;
    fc.assert(
      fc.property(
        spot,
        fc.array(spot, { maxLength: 5 }),
        fc.double({ min: 0, max: 360, noNaN: true, maxExcluded: true }),
        fc.double({ min: 0.8, max: 8, noNaN: true }),
        fc.double({ min: -0.35, max: 0.35, noNaN: true }),
        fc.double({ min: -0.35, max: 0.35, noNaN: true }),
        fc.boolean(),
        (cueSpot, spots, angle, speed, tipX, tipY, noSide) => {
          const balls = standing([cueSpot, ...spots]);
          const cue = balls[0]!;
          const offset = { x: noSide ? 0 : tipX, y: tipY };
          const guide = predictShot(cue, { angle, speed, offset }, balls);
          const lines = guideLines(guide, false);
          const path = drawnPath(lines);
          // The whole approach is drawn, joined to the ghost ball.
          expect(path).toEqual(guide.cue.points);
          if (guide.hit) expect(path.at(-1)).toEqual(guide.hit.ghost);

          for (const p of path) expect(onCloth(p) || inPocketMouth(p), `(${p.x}, ${p.y}) on the table`).toBe(true);
          // No ball is passed through on the way: the one met is the first.
          const others = balls.slice(1);
          for (const p of path)
            for (const b of others) expect(Math.hypot(p.x - b.x, p.y - b.y)).toBeGreaterThan(2 * R - TOUCH);

          // Each run ends at a contact: a rail, a pocket, the first ball; the last may end where the ball stops.
          const contacts = guide.cue.contacts;
          for (const [i, c] of contacts.entries()) {
            if (c.kind === "cushion") expect(touchesRail(c.at), `contact ${i} on a rail`).toBe(true);
            if (c.kind === "drop") expect(inPocketMouth(c.at)).toBe(true);
            if (c.kind === "ball") {
              const met = others.find((b) => b.id === c.ball)!;
              expect(Math.hypot(c.at.x - met.x, c.at.y - met.y)).toBeCloseTo(2 * R, 6);
              expect(lines.firstBall).toBe(c.ball);
            }
            // Only rails are come off: a pocket or a ball ends the path.
            if (c.kind !== "cushion") expect(i).toBe(contacts.length - 1);
          }
          if (contacts.at(-1)?.kind !== "ball") expect(lines.firstBall).toBeNull();
          expect(lines.legs).toBe(legsBetween(path, contacts));

          // Rebounds: off each straight cushion the ball comes in and goes out, keeping its way along the
          // cushion unless side spin turns it, and at the very spot the simulator has the contact.
          for (const c of contacts) {
            if (c.kind !== "cushion" || c.jaw !== null) continue;
            const at = path.indexOf(c.at);
            const before = path[at - 1];
            const after = path[at + 1];
            if (!before || !after) continue;
            const normal = CUSHIONS[c.cushion].normal;
            const din = { x: c.at.x - before.x, y: c.at.y - before.y };
            const dout = { x: after.x - c.at.x, y: after.y - c.at.y };
            expect(din.x * normal.x + din.y * normal.y).toBeLessThan(0);
            expect(dout.x * normal.x + dout.y * normal.y).toBeGreaterThan(0);
            if (offset.x === 0) expect(sideways(din, normal) * sideways(dout, normal)).toBeGreaterThanOrEqual(-1e-12);
            rebounds++;
          }
          expectServerRebounds(balls, cue.id, { angle, speed, offset }, contacts);
          runs++;
        },
      ),
      { numRuns },
    );
    expect(runs).toBe(numRuns);
    // Most draws come off a rail at least once before their first ball: the rebound checks did run.
    expect(rebounds).toBeGreaterThan(numRuns / 3);
  });
});

/** The runs of the drawn path: one, and one more after each rail contact with path after it. */
function legsBetween(path: readonly Point[], contacts: readonly RunContact[]): number {
  return 1 + contacts.filter((c) => c.kind === "cushion" && path.indexOf(c.at) < path.length - 1).length;
}

/** The guide's rail contacts before the first ball are the simulator's, up to a jaw (where a rattle may part them). */
function expectServerRebounds(
  balls: readonly Circle[],
  cue: number,
  stroke: { angle: number; speed: number; offset: Point },
  contacts: readonly RunContact[],
): void {
  const sim = simulate({ balls, strokes: [{ cue, ...stroke }] });
  const firstImpact =
    sim.events.find((e): e is CollisionEvent => e.type === "collision")?.t ?? Number.POSITIVE_INFINITY;
  const simRails = sim.events.filter(
    (e): e is CushionEvent => e.type === "cushion" && e.ball === cue && e.t < firstImpact,
  );
  for (const [i, c] of contacts.entries()) {
    if (c.kind !== "cushion") break;
    const e = simRails[i];
    expect(e, `the simulator's rail contact ${i}`).toBeDefined();
    expect(Math.hypot(e!.x - c.at.x, e!.y - c.at.y)).toBeLessThan(1e-3);
    if (c.jaw !== null || e!.jaw !== undefined) break;
  }
}
