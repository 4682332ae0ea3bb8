import type { Call } from "../../src/rules/call.ts";
import { isLastBallPlay } from "../../src/rules/last-ball.ts";
import type { Pair, Position } from "../../src/rules/position.ts";
import { readShotLog, type ShotLog } from "../../src/rules/shot-queries.ts";
import { judgeShot } from "../../src/rules/verdict.ts";
import type { ShotJudgement } from "../../src/rules/verdict-types.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { Stroke } from "../../src/shot/stroke.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import type { CushionId } from "../../src/table/cushions.ts";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import type { PocketId } from "../../src/table/pockets.ts";

/**
 * Hand-written event logs for the rules tests. Each helper makes one event without its time; `shot()`
 * numbers them 10 ms apart in the order given, so a test reads like the shot it describes.
 */
type Untimed = ShotEvent extends infer E ? (E extends ShotEvent ? Omit<E, "t"> : never) : never;

export const R = BALL_RADIUS;

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

/** A mid-game table: coloured on the centre mark, cue ball 7 in the head half, a few object balls. */
export const TABLE: BallPosition[] = [
  { id: 0, x: 0, y: 0 },
  { id: 7, x: -1, y: 0.3 },
  { id: 3, x: 1.2, y: 0.5 },
  { id: 5, x: 1.0, y: -0.4 },
  { id: 9, x: -0.5, y: -0.6 },
  { id: 12, x: 0.6, y: 0.6 },
];

/** The white balls not on TABLE, split to the shelves in ascending order (as the contract's counts do). */
export function shelvesFor(table: readonly BallPosition[], counts: Pair<number>): Pair<number[]> {
  const off = Array.from({ length: 15 }, (_, i) => i + 1).filter((id) => !table.some((b) => b.id === id));
  return [off.slice(0, counts[0]), off.slice(counts[0], counts[0] + counts[1])];
}

export interface JudgeOptions {
  table?: BallPosition[];
  shelves?: Pair<readonly number[]>;
  debts?: Pair<number>;
  call?: Call;
  stroke?: Partial<Stroke>;
  opening?: boolean;
  striker?: 0 | 1;
  rest?: BallPosition[];
}

/**
 * Judges a hand-written shot. By default the rest position is the table minus every ball that left play
 * (the rules read movement from the log; tests that need real resting places pass `rest`).
 */
export function judge(events: ShotEvent[], options: JudgeOptions = {}): ShotJudgement {
  const table = options.table ?? TABLE;
  const shelves = options.shelves ?? shelvesFor(table, [5, 5]);
  const position: Position = { table, shelves, debts: options.debts ?? [0, 0] };
  const gone = new Set(events.flatMap((e) => (e.type === "pocket" || e.type === "off-table" ? [e.ball] : [])));
  const rest = options.rest ?? table.filter((b) => !gone.has(b.id));
  return judgeShot({
    position,
    striker: options.striker ?? 0,
    stroke: { cue: 7, angle: 0, speed: 2, ...options.stroke },
    call: options.call ?? [],
    opening: options.opening ?? false,
    events,
    rest,
  });
}

export { isLastBallPlay };
