import type { Call } from "../../src/rules/call.ts";
import { isLastBallPlay } from "../../src/rules/last-ball.ts";
import type { Pair, Position } from "../../src/rules/position.ts";
import { judgeShot } from "../../src/rules/verdict.ts";
import type { ShotJudgement } from "../../src/rules/verdict-types.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import type { Stroke } from "../../src/shot/stroke.ts";
import type { BallPosition } from "../../src/table/balls.ts";
import { BALL_RADIUS } from "../../src/table/dimensions.ts";

// The event builders live in the test kit, shared with the server's and the client's tests.
export * from "../kit/event-log.ts";

export const R = BALL_RADIUS;

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
