import type { PracticePosition } from "@habibka/shared/protocol";
import { isLastBallPlay } from "@habibka/shared/rules";
import { CENTRE_SPOT, COLOURED_BALL, HEAD_SPOT, WHITE_BALLS } from "@habibka/shared/table";
import { whiteCueDefault } from "../game/cue-default.ts";
import { placeOnCloth } from "./placement.ts";

/**
 * The match situation set by hand on the practice table: which white balls are on each shelf, the debts,
 * the opening. The balls that are neither on the table nor on a shelf are in the tray, out of play; a
 * shelf takes its balls from the tray and gives them back, so every ball is always in exactly one place.
 */

export type Player = 0 | 1;
type Shelves = PracticePosition["match"]["shelf"];

/** A shelf holds at most seven: the eighth ball ends the match, and there is no shot left to practise. */
export const SHELF_LIMIT = 7;
/** The debts the panel offers; the rules take any, but a practice position never needs more. */
export const DEBT_LIMIT = 9;

/** Balls out of play, in id order: the coloured ball first. */
export function trayOf(position: PracticePosition): number[] {
  const placed = new Set([...position.balls.map((b) => b.id), ...position.match.shelf.flat()]);
  return [COLOURED_BALL, ...WHITE_BALLS].filter((id) => !placed.has(id));
}

function withShelf(position: PracticePosition, player: Player, shelf: readonly number[]): PracticePosition {
  const shelves: Shelves = player === 0 ? [shelf, position.match.shelf[1]] : [position.match.shelf[0], shelf];
  return { ...position, match: { ...position.match, shelf: shelves } };
}

/** The lowest white ball of the tray onto the player's shelf; the same position when there is none. */
export function addToShelf(position: PracticePosition, player: Player): PracticePosition {
  const shelf = position.match.shelf[player];
  const ball = trayOf(position).find((id) => id !== COLOURED_BALL);
  if (ball === undefined || shelf.length >= SHELF_LIMIT) return position;
  return withShelf(position, player, [...shelf, ball]);
}

/** The shelf's last ball back to the tray. */
export function takeFromShelf(position: PracticePosition, player: Player): PracticePosition {
  const shelf = position.match.shelf[player];
  return shelf.length === 0 ? position : withShelf(position, player, shelf.slice(0, -1));
}

export function withDebt(position: PracticePosition, player: Player, debt: number): PracticePosition {
  const d = Math.min(DEBT_LIMIT, Math.max(0, Math.round(debt)));
  const debts: [number, number] = player === 0 ? [d, position.match.debt[1]] : [position.match.debt[0], d];
  return { ...position, match: { ...position.match, debt: debts } };
}

export function withOpening(position: PracticePosition, opening: boolean): PracticePosition {
  return { ...position, match: { ...position.match, opening } };
}

export function isLastBall(position: PracticePosition): boolean {
  return isLastBallPlay(position.balls, position.match.shelf);
}

/**
 * Last-ball play set up from the table (clause 12): the white ball nearest the head stays (ball 1 on the
 * first mark when none is on the table), the coloured ball stays or comes back to the centre, and the other
 * fourteen white balls go seven to each shelf.
 */
export function lastBallPosition(position: PracticePosition): PracticePosition {
  const whites = position.balls.filter((b) => b.id !== COLOURED_BALL);
  const keepId = whites.length > 0 ? whiteCueDefault(whites) : WHITE_BALLS[0]!;
  const kept = position.balls.find((b) => b.id === keepId) ?? { id: keepId, ...HEAD_SPOT };
  const coloured = position.balls.find((b) => b.id === COLOURED_BALL);
  const colouredAt = coloured ?? { id: COLOURED_BALL, ...(placeOnCloth(CENTRE_SPOT, [kept]) ?? CENTRE_SPOT) };
  const others = WHITE_BALLS.filter((id) => id !== keepId);
  return {
    balls: [colouredAt, kept],
    match: { shelf: [others.slice(0, SHELF_LIMIT), others.slice(SHELF_LIMIT)], debt: [0, 0], opening: false },
  };
}
