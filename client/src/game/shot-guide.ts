import type { TipOffset } from "@habibka/shared";
import { applyStroke, createBall, resolveBallCollision } from "@habibka/shared/aim";
import { isWhiteBall, type PocketId, type Point } from "@habibka/shared/table";
import type { Circle } from "./aim-geometry.ts";
import { type BallRun, type RunContact, runBall } from "./ball-run.ts";

/**
 * The aiming guide's prediction of a stroke, with the physics' own laws: the cue ball's line to the first
 * ball it reaches, the impact there with the shared throw law, then the object ball's and the cue ball's
 * paths after it (bent by the throw, by follow or draw, and off the cushions). Pure: a function of the
 * table at rest and the stroke, so it is unit-tested against the simulator.
 */

export interface StrokeAim {
  readonly angle: number;
  readonly speed: number;
  readonly offset: TipOffset;
}

export interface ObjectPrediction {
  readonly ball: number;
  /** The cue ball's centre at the impact: the ghost ball. */
  readonly ghost: Point;
  /** The object ball from its spot: up to its fourth rail contact, a pocket, another ball, or rest. */
  readonly path: BallRun;
  /** The cue ball from the impact on, likewise. */
  readonly cueAfter: BallRun;
}

export interface ShotGuide {
  /**
   * The cue ball from its spot to the first ball it reaches, off at most two rails (it ends at the third, in a
   * pocket, or where it stops). The rebounds are the shared cushion law's, as the server plays them, not a
   * mirror's: the cushion's friction and the ball's spin turn a rebound by up to 10–20° from the mirror angle.
   */
  readonly cue: BallRun;
  readonly hit: ObjectPrediction | null;
  /**
   * Touching the coloured ball is a foul here (clause 10): everywhere but in last-ball play, which the table
   * shows as a single white ball left on it (in a match the other fourteen are then on the shelves, 7:7).
   */
  readonly colouredForbidden: boolean;
}

/** Rail contacts followed: enough for a bank [дуплет] and the cue ball's way back after it. */
const RAILS_AFTER_IMPACT = 3;
const RAILS_BEFORE_IMPACT = 2;

export function predictShot(cue: Circle, stroke: StrokeAim, balls: readonly Circle[]): ShotGuide {
  const others = balls.filter((b) => b.id !== cue.id);
  const striker = createBall(cue.id, cue.x, cue.y);
  applyStroke(striker, { cue: cue.id, angle: stroke.angle, speed: stroke.speed, offset: stroke.offset });
  const approach = runBall(striker, others, RAILS_BEFORE_IMPACT);
  const colouredForbidden = balls.filter((b) => isWhiteBall(b.id)).length !== 1;
  const last = approach.contacts.at(-1);
  if (last?.kind !== "ball") return { cue: approach, hit: null, colouredForbidden };
  const target = others.find((b) => b.id === last.ball)!;
  const mover = { ...approach.end };
  const object = createBall(target.id, target.x, target.y);
  resolveBallCollision(mover, object);
  const rest = others.filter((b) => b.id !== target.id);
  return {
    cue: approach,
    hit: {
      ball: target.id,
      ghost: last.at,
      path: runBall(object, rest, RAILS_AFTER_IMPACT),
      cueAfter: runBall(mover, rest, RAILS_AFTER_IMPACT),
    },
    colouredForbidden,
  };
}

/**
 * How much of a run the guide draws by default: up to its first contact with a cushion, a ball or a pocket.
 * Touching a pocket's jaw on the way in does not stop the line when the ball still drops into that pocket.
 */
export function firstLeg(run: BallRun): Point[] {
  const stop = firstStop(run);
  if (stop === null) return [...run.points];
  const at = run.contacts[stop]!.at;
  const index = run.points.indexOf(at);
  return run.points.slice(0, index + 1);
}

function firstStop(run: BallRun): number | null {
  const drop = run.contacts.find((c) => c.kind === "drop");
  for (let i = 0; i < run.contacts.length; i++) {
    const c = run.contacts[i]!;
    const enteringJaw = c.kind === "cushion" && c.jaw !== null && drop?.kind === "drop" && drop.pocket === c.jaw;
    if (!enteringJaw) return i;
  }
  return null;
}

/** The pocket a run drops into, if any. */
export function pocketOf(run: BallRun): PocketId | null {
  const drop = run.contacts.find((c): c is Extract<RunContact, { kind: "drop" }> => c.kind === "drop");
  return drop?.pocket ?? null;
}

/** The first leg enters a pocket: the line is drawn into it, and a call for it lights up. */
export function entersPocket(run: BallRun): PocketId | null {
  const stop = firstStop(run);
  const contact = stop === null ? undefined : run.contacts[stop];
  return contact?.kind === "drop" ? contact.pocket : null;
}
