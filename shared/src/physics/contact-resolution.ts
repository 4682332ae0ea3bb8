import type { CollisionEvent, CushionEvent } from "../shot/shot-events.ts";
import { motionOf, type SimBall, STILL, setMotion } from "./ball.ts";
import { resolveBallCollision } from "./ball-collision.ts";
import type { Obstacle } from "./boundary.ts";
import type { Contact } from "./contact.ts";
import { type OpenContact, openContact } from "./contact-book.ts";
import { resolveCushionCollision } from "./cushion-collision.ts";
import { keepPoint } from "./path-points.ts";
import { afterImpact, syncToContact } from "./step-base.ts";
import type { StepWatcher } from "./step-watcher.ts";
import type { World } from "./world.ts";

/** When a contact happens: `elapsed` seconds into a step of `h` seconds, `time` seconds into the shot. */
interface ContactInstant {
  readonly elapsed: number;
  readonly h: number;
  readonly time: number;
  readonly watcher: StepWatcher;
}

/**
 * Resolves a contact with the shared billiards model, whichever engine found it: the ball–ball impulse with
 * throw, the Han cushion impulse (rails, jaw noses and jaw walls), or the drop into a pocket. The log gets one
 * event per contact (its first impulse), the trace a kept point.
 */
export function resolveContact(world: World, contact: Contact, elapsed: number, h: number, watcher: StepWatcher): void {
  const at: ContactInstant = { elapsed, h, time: world.t + elapsed, watcher };
  const ball = world.balls[contact.a]!;
  if (contact.kind === "drop") {
    ball.onTable = false;
    world.events.push({ t: at.time, type: "pocket", ball: ball.id, pocket: contact.pocket });
    keepPoint(world, contact.a, watcher, at.time);
  } else if (contact.kind === "ball") {
    const other = world.balls[contact.b]!;
    const { time: t } = at;
    const event: CollisionEvent = {
      t,
      type: "collision",
      a: ball.id,
      b: other.id,
      ax: ball.x,
      ay: ball.y,
      bx: other.x,
      by: other.y,
    };
    const open: OpenContact = { kind: "ball", ball, other };
    impact(world, [contact.a, contact.b], () => resolveBallCollision(ball, other), event, open, at);
  } else {
    const o = contact.obstacle;
    const [nx, ny] = towardsObstacle(ball, o);
    const { time: t } = at;
    const event: CushionEvent =
      o.jaw === undefined
        ? { t, type: "cushion", ball: ball.id, cushion: o.cushion, x: ball.x, y: ball.y }
        : { t, type: "cushion", ball: ball.id, cushion: o.cushion, jaw: o.jaw, x: ball.x, y: ball.y };
    const open: OpenContact = { kind: "obstacle", ball, obstacle: o };
    impact(world, [contact.a], () => resolveCushionCollision(ball, nx, ny), event, open, at);
  }
}

/**
 * The impulse acts on the balls' exact state at the instant of contact. Should that state already be
 * separating while the drift velocity still closes the gap (friction turned the motion within the step), it
 * acts on the drift state instead, so the drift cannot run into overlap.
 */
function impact(
  world: World,
  indices: readonly number[],
  impulse: () => boolean,
  event: CollisionEvent | CushionEvent,
  open: OpenContact,
  at: ContactInstant,
): void {
  const { balls, bases } = world;
  const drifts = indices.map((i) => motionOf(balls[i]!));
  for (const i of indices) syncToContact(bases, balls, i, at.elapsed);
  const exact = impulse();
  if (!exact) for (const [k, i] of indices.entries()) setMotion(balls[i]!, drifts[k]!);
  const hit = exact || impulse();
  if (hit) at.watcher.impact?.(event, balls);
  for (const i of indices) afterImpact(bases, balls, i, at.elapsed, at.h, exact);
  if (!hit) return;
  if (openContact(world.contacts, open)) world.events.push(event);
  for (const i of indices) keepPoint(world, i, at.watcher, at.time);
}

/** The unit horizontal direction from a ball's centre towards a rail piece it touches. */
function towardsObstacle(ball: SimBall, o: Obstacle): [number, number] {
  if (o.kind === "wall") return [-o.nx, -o.ny];
  const d = Math.sqrt((o.cx - ball.x) ** 2 + (o.cy - ball.y) ** 2);
  return [(o.cx - ball.x) / d, (o.cy - ball.y) / d];
}

/**
 * A jam: a cluster whose impulses do not settle within a step (never seen in play or in the tests). Rather than
 * loop or throw, the jammed balls stop dead (energy only falls), and the shot goes on.
 */
export function stopJammed(world: World, contact: Contact, elapsed: number, h: number): void {
  for (const i of contact.kind === "ball" ? [contact.a, contact.b] : [contact.a]) {
    setMotion(world.balls[i]!, STILL);
    afterImpact(world.bases, world.balls, i, elapsed, h, false);
  }
}
