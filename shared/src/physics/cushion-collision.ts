import { portableMath } from "../shot/portable-math.ts";
import type { SimBall } from "./ball.ts";
import { RESTING_APPROACH } from "./ball-collision.ts";
import { CUSHION_ANGLE, CUSHION_FRICTION, CUSHION_RESTITUTION, MASS, R } from "./constants.ts";
import { MIN_APPROACH } from "./contact-time.ts";

const COS = portableMath.cos(CUSHION_ANGLE);
const SIN = portableMath.sin(CUSHION_ANGLE);
const INV_INERTIA = 1 / (0.4 * MASS * R * R);

/**
 * Han (2005) cushion impact: the cushion nose touches the ball above its equator, at angle θ (sin θ = h/R − 1),
 * so the contact normal is tilted by θ. One impulse resolves the impact:
 * - normal: Poisson restitution e on the tilted normal, J_N = (1 + e)·m·(v·n)·cos θ (the normal passes
 *   through the centre, so spin does not change it);
 * - tangent: Coulomb friction μ·J_N opposing the contact point's slip, capped at (2/7)·m·|slip| (sticking);
 * - the vertical part of the impulse is taken by the slate (no jump), as in Han's planar treatment.
 * `nx, ny` is the unit horizontal direction from the ball's centre towards the cushion (or jaw nose/wall).
 * Returns false when the ball was not moving into the cushion.
 */
export function resolveCushionCollision(ball: SimBall, nx: number, ny: number): boolean {
  const normalSpeed = ball.vx * nx + ball.vy * ny;
  if (normalSpeed <= MIN_APPROACH / 2) return false;
  const restitution = normalSpeed < RESTING_APPROACH ? 0 : CUSHION_RESTITUTION;
  const jn = (1 + restitution) * MASS * normalSpeed * COS;

  // Contact arm r = R·(cos θ·n + sin θ·ẑ); contact-point velocity u = v + ω × r.
  const rx = R * COS * nx;
  const ry = R * COS * ny;
  const rz = R * SIN;
  const ux = ball.vx + (ball.wy * rz - ball.wz * ry);
  const uy = ball.vy + (ball.wz * rx - ball.wx * rz);
  const uz = ball.wx * ry - ball.wy * rx;
  // Tangential slip: remove the component along the contact normal r̂.
  const along = (ux * rx + uy * ry + uz * rz) / R;
  const sx = ux - (along * rx) / R;
  const sy = uy - (along * ry) / R;
  const sz = uz - (along * rz) / R;
  const slip = Math.hypot(sx, sy, sz);

  let jx = -jn * COS * nx;
  let jy = -jn * COS * ny;
  if (slip > 0) {
    const friction = Math.min(CUSHION_FRICTION * jn, (2 / 7) * MASS * slip);
    const fx = (-friction * sx) / slip;
    const fy = (-friction * sy) / slip;
    const fz = (-friction * sz) / slip;
    jx += fx;
    jy += fy;
    ball.wx += INV_INERTIA * (ry * fz - rz * fy);
    ball.wy += INV_INERTIA * (rz * fx - rx * fz);
    ball.wz += INV_INERTIA * (rx * fy - ry * fx);
  }
  ball.vx += jx / MASS;
  ball.vy += jy / MASS;
  ball.moved = true;
  return true;
}
