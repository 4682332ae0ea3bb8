import { readShotLog, type ShotLog } from "../../src/rules/shot-queries.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { CushionId } from "../../src/table/cushions.ts";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import type { PocketId } from "../../src/table/pockets.ts";

/**
 * Hand-written event logs for the rules tests. Each helper makes one event without its time; `shot()`
 * numbers them 10 ms apart in the order given, so a test reads like the shot it describes.
 */
export type Untimed = ShotEvent extends infer E ? (E extends ShotEvent ? Omit<E, "t"> : never) : never;

const R = BALL_RADIUS;

/** A plausible contact point on each segment; tests that care about the half pass their own. */
const CUSHION_POINT: Record<CushionId, { x: number; y: number }> = {
  H: { x: -HALF_LENGTH + R, y: 0.2 },
  F: { x: HALF_LENGTH - R, y: 0.2 },
  LH: { x: -0.9, y: HALF_WIDTH - R },
  LF: { x: 0.9, y: HALF_WIDTH - R },
  RH: { x: -0.9, y: -HALF_WIDTH + R },
  RF: { x: 0.9, y: -HALF_WIDTH + R },
};

export const strike = (ball: number): Untimed => ({ type: "strike", ball });

export function hit(a: number, b: number, at: { a?: [number, number]; b?: [number, number] } = {}): Untimed {
  const [ax, ay] = at.a ?? [0.5, 0.3];
  const [bx, by] = at.b ?? [0.5 + 2 * R, 0.3];
  return { type: "collision", a, b, ax, ay, bx, by };
}

export function cushion(ball: number, id: CushionId, opts: { jaw?: PocketId; at?: [number, number] } = {}): Untimed {
  const p = opts.at ? { x: opts.at[0], y: opts.at[1] } : CUSHION_POINT[id];
  return { type: "cushion", ball, cushion: id, ...(opts.jaw ? { jaw: opts.jaw } : {}), x: p.x, y: p.y };
}

export const centre = (ball: number, from: -1 | 1 = -1): Untimed => ({ type: "centre-line", ball, from });
export const pocket = (ball: number, id: PocketId): Untimed => ({ type: "pocket", ball, pocket: id });
export const offTable = (ball: number): Untimed => ({ type: "off-table", ball });
export const inMouth = (ball: number, id: PocketId): Untimed => ({ type: "in-mouth", ball, pocket: id });

export function shot(...events: Untimed[]): ShotEvent[] {
  return events.map((e, i) => ({ ...e, t: i * 0.01 }) as ShotEvent);
}

export function logOf(cue: number, ...events: Untimed[]): ShotLog {
  return readShotLog(shot(...events), cue);
}
