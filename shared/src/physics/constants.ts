import { portableMath } from "../shot/portable-math.ts";
import { BALL_MASS, BALL_RADIUS, CUSHION_NOSE_HEIGHT } from "../table/dimensions.ts";

/**
 * Every physical constant of the ball model, with its source (docs/PHYSICS.md lists them in one table).
 * SI units throughout.
 */

export const R = BALL_RADIUS;
export const MASS = BALL_MASS;
/** Solid sphere: I = 2/5·m·R². */
export const INERTIA = 0.4 * MASS * R * R;
export const GRAVITY = 9.81;

/** Ball–cloth sliding friction μs (Alciatore; pooltool 0.2; range 0.15–0.4). */
export const MU_SLIDE = 0.2;
/** Rolling resistance μr: a constant deceleration μr·g (pooltool 0.01; range 0.005–0.015). */
export const MU_ROLL = 0.01;
/** Decay of spin about the vertical axis, rad/s² (measured range 5–15 rad/s²). */
export const SPIN_DECAY = 10;

/** Ball–ball coefficient of restitution (pooltool 0.95; range 0.92–0.98). */
export const BALL_RESTITUTION = 0.95;
/** Ball–ball friction vs slip speed (Alciatore TP A-14): μ = a + b·e^(−c·v_rel). */
export const THROW_A = 0.00995;
export const THROW_B = 0.108;
export const THROW_C = 1.088;

/** Cushion model (Han 2005): restitution on the contact normal and Coulomb friction at the cushion nose. */
export const CUSHION_RESTITUTION = 0.85;
export const CUSHION_FRICTION = 0.2;
/** Contact point angle above the ball's equator: sin θ = h/R − 1 (nose height 42 mm, МКП): about 13.6°. */
export const CUSHION_ANGLE = portableMath.asin(CUSHION_NOSE_HEIGHT / R - 1);

/** Level-cue stroke: ω·R = 2.5·b·v for a tip offset b·R (impulse m·v through b·R on a solid sphere; research notes, shared/PHYSICS.md). */
export const STROKE_SPIN_FACTOR = 2.5;

/** Below these the ball has stopped: 0.1 mm/s and 0.01 rad/s (well under anything visible). */
export const REST_SPEED = 1e-4;
export const REST_SPIN = 1e-2;
/** Slip speed under which a ball counts as rolling (the analytic transition lands on zero anyway). */
export const ROLL_SLIP = 1e-6;
