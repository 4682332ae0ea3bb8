import type { CentreLineEvent, LongAxisEvent } from "../shot/shot-events.ts";
import { resolveContact, stopJammed } from "./contact-resolution.ts";
import { noteCrossing } from "./crossings.ts";
import type { StepWatcher } from "./step-watcher.ts";
import type { World } from "./world.ts";

/** Impacts resolved in one step beyond which a cluster counts as jammed (a guard against endless loops). */
const MAX_EVENTS_PER_STEP = 10_000;

/**
 * Moves every moving ball for `h` seconds in straight lines, stopping at each contact the engine finds (in time
 * order) to resolve it with the shared model.
 */
export function drift(world: World, h: number, watcher: StepWatcher): void {
  if (isQuiet(world, h)) {
    advance(world, h, world.t);
    return;
  }
  let elapsed = 0;
  for (let count = 0; ; count++) {
    const next = world.finder.earliest(world.balls, h - elapsed);
    const span = next ? next.time : h - elapsed;
    advance(world, span, world.t + elapsed);
    elapsed += span;
    if (!next) return;
    if (count > MAX_EVENTS_PER_STEP && next.kind !== "drop") stopJammed(world, next, elapsed, h);
    else resolveContact(world, next, elapsed, h, watcher);
  }
}

/** The longest run of drifts that search as usual after the finder could promise no quiet one. */
const MAX_QUIET_WAIT = 8;

/**
 * True when this drift is one the finder has promised to find nothing in (`ContactFinder.quietDrifts`). Asking
 * costs about one search, so after a refusal it waits before asking again, longer after each refusal: near a
 * cushion or in a cluster the answer stays no for a while.
 */
function isQuiet(world: World, h: number): boolean {
  const quiet = world.quiet;
  if (quiet.left > 0) {
    quiet.left--;
    return true;
  }
  if (!world.finder.quietDrifts) return false;
  if (quiet.wait > 0) {
    quiet.wait--;
    return false;
  }
  const drifts = world.finder.quietDrifts(world.balls, h);
  if (drifts === 0) {
    quiet.refused = Math.min(MAX_QUIET_WAIT, quiet.refused * 2 || 1);
    quiet.wait = quiet.refused;
    return false;
  }
  quiet.refused = 0;
  quiet.left = drifts - 1;
  return true;
}

/** Straight-line motion of every ball for `span` seconds from time `t0`, logging the crossings on the way. */
function advance(world: World, span: number, t0: number): void {
  if (span <= 0) return;
  const crossings: (CentreLineEvent | LongAxisEvent)[] = [];
  const { balls, bases } = world;
  const [centreLine, longAxis] = world.axes;
  // Only a driven ball can have a velocity: at rest since the step began means still at rest.
  for (let k = 0; k < bases.drivenCount; k++) {
    const i = bases.drivenList[k]!;
    const ball = balls[i]!;
    if (!ball.onTable || (ball.vx === 0 && ball.vy === 0)) continue;
    const x0 = ball.x;
    const y0 = ball.y;
    ball.x += ball.vx * span;
    ball.y += ball.vy * span;
    noteCrossing(centreLine, i, ball.id, x0, ball.x, ball.vx, t0, crossings);
    noteCrossing(longAxis, i, ball.id, y0, ball.y, ball.vy, t0, crossings);
  }
  if (crossings.length > 1) crossings.sort((p, q) => p.t - q.t);
  for (const c of crossings) world.events.push(c);
}
