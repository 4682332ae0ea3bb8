/**
 * What an aiming guide needs to predict a stroke the way the simulator plays it, without the simulator:
 * the laws of a single ball (the stroke, the cloth, a cushion) and of an impact (the shared throw law), the
 * rails and pockets as a ball centre sees them, and the contact-time solvers. Each is a pure function of one
 * or two balls' state (and where a ball may stand, for placing one by hand); the world, its event log and the trace recorder stay in `@habibka/shared/physics`,
 * out of the browser bundle.
 */
export { createBall, isTranslating, type SimBall } from "../physics/ball.ts";
export { resolveBallCollision } from "../physics/ball-collision.ts";
export { canBallStandAt, DROP_ZONES, OBSTACLES, type Obstacle } from "../physics/boundary.ts";
export { evolveOnCloth } from "../physics/cloth.ts";
export { R } from "../physics/constants.ts";
export { discContactTime, lineContactTime } from "../physics/contact-time.ts";
export { resolveCushionCollision } from "../physics/cushion-collision.ts";
export { applyStroke } from "../physics/stroke.ts";
