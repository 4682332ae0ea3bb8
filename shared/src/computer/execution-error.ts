import type { Random } from "../random.ts";
import { PUSH_MAX_ANGLE_DEG, PUSH_MAX_GAP } from "../rules/push.ts";
import { MAX_STROKE_SPEED } from "../shot/stroke.ts";
import type { BallPosition } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import type { FullStroke } from "./decision.ts";
import { angleBetween, directionOf, distance, normaliseAngle } from "./geometry.ts";
import type { LevelSpec } from "./levels.ts";

/**
 * A player's execution error: the stroke actually played differs from the one meant by a normal error in
 * direction, a relative one in speed and one in each tip component. The search tests its finalists with the
 * same errors it then adds to the chosen stroke, so its estimate of success is about the shot as it will be
 * played.
 */

/** The tip never goes past this (the contract allows 0.8 of the radius; a player keeps well inside). */
const TIP_LIMIT = 0.7;
const MIN_SPEED = 0.05;

/** One error draw in units of the level's standard deviations, so several strokes can share the same draws. */
export interface ErrorDraw {
  readonly aim: number;
  readonly speed: number;
  readonly side: number;
  readonly height: number;
}

/** A standard normal variate (Box–Muller) from the seeded generator. */
export function normal(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

export function drawError(random: Random): ErrorDraw {
  return { aim: normal(random), speed: normal(random), side: normal(random), height: normal(random) };
}

/**
 * True when a ball lies so close and so full in the stroke's way that follow would be a push-through (I17):
 * then the tip must not go above the centre.
 */
export function isPushRisk(stroke: Pick<FullStroke, "cue" | "angle">, table: readonly BallPosition[]): boolean {
  const cue = table.find((b) => b.id === stroke.cue);
  if (!cue) return false;
  return table.some(
    (b) =>
      b.id !== stroke.cue &&
      distance(cue, b) - 2 * BALL_RADIUS <= PUSH_MAX_GAP + 1e-9 &&
      angleBetween(directionOf(cue, b), stroke.angle) <= PUSH_MAX_ANGLE_DEG + 1e-6,
  );
}

/** Keeps a tip within the limit, and at or below the centre where follow would be a push. */
export function clampTip(
  offset: { x: number; y: number },
  pushRisk: boolean,
): { readonly x: number; readonly y: number } {
  let { x, y } = offset;
  if (pushRisk && y > 0) y = 0;
  const length = Math.hypot(x, y);
  if (length > TIP_LIMIT) {
    x = (x / length) * TIP_LIMIT;
    y = (y / length) * TIP_LIMIT;
  }
  return { x, y };
}

export function clampSpeed(speed: number): number {
  return Math.min(MAX_STROKE_SPEED, Math.max(MIN_SPEED, speed));
}

/** The stroke as played after an error draw. */
export function applyError(
  stroke: FullStroke,
  draw: ErrorDraw,
  level: LevelSpec,
  table: readonly BallPosition[],
): FullStroke {
  const angle = normaliseAngle(stroke.angle + draw.aim * level.aimError);
  return {
    cue: stroke.cue,
    angle,
    speed: clampSpeed(stroke.speed * (1 + draw.speed * level.speedError)),
    offset: clampTip(
      { x: stroke.offset.x + draw.side * level.tipError, y: stroke.offset.y + draw.height * level.tipError },
      isPushRisk({ cue: stroke.cue, angle }, table),
    ),
  };
}
