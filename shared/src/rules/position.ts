import { type BallPosition, COLOURED_BALL, isWhiteBall } from "../table/balls.ts";
import { BALL_RADIUS } from "../table/dimensions.ts";
import { CENTRE_SPOT } from "../table/marks.ts";

/** The two players by seat. In a verdict for the `habibka-sim` command the striker is always 0. */
export type PlayerIndex = 0 | 1;
export type Pair<T> = readonly [T, T];

/** Balls a player needs on his shelf to win (clause 2). */
export const WINNING_SHELF = 8;

/**
 * What the rules need to know about a match besides the table: whose shelf holds which balls (in the
 * order they arrived, so the penalty can take the last one, I15) and how many balls each player owes.
 */
export interface Position {
  readonly table: readonly BallPosition[];
  readonly shelves: Pair<readonly number[]>;
  readonly debts: Pair<number>;
}

export function opponentOf(player: PlayerIndex): PlayerIndex {
  return player === 0 ? 1 : 0;
}

export function ballOnTable(table: readonly BallPosition[], id: number): BallPosition | undefined {
  return table.find((b) => b.id === id);
}

export function isOnTable(table: readonly BallPosition[], id: number): boolean {
  return ballOnTable(table, id) !== undefined;
}

export function whiteBallsOnTable(table: readonly BallPosition[]): number[] {
  return table.filter((b) => isWhiteBall(b.id)).map((b) => b.id);
}

/** Distance below which two ball centres mean the centre mark is taken (I18: closer than 2R). */
export const CENTRE_MARK_CLEARANCE = 2 * BALL_RADIUS;

/** The coloured ball sits on the centre mark (to a micrometre; it is put there exactly). */
export function isColouredOnMark(table: readonly BallPosition[]): boolean {
  const coloured = ballOnTable(table, COLOURED_BALL);
  return coloured !== undefined && Math.hypot(coloured.x - CENTRE_SPOT.x, coloured.y - CENTRE_SPOT.y) < 1e-6;
}

/** The centre mark is free for the coloured ball when no other ball's centre is closer than 2R (I18). */
export function isCentreMarkFree(table: readonly BallPosition[]): boolean {
  return table.every(
    (b) => b.id === COLOURED_BALL || Math.hypot(b.x - CENTRE_SPOT.x, b.y - CENTRE_SPOT.y) >= CENTRE_MARK_CLEARANCE,
  );
}
