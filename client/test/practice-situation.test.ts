import type { PracticePosition } from "@habibka/shared/protocol";
import { findPositionProblem } from "@habibka/shared/sim";
import { describe, expect, it } from "vitest";
import { practiceRack } from "../src/practice/practice-rack.ts";
import {
  addToShelf,
  isLastBall,
  lastBallPosition,
  SHELF_LIMIT,
  takeFromShelf,
  trayOf,
  withDebt,
} from "../src/practice/situation.ts";

const rack = practiceRack();
const offTable = (ids: readonly number[]): PracticePosition => ({
  ...rack,
  balls: rack.balls.filter((b) => !ids.includes(b.id)),
});

describe("the match situation set by hand", () => {
  it("starts at the rack for the opening shot, a position the server accepts", () => {
    expect(rack.match).toEqual({ shelf: [[], []], debt: [0, 0], opening: true });
    expect(rack.balls).toHaveLength(16);
    expect(findPositionProblem(rack, { outOfPlay: true })).toBeNull();
  });

  it("moves balls between the tray and a shelf, so each ball is in one place only", () => {
    let p = offTable([0, 4, 9, 12]);
    expect(trayOf(p)).toEqual([0, 4, 9, 12]);
    p = addToShelf(p, 1);
    p = addToShelf(p, 0);
    expect(p.match.shelf).toEqual([[9], [4]]);
    expect(trayOf(p)).toEqual([0, 12]);
    p = takeFromShelf(p, 1);
    expect(trayOf(p)).toEqual([0, 4, 12]);
    expect(findPositionProblem(p, { outOfPlay: true })).toBeNull();
    // The coloured ball never goes to a shelf; an empty tray changes nothing.
    const onlyColoured = offTable([0]);
    expect(addToShelf(onlyColoured, 0)).toBe(onlyColoured);
  });

  it("keeps a shelf below eight and debts within the panel's range", () => {
    let p = offTable([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 0; i < 9; i++) p = addToShelf(p, 0);
    expect(p.match.shelf[0]).toHaveLength(SHELF_LIMIT);
    expect(withDebt(p, 1, 12).match.debt).toEqual([0, 9]);
    expect(withDebt(p, 0, -1).match.debt).toEqual([0, 0]);
  });

  it("sets up last-ball play: one white ball and the coloured one on the table, seven on each shelf", () => {
    const p = lastBallPosition(rack);
    expect(isLastBall(p)).toBe(true);
    expect(p.balls.map((b) => b.id).sort((a, b) => a - b)).toEqual([0, 1]);
    expect(p.match.shelf[0]).toHaveLength(7);
    expect(p.match.shelf[1]).toHaveLength(7);
    expect(findPositionProblem(p)).toBeNull();
    expect(isLastBall(rack)).toBe(false);
  });
});
