import type { CushionEvent, ShotEvent } from "@habibka/shared";
import { simulate, traceAt } from "@habibka/shared/physics";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, POCKETS, type Point } from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { angleOf } from "../src/game/aim-geometry.ts";
import { entersPocket, firstLeg, pocketOf, predictShot, type StrokeAim } from "../src/game/shot-guide.ts";

const R = BALL_RADIUS;
const rad = (d: number) => (d * Math.PI) / 180;

/** Angle difference in degrees, in (−180, 180]. */
function angleGap(a: number, b: number): number {
  const d = (((a - b) % 360) + 540) % 360;
  return d - 180;
}

/**
 * A two-ball table: the object ball at `object`, the cue ball `distance` behind the ghost ball of a `cut`
 * (degrees, + to the left of the aim) for a stroke along `aim`.
 */
function cutTable(object: Point, aim: number, cut: number, distance: number) {
  const n = { x: Math.cos(rad(aim + cut)), y: Math.sin(rad(aim + cut)) };
  const ghost = { x: object.x - 2 * R * n.x, y: object.y - 2 * R * n.y };
  const cue = { x: ghost.x - distance * Math.cos(rad(aim)), y: ghost.y - distance * Math.sin(rad(aim)) };
  return {
    balls: [
      { id: 1, ...cue },
      { id: 2, ...object },
    ],
    lineOfCentres: aim + cut,
  };
}

/**
 * Where a ball's line ends in the simulation: its first rail contact or pocket after time `after`, or where
 * it came to rest.
 */
function simulatedEnd(sim: ReturnType<typeof simulate>, ball: number, after: number): Point | null {
  const next = sim.events.find(
    (e): e is CushionEvent | Extract<ShotEvent, { type: "pocket" }> =>
      e.t > after && (e.type === "cushion" || e.type === "pocket") && e.ball === ball,
  );
  if (next?.type === "cushion") return { x: next.x, y: next.y };
  if (next?.type === "pocket") return traceAt(sim.trace!.find((tr) => tr.id === ball)!, next.t);
  return sim.rest.find((b) => b.id === ball) ?? null;
}

/** The simulator's and the guide's directions of travel for both balls, from the impact to the end of their line. */
function compare(object: Point, aim: number, cut: number, stroke: Omit<StrokeAim, "angle">, distance = 0.45) {
  const table = cutTable(object, aim, cut, distance);
  const sim = simulate({
    balls: table.balls,
    strokes: [{ cue: 1, angle: aim, speed: stroke.speed, offset: stroke.offset }],
    trace: true,
  });
  const impact = sim.events.find((e) => e.type === "collision");
  if (impact?.type !== "collision") throw new Error("the cue ball must reach the object ball");
  const guide = predictShot(table.balls[0]!, { ...stroke, angle: aim }, table.balls);
  const hit = guide.hit;
  if (!hit) throw new Error("the guide must reach the object ball");
  const heading = (from: Point, to: Point | null | undefined) => (to ? angleOf(to.x - from.x, to.y - from.y) : null);
  // The guide follows each ball as if the other stood still after the impact: a second impact before a ball's
  // line ends (a follow shot that catches the object ball) is one it does not draw, while one after it (a ball
  // back off the cushion into the other) leaves the line as it was.
  const lineEnds = (ball: number) =>
    sim.events.find((e) => e.t > impact.t && (e.type === "cushion" || e.type === "pocket") && e.ball === ball)?.t ??
    Number.POSITIVE_INFINITY;
  const caughtOnItsLine = (ball: number) =>
    sim.events.some((e) => e.type === "collision" && e.t > impact.t && e.t < lineEnds(ball));
  const objectStart = { x: impact.bx, y: impact.by };
  const cueStart = { x: impact.ax, y: impact.ay };
  return {
    table,
    hit,
    ghostError: Math.hypot(hit.ghost.x - cueStart.x, hit.ghost.y - cueStart.y),
    objectSim: caughtOnItsLine(2) ? null : heading(objectStart, simulatedEnd(sim, 2, impact.t)),
    objectGuide: heading(object, firstLeg(hit.path).at(-1)),
    cueSim: caughtOnItsLine(1) ? null : heading(cueStart, simulatedEnd(sim, 1, impact.t)),
    cueGuide: heading(hit.ghost, firstLeg(hit.cueAfter).at(-1)),
  };
}

const CUTS = [-70, -45, -30, -15, -5, 0, 5, 20, 35, 50, 65];
const SPEEDS = [0.8, 2.5, 6];
const TIPS = [
  { x: 0, y: 0 },
  { x: 0, y: 0.45 },
  { x: 0, y: -0.45 },
  { x: 0.4, y: 0 },
  { x: -0.3, y: 0.3 },
];

describe("the guide against the simulator (the object ball goes where its line is drawn)", () => {
  const table = CUTS.flatMap((cut) => SPEEDS.flatMap((speed) => TIPS.map((offset) => ({ cut, speed, offset }))));

  it.each(table)("cut $cut°, $speed m/s, tip $offset.x/$offset.y: both balls' directions within 0.1°", (c) => {
    const r = compare({ x: 0.35, y: 0.12 }, 17, c.cut, { speed: c.speed, offset: c.offset });
    expect(r.ghostError).toBeLessThan(1e-6);
    // On this table nothing catches the object ball before its first cushion: its line is compared every time.
    expect(r.objectSim).not.toBeNull();
    expect(r.objectGuide).not.toBeNull();
    expect(Math.abs(angleGap(r.objectGuide!, r.objectSim!))).toBeLessThan(0.1);
    // A full stun hit leaves the cue ball on the spot: it has no direction to compare.
    const cueMoved = Math.hypot(r.hit.cueAfter.end.x - r.hit.ghost.x, r.hit.cueAfter.end.y - r.hit.ghost.y) > 0.01;
    if (r.cueSim !== null && cueMoved) expect(Math.abs(angleGap(r.cueGuide!, r.cueSim))).toBeLessThan(0.1);
  });

  it("the throw is real: on cut shots the ideal line of centres misses the simulated direction by more than 0.1°", () => {
    const misses = [30, 45, 60].map((cut) => {
      const r = compare({ x: 0.35, y: 0.12 }, 17, cut, { speed: 0.8, offset: { x: 0, y: 0 } });
      return Math.abs(angleGap(r.table.lineOfCentres, r.objectSim!));
    });
    for (const miss of misses) expect(miss).toBeGreaterThan(0.5);
  });

  it("side spin throws the object ball: left and right English bend it opposite ways", () => {
    const left = compare({ x: 0.35, y: 0.12 }, 17, 0, { speed: 1.5, offset: { x: -0.4, y: 0 } });
    const right = compare({ x: 0.35, y: 0.12 }, 17, 0, { speed: 1.5, offset: { x: 0.4, y: 0 } });
    expect(Math.sign(angleGap(left.objectGuide!, 17))).toBe(-Math.sign(angleGap(right.objectGuide!, 17)));
    expect(Math.abs(angleGap(left.objectGuide!, 17))).toBeGreaterThan(0.5);
  });

  it("holds for any placement, cut, speed and tip (property)", () => {
    const numRuns = 80;
    let compared = 0;
    fc.assert(
      fc.property(
        fc.record({
          x: fc.double({ min: -0.9, max: 0.9, noNaN: true }),
          y: fc.double({ min: -0.4, max: 0.4, noNaN: true }),
          aim: fc.double({ min: 0, max: 360, noNaN: true }),
          cut: fc.double({ min: -75, max: 75, noNaN: true }),
          speed: fc.double({ min: 1, max: 8, noNaN: true }),
          tipX: fc.double({ min: -0.35, max: 0.35, noNaN: true }),
          tipY: fc.double({ min: -0.35, max: 0.35, noNaN: true }),
        }),
        (p) => {
          const table = cutTable({ x: p.x, y: p.y }, p.aim, p.cut, 0.5);
          const onCloth = table.balls.every(
            (b) => Math.abs(b.x) < HALF_LENGTH - 2 * R && Math.abs(b.y) < HALF_WIDTH - 2 * R,
          );
          // A draw that is no shot (the cue ball off the cloth, or the object ball caught on its line) is
          // skipped by fast-check, which draws another: only the runs that compare count towards `numRuns`.
          fc.pre(onCloth);
          const stroke = { speed: p.speed, offset: { x: p.tipX, y: p.tipY } };
          const r = compare({ x: p.x, y: p.y }, p.aim, p.cut, stroke, 0.5);
          fc.pre(r.objectSim !== null);
          expect(r.objectGuide).not.toBeNull();
          expect(Math.abs(angleGap(r.objectGuide!, r.objectSim!))).toBeLessThan(0.1);
          compared++;
        },
      ),
      // Skipped draws are rare: should they ever outnumber the compared ones, the property fails.
      { numRuns, maxSkipsPerRun: 1 },
    );
    expect(compared).toBe(numRuns);
  });
});

describe("the drawn lines", () => {
  it("the object ball's line ends at its first cushion, never through a rail", () => {
    const guide = predictShot({ id: 1, x: -0.5, y: 0 }, { angle: 0, speed: 3, offset: { x: 0, y: 0 } }, [
      { id: 1, x: -0.5, y: 0 },
      { id: 2, x: 0.2, y: 0.01 },
    ]);
    const leg = firstLeg(guide.hit!.path);
    const end = leg.at(-1)!;
    expect(Math.abs(end.x)).toBeLessThanOrEqual(HALF_LENGTH - R + 1e-9);
    expect(Math.abs(end.y)).toBeLessThanOrEqual(HALF_WIDTH - R + 1e-9);
    expect(end.x).toBeCloseTo(HALF_LENGTH - R, 6);
  });

  it("a line that reaches another ball first stops there", () => {
    const balls = [
      { id: 1, x: -0.5, y: 0 },
      { id: 2, x: 0.2, y: 0 },
      { id: 3, x: 0.8, y: 0 },
    ];
    const guide = predictShot(balls[0]!, { angle: 0, speed: 3, offset: { x: 0, y: 0 } }, balls);
    const path = guide.hit!.path;
    expect(path.contacts[0]).toMatchObject({ kind: "ball", ball: 3 });
    expect(firstLeg(path).at(-1)!.x).toBeCloseTo(0.8 - 2 * R, 6);
  });

  it("a straight pot into the corner enters the pocket, and one a degree off does not", () => {
    const pocket = POCKETS.FL;
    const target = { x: pocket.mouthCentre.x - 0.5, y: pocket.mouthCentre.y - 0.5 };
    const aim = angleOf(pocket.axis.x, pocket.axis.y);
    const behind = { x: target.x - 0.4 * pocket.axis.x, y: target.y - 0.4 * pocket.axis.y };
    const balls = [
      { id: 1, ...behind },
      { id: 2, ...target },
    ];
    const straight = predictShot(balls[0]!, { angle: aim, speed: 2, offset: { x: 0, y: 0 } }, balls);
    expect(entersPocket(straight.hit!.path)).toBe("FL");
    expect(pocketOf(straight.hit!.path)).toBe("FL");
    const off = predictShot(balls[0]!, { angle: aim + 1, speed: 2, offset: { x: 0, y: 0 } }, balls);
    expect(entersPocket(off.hit!.path)).toBeNull();
  });

  it("with nothing in the way, the cue ball's line runs to the cushion and on after it", () => {
    const guide = predictShot({ id: 1, x: 0, y: 0 }, { angle: 30, speed: 3, offset: { x: 0, y: 0 } }, []);
    expect(guide.hit).toBeNull();
    expect(guide.cue.contacts[0]?.kind).toBe("cushion");
    expect(guide.cue.contacts[0]?.at.y).toBeCloseTo(HALF_WIDTH - R, 6);
  });
});
