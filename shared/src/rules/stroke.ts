import { fail, ok, type Result } from "./result.ts";

/**
 * The stroke as the contract describes it (docs/rules/sim-cli.md, `shot`): the cue ball, the direction in degrees
 * counter-clockwise from +x, the cue ball's initial speed in m/s, and where the tip meets the ball as
 * fractions of the radius seen from behind (x right, y up: follow > 0, draw < 0).
 */
export interface Stroke {
  readonly cue: number;
  readonly angle: number;
  readonly speed: number;
  readonly offset?: { readonly x: number; readonly y: number };
}

export const MAX_SPEED = 12;
export const MAX_OFFSET = 0.8;

export type StrokeErrorCode = "stroke-invalid-angle" | "stroke-invalid-speed" | "stroke-invalid-offset";

/** Range checks from the contract; the ball itself is checked against the table by the match flow. */
export function validateStroke(stroke: Stroke): Result<Stroke, StrokeErrorCode> {
  if (!Number.isFinite(stroke.angle)) {
    return fail(
      "stroke-invalid-angle",
      "The stroke direction must be a finite number of degrees.",
      "Направление удара должно быть конечным числом градусов.",
      "angle",
    );
  }
  if (!Number.isFinite(stroke.speed) || stroke.speed <= 0 || stroke.speed > MAX_SPEED) {
    return fail(
      "stroke-invalid-speed",
      `The stroke speed must be above 0 and at most ${MAX_SPEED} m/s.`,
      `Скорость удара должна быть больше 0 и не больше ${MAX_SPEED} м/с.`,
      "speed",
    );
  }
  const offset = stroke.offset ?? { x: 0, y: 0 };
  if (!Number.isFinite(offset.x) || !Number.isFinite(offset.y) || Math.hypot(offset.x, offset.y) > MAX_OFFSET) {
    return fail(
      "stroke-invalid-offset",
      `The tip offset must be finite and at most ${MAX_OFFSET} of the radius from the centre.`,
      `Смещение наклейки должно быть конечным и не больше ${MAX_OFFSET} радиуса от центра.`,
      "offset",
    );
  }
  return ok(stroke);
}
