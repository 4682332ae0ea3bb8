import { isTranslating, STILL, setMotion } from "./ball.ts";
import { isOnTableRegion } from "./boundary.ts";
import { releaseSeparated } from "./contact-book.ts";
import { drift } from "./drift.ts";
import { keepPoint, offerPoint } from "./path-points.ts";
import { inMouthEvents } from "./pocket-drop.ts";
import { beginStep, endStep } from "./step-base.ts";
import { type StepWatcher, UNWATCHED } from "./step-watcher.ts";
import { isMoving, type World } from "./world.ts";

/**
 * The fixed-step simulator. Each step is kick–drift–kick: half a step of cloth friction, a drift in straight
 * lines during which every contact is found at its time of impact and resolved in time order, then the other
 * half of the friction. Friction phases have constant deceleration, and for a constant deceleration the drift
 * at the half-kicked velocity covers exactly the distance travelled in the step; the straight drift is within
 * a·dt²/8 (25 µm while sliding) of the true curved path.
 *
 * Contacts see the exact state: at a contact each ball's velocity and spin are re-derived in closed form for
 * that instant before the impulse (step-base.ts), so the step can be long; balls at rest cost nothing.
 */

/** Fixed time step: 100 steps per second (time is counted in steps, so it reads exactly: 7.02 s, not 7.0200…01). */
const STEPS_PER_SECOND = 100;
export const STEP = 1 / STEPS_PER_SECOND;
/** A shot that has not stopped after this long is stopped where it is (never reached in play). */
const MAX_SIMULATED_TIME = 300;

/** Runs to rest: every ball stopped (a spin about the vertical alone moves nothing), dropped or off the table. */
export function runToRest(world: World, watcher: StepWatcher = UNWATCHED): void {
  while (isMoving(world) && world.t < MAX_SIMULATED_TIME) stepWorld(world, watcher);
  world.balls.forEach((ball, i) => {
    if (!ball.onTable || !isTranslating(ball)) return;
    setMotion(ball, STILL);
    keepPoint(world, i, watcher);
  });
  world.events.push(...inMouthEvents(world.balls, world.t));
}

export function stepWorld(world: World, watcher: StepWatcher = UNWATCHED): void {
  const { balls, bases } = world;
  beginStep(bases, balls, STEP);
  drift(world, STEP, watcher);
  world.steps++;
  world.t = world.steps / STEPS_PER_SECOND;
  endStep(bases, balls, STEP);
  for (let k = 0; k < bases.drivenCount; k++) {
    const i = bases.drivenList[k]!;
    const ball = balls[i]!;
    if (!ball.onTable) continue;
    if (!isOnTableRegion(ball.x, ball.y)) {
      // Only a numerical escape could get here (jumps are not modelled): report it rather than lose the ball.
      ball.onTable = false;
      world.events.push({ t: world.t, type: "off-table", ball: ball.id });
      keepPoint(world, i, watcher);
    } else if (isTranslating(ball)) offerPoint(world, i, watcher);
    else keepPoint(world, i, watcher);
  }
  releaseSeparated(world.contacts);
}
