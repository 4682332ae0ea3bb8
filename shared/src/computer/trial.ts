import type { EngineName } from "../physics/engines.ts";
import { simulate } from "../physics/index.ts";
import type { CalledBall } from "../rules/call.ts";
import { isLastBallPlay } from "../rules/last-ball.ts";
import { type PlayerIndex, type Position, WINNING_SHELF } from "../rules/position.ts";
import { judgeShot } from "../rules/verdict.ts";
import type { ShotVerdict } from "../rules/verdict-types.ts";
import type { ShotEvent } from "../shot/shot-events.ts";
import type { BallTrace } from "../shot/trace-codec.ts";
import type { BallPosition } from "../table/balls.ts";
import type { FullStroke } from "./decision.ts";
import type { LevelSpec } from "./levels.ts";
import { bestPotChance } from "./pot-chance.ts";

/**
 * One trial of a stroke: the real simulator and the real rules, exactly as the server will run them, and what
 * the outcome is worth to the striker. Every simulation of a search goes through here, which counts them
 * against the level's budget.
 */

/** What a won match is worth against one ball. */
const WIN = 20;
/** A ball that would be the eighth is worth this many ordinary balls to whoever may pot it. */
const DECIDING_BALL = 4;

export interface Search {
  readonly level: LevelSpec;
  /** The engine every trial is simulated on: the table's own. */
  readonly engine: EngineName;
  readonly striker: PlayerIndex;
  readonly shelves: Position["shelves"];
  readonly debts: Position["debts"];
  readonly opening: boolean;
  simulations: number;
  candidates: number;
  /** Simulations this search may run (see `simulationLimit`). */
  readonly limit: number;
}

export interface Trial {
  readonly stroke: FullStroke;
  readonly call: readonly CalledBall[];
  readonly verdict: ShotVerdict;
  readonly after: Position;
  readonly events: readonly ShotEvent[];
  readonly rest: readonly BallPosition[];
  readonly trace?: readonly BallTrace[];
  /** The called balls all scored, with no foul. */
  readonly scored: boolean;
  /** The outcome's worth to the striker, in balls (see `outcomeValue`). */
  readonly value: number;
  /**
   * The best pot chance the table left offers whoever shoots next, at this level's aim (`bestPotChance`);
   * null when the level does not count the leave and nothing else asked for it.
   */
  readonly leave: number | null;
}

/**
 * What one simulation costs, in the level budget's units (about a millisecond of one core here): a shot on a
 * crowded table costs more, since every moving ball is checked against every other and clusters scatter. Read
 * from the table alone, never from a clock, so that a search stays deterministic.
 */
function simulationCost(balls: number): number {
  return 0.9 + 0.012 * balls * balls;
}

/** How many simulations a level's budget buys on a table of `balls` balls. */
export function simulationLimit(level: LevelSpec, balls: number): number {
  return Math.max(8, Math.floor(level.budget / simulationCost(balls)));
}

export function hasBudget(search: Search): boolean {
  return search.simulations < search.limit;
}

/** What one more ball would mean to `player`: the deciding eighth counts for more. */
function ballWorth(position: Position, player: PlayerIndex): number {
  return position.shelves[player].length === WINNING_SHELF - 1 && position.debts[player] === 0 ? DECIDING_BALL : 1;
}

/** The best pot chance the next shooter has on the table a shot left, at the search's level of aim. */
export function leaveChance(search: Search, after: Position): number {
  return bestPotChance(after.table, isLastBallPlay(after.table, after.shelves), search.level.aimError);
}

/**
 * The worth of a judged shot to the striker: balls scored (a paid debt counts as a ball), a foul's penalty ball,
 * and then who shoots next from the table it leaves: the chance of a pot there counts for whoever that is.
 */
function outcomeValue(search: Search, verdict: ShotVerdict, after: Position): { value: number; leave: number | null } {
  const me = search.striker;
  if (verdict.winner === me) return { value: WIN, leave: null };
  if (verdict.winner !== null) return { value: -WIN, leave: null };
  const value = verdict.counted.length + verdict.paidDebt.length - (verdict.foul ? 1 : 0);
  if (!search.level.countsLeave) return { value, leave: null };
  const next = verdict.next.player;
  const leave = leaveChance(search, after);
  const stake = leave * ballWorth(after, next);
  return { value: next === me ? value + stake : value - stake, leave };
}

/** Simulates and judges one stroke from `table` (the table at the stroke, the ball in hand placed). */
export function runTrial(
  search: Search,
  table: readonly BallPosition[],
  stroke: FullStroke,
  call: readonly CalledBall[],
  trace = false,
): Trial {
  search.simulations++;
  const result = simulate({ balls: table, strokes: [stroke], trace }, search.engine);
  return judgeTrial(search, table, stroke, call, result.events, result.rest, result.trace);
}

/** Judges a simulated stroke under a call: a second call for the same shot costs no simulation. */
export function judgeTrial(
  search: Search,
  table: readonly BallPosition[],
  stroke: FullStroke,
  call: readonly CalledBall[],
  events: readonly ShotEvent[],
  rest: readonly BallPosition[],
  trace?: readonly BallTrace[],
): Trial {
  const position: Position = { table, shelves: search.shelves, debts: search.debts };
  const { verdict, position: after } = judgeShot({
    position,
    striker: search.striker,
    stroke,
    call,
    opening: search.opening,
    events,
    rest,
  });
  const counted = new Set([...verdict.counted, ...verdict.paidDebt]);
  const scored = !verdict.foul && call.length > 0 && call.every((c) => counted.has(c.ball));
  return {
    stroke,
    call,
    verdict,
    after,
    events,
    rest,
    ...(trace ? { trace } : {}),
    scored,
    ...outcomeValue(search, verdict, after),
  };
}
