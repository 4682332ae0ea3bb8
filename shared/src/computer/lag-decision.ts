import type { EngineName } from "../physics/engines.ts";
import { simulate } from "../physics/index.ts";
import type { Random } from "../random.ts";
import type { PlayerIndex } from "../rules/position.ts";
import { HALF_LENGTH } from "../table/dimensions.ts";
import { HOUSE_LINE_X, type Point } from "../table/marks.ts";
import type { LagDecision } from "./decision.ts";
import { clampSpeed, normal } from "./execution-error.ts";
import { normaliseAngle } from "./geometry.ts";
import type { LevelSpec } from "./levels.ts";

/**
 * The lag (I21): the ball from the house on the seat's side, straight up the table to the foot cushion and back,
 * at the speed that brings it to rest just short of the head cushion. The speed is found by bisection with the
 * ball alone on the table (the lag's two balls run on opposite sides and never meet).
 */

/** How far from the head cushion the lag ball should stop: touching it is fine, rebounding off it loses ground. */
const TARGET = 0.03;
const BISECTION_STEPS = 22;
/** Perturbed lags that estimate how often the ball stops within this of the head cushion. */
const GOOD_LAG = 0.2;
const SAMPLES = 6;

/** Where the seat's lag ball goes: in the house, on the seat's side of the long axis. */
export function lagPlace(seat: PlayerIndex): Point {
  return { x: HOUSE_LINE_X - 0.25, y: seat === 0 ? 0.4 : -0.4 };
}

interface LagRun {
  /** Distance of the resting ball from the head cushion; null when the lag is lost. */
  readonly distance: number | null;
  /** It came all the way back to the head cushion: too fast. */
  readonly reachedHead: boolean;
}

function lagRun(place: Point, angle: number, speed: number, engine: EngineName): LagRun {
  const result = simulate({ balls: [{ id: 1, ...place }], strokes: [{ cue: 1, angle, speed }] }, engine);
  const cushions = result.events.flatMap((e) => (e.type === "cushion" ? [e.cushion] : []));
  const reachedHead = cushions.includes("H");
  const rest = result.rest.find((b) => b.id === 1);
  const lost =
    !cushions.includes("F") ||
    cushions.some((c) => c !== "F" && c !== "H") ||
    !rest ||
    Math.sign(rest.y) !== Math.sign(place.y);
  return { distance: lost ? null : rest.x + HALF_LENGTH, reachedHead };
}

export function decideLag(seat: PlayerIndex, level: LevelSpec, random: Random, engine: EngineName): LagDecision {
  const place = lagPlace(seat);
  // Faster comes back further, so the rest distance falls with speed until the ball reaches the head cushion.
  let slow = 1;
  let fast = 2.6;
  let simulations = 0;
  for (let i = 0; i < BISECTION_STEPS; i++) {
    const mid = (slow + fast) / 2;
    const run = lagRun(place, 0, mid, engine);
    simulations++;
    if (!run.reachedHead && (run.distance === null || run.distance > TARGET)) slow = mid;
    else fast = mid;
  }
  const speed = (slow + fast) / 2;
  let good = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const played = clampSpeed(speed * (1 + normal(random) * level.speedError));
    const { distance } = lagRun(place, normal(random) * level.aimError, played, engine);
    simulations++;
    if (distance !== null && distance <= GOOD_LAG) good++;
  }
  return {
    type: "lag",
    place,
    angle: normaliseAngle(normal(random) * level.aimError),
    speed: clampSpeed(speed * (1 + normal(random) * level.speedError)),
    kind: "lag",
    expected: { success: good / SAMPLES },
    stats: { candidates: BISECTION_STEPS, simulations },
  };
}
