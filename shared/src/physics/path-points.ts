import type { StepWatcher } from "./step-watcher.ts";
import type { World } from "./world.ts";

/** A point on ball `i`'s path at the end of a step: its trace keeps it only if later points need it. */
export function offerPoint(world: World, i: number, watcher: StepWatcher): void {
  const ball = world.balls[i]!;
  world.recorders[i]?.offer(world.t, ball.x, ball.y);
  watcher.vertex?.(i, [world.t, ball.x, ball.y]);
}

/** A point that every trace keeps: a contact, the drop, the resting place. */
export function keepPoint(world: World, i: number, watcher: StepWatcher, t = world.t): void {
  const ball = world.balls[i]!;
  world.recorders[i]?.keep(t, ball.x, ball.y);
  watcher.vertex?.(i, [t, ball.x, ball.y]);
}
