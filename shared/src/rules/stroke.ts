import {
  isStrokeSpeedInRange,
  isTipOffsetInRange,
  MAX_STROKE_SPEED,
  MAX_TIP_OFFSET,
  type Stroke,
} from "../shot/stroke.ts";
import { fail, ok, type Result } from "./result.ts";

export type StrokeErrorCode = "stroke-invalid-angle" | "stroke-invalid-speed" | "stroke-invalid-offset";

/** The stroke's ranges (shot/stroke.ts) as a rule error; the ball itself is checked against the table by the match flow. */
export function validateStroke(stroke: Stroke): Result<Stroke, StrokeErrorCode> {
  if (!Number.isFinite(stroke.angle)) {
    return fail(
      "stroke-invalid-angle",
      "The stroke direction must be a finite number of degrees.",
      "Направление удара должно быть конечным числом градусов.",
      "angle",
    );
  }
  if (!isStrokeSpeedInRange(stroke.speed)) {
    return fail(
      "stroke-invalid-speed",
      `The stroke speed must be above 0 and at most ${MAX_STROKE_SPEED} m/s.`,
      `Скорость удара должна быть больше 0 и не больше ${MAX_STROKE_SPEED} м/с.`,
      "speed",
    );
  }
  if (!isTipOffsetInRange(stroke.offset ?? { x: 0, y: 0 })) {
    return fail(
      "stroke-invalid-offset",
      `The tip offset must be finite and at most ${MAX_TIP_OFFSET} of the radius from the centre.`,
      `Смещение наклейки должно быть конечным и не больше ${MAX_TIP_OFFSET} радиуса от центра.`,
      "offset",
    );
  }
  return ok(stroke);
}
