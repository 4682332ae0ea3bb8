import { portableMath } from "./portable-math.ts";

/**
 * The stroke: which ball the cue strikes, in which direction, how fast, and where the tip meets it. One
 * definition for the physics that plays it, the rules that judge it (a push, the coloured ball struck), the
 * messages that carry it and the `habibka-sim` scenario (docs/rules/sim-cli.md, `shot`).
 */
export interface Stroke {
  /** Id of the ball struck with the cue. */
  readonly cue: number;
  /** Direction of the stroke, degrees counter-clockwise from +x. */
  readonly angle: number;
  /** The cue ball's initial speed, m/s. */
  readonly speed: number;
  /** Where the tip meets the ball, as fractions of R seen from behind: x to the right, y up (follow > 0). */
  readonly offset?: TipOffset;
}

export interface TipOffset {
  readonly x: number;
  readonly y: number;
}

/** The fastest stroke accepted: 12 m/s (a strong break is 11–13 m/s). */
export const MAX_STROKE_SPEED = 12;
/** The farthest the tip may meet the ball from its centre, as a fraction of R (beyond it a real tip miscues). */
export const MAX_TIP_OFFSET = 0.8;

/** A speed the stroke may have: above 0 and at most `MAX_STROKE_SPEED`. */
export function isStrokeSpeedInRange(speed: number): boolean {
  return Number.isFinite(speed) && speed > 0 && speed <= MAX_STROKE_SPEED;
}

/** A tip offset within `MAX_TIP_OFFSET` of the centre (the distance, not each axis). */
export function isTipOffsetInRange(offset: TipOffset): boolean {
  return Number.isFinite(offset.x) && Number.isFinite(offset.y) && Math.hypot(offset.x, offset.y) <= MAX_TIP_OFFSET;
}

/** The unit vector a stroke at `angle` degrees sends the cue ball along, the same on every engine. */
export function strokeDirection(angle: number): { readonly dx: number; readonly dy: number } {
  const radians = (angle * Math.PI) / 180;
  return { dx: portableMath.cos(radians), dy: portableMath.sin(radians) };
}
