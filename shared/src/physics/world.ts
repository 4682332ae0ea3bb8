import type { ShotEvent } from "../shot/shot-events.ts";
import type { Stroke } from "../shot/stroke.ts";
import type { BallTrace } from "../shot/trace-codec.ts";
import type { BallPosition } from "../table/balls.ts";
import { createBall, isTranslating, type SimBall } from "./ball.ts";
import type { ContactFinder } from "./contact.ts";
import type { ContactBook } from "./contact-book.ts";
import { type AxisSides, axisSides } from "./crossings.ts";
import { contactFinder, DEFAULT_ENGINE, type EngineName } from "./engines.ts";
import { createStepBases, type StepBases } from "./step-base.ts";
import { applyStroke } from "./stroke.ts";
import { TraceRecorder } from "./trace-recorder.ts";

/** Trace samples keep linear interpolation within this distance of the path (the binary form adds < 0.1 mm). */
export const TRACE_TOLERANCE = 0.0005;

export interface WorldOptions {
  readonly trace?: boolean;
  /** The engine that finds contacts (exact unless given). */
  readonly engine?: EngineName;
}

/** The state of one shot being simulated. */
export interface World {
  /** Balls in ascending id order: iteration order is fixed, so results are bit-identical run to run. */
  readonly balls: SimBall[];
  readonly events: ShotEvent[];
  t: number;
  steps: number;
  readonly recorders: (TraceRecorder | null)[];
  /** The centre line (I4) and the long axis (I21), with the side each ball's centre was last on. */
  readonly axes: readonly [centreLine: AxisSides, longAxis: AxisSides];
  readonly contacts: ContactBook;
  readonly bases: StepBases;
  readonly finder: ContactFinder;
  /** Drifts left that the finder promised to find nothing in; after a refusal, drifts to search before asking. */
  readonly quiet: { left: number; wait: number; refused: number };
}

export function createWorld(positions: readonly BallPosition[], options: WorldOptions = {}): World {
  const balls = [...positions].sort((a, b) => a.id - b.id).map((p) => createBall(p.id, p.x, p.y));
  const xs = balls.map((b) => b.x);
  const ys = balls.map((b) => b.y);
  return {
    balls,
    events: [],
    t: 0,
    steps: 0,
    recorders: balls.map((b) => (options.trace ? new TraceRecorder(0, b.x, b.y, TRACE_TOLERANCE) : null)),
    axes: [axisSides("centre-line", xs), axisSides("long-axis", ys)],
    contacts: new Map(),
    bases: createStepBases(balls.length),
    finder: contactFinder(options.engine ?? DEFAULT_ENGINE, balls),
    quiet: { left: 0, wait: 0, refused: 0 },
  };
}

/** Strikes the cue balls at t = 0 (two strokes at once for the lag, I21). */
export function strike(world: World, strokes: readonly Stroke[]): void {
  for (const stroke of strokes) {
    const ball = world.balls.find((b) => b.id === stroke.cue && b.onTable);
    if (!ball) throw new Error(`simulate: cue ball ${stroke.cue} is not on the table`);
    applyStroke(ball, stroke);
    world.events.push({ t: world.t, type: "strike", ball: ball.id });
  }
}

/** True while some ball on the table still translates or slips. */
export function isMoving(world: World): boolean {
  return world.balls.some((b) => b.onTable && isTranslating(b));
}

export function restPositions(world: World): BallPosition[] {
  return world.balls.filter((b) => b.onTable).map((b) => ({ id: b.id, x: b.x, y: b.y }));
}

export function traces(world: World): BallTrace[] {
  const out: BallTrace[] = [];
  world.balls.forEach((ball, i) => {
    const recorder = world.recorders[i];
    if (recorder && ball.moved) out.push(recorder.finish(ball.id));
  });
  return out;
}
