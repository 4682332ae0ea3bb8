import { type Stroke, strokeDirection } from "../shot/stroke.ts";
import type { SimBall } from "./ball.ts";
import { R, STROKE_SPIN_FACTOR } from "./constants.ts";

/**
 * A level cue's impulse J = m·v through the point b·R off centre gives the ball v and ω·R = 2.5·b·v
 * (angular impulse m·v·b·R = I·ω with I = 2/5·m·R²). Vertical offset spins about the horizontal axis across the stroke
 * (follow above centre, draw below); horizontal offset spins about the vertical: the tip pushing the right
 * side forward turns the ball counter-clockwise seen from above (ωz > 0 for right side).
 */
export function applyStroke(ball: SimBall, stroke: Stroke): void {
  const { dx, dy } = strokeDirection(stroke.angle);
  const v = stroke.speed;
  const side = stroke.offset?.x ?? 0;
  const height = stroke.offset?.y ?? 0;
  const spin = (STROKE_SPIN_FACTOR * v) / R;
  ball.vx = v * dx;
  ball.vy = v * dy;
  // ẑ × d = (−dy, dx): the axis about which a ball rolling along d turns.
  ball.wx = -dy * spin * height;
  ball.wy = dx * spin * height;
  ball.wz = spin * side;
  ball.moved = true;
}
