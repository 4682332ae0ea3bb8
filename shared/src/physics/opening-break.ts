import { type Random, seededRandom } from "../random.ts";
import { portableMath } from "../shot/portable-math.ts";
import { APEX_BALL, RACK_JITTER, rackPositions } from "../table/rack.ts";
import type { SimulationInput } from "./simulate.ts";

/**
 * The real opening shot (clause 5, I22) as a simulation input: the coloured ball on the centre mark, the pyramid
 * without its apex ball (seeded jitter, small gaps), and the apex ball from the house driven full into the front
 * ball of the second row, passing clear of the coloured ball. Used by the benchmark and the tests.
 */
export function openingBreak(speed: number, seed = 1, trace = false): SimulationInput {
  const random: Random = seededRandom(seed);
  const rack = rackPositions({ jitter: RACK_JITTER, random }).filter((b) => b.id !== APEX_BALL);
  const cue = { id: APEX_BALL, x: -1.2, y: 0.25 };
  const target = rack.find((b) => b.id === 2)!;
  const angle = (portableMath.atan2(target.y - cue.y, target.x - cue.x) * 180) / Math.PI;
  return { balls: [{ id: 0, x: 0, y: 0 }, cue, ...rack], strokes: [{ cue: APEX_BALL, angle, speed }], trace };
}
