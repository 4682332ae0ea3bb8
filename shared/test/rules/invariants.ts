import { expect } from "vitest";
import type { Pair } from "../../src/rules/position.ts";
import type { BallPosition } from "../../src/table/balls.ts";

const WHITES = Array.from({ length: 15 }, (_, i) => i + 1);

/** The invariants every position must keep, after any shot (the property tests of docs/RULES.md). */
export function checkInvariants(
  table: readonly BallPosition[],
  shelves: Pair<readonly number[]>,
  debts: Pair<number>,
  winner: 0 | 1 | null,
) {
  for (const id of WHITES) {
    const places = [table.some((b) => b.id === id), shelves[0].includes(id), shelves[1].includes(id)].filter(Boolean);
    expect(places.length, `white ball ${id}`).toBe(1);
  }
  expect(debts[0]).toBeGreaterThanOrEqual(0);
  expect(debts[1]).toBeGreaterThanOrEqual(0);
  // Only the winning shot takes a shelf to eight, and a double call at seven takes it to nine (clause 2).
  for (const side of [0, 1] as const) {
    if (winner === side) expect([8, 9]).toContain(shelves[side].length);
    else expect(shelves[side].length).toBeLessThanOrEqual(7);
  }
  if (winner === null) {
    expect(shelves[0].includes(0) || shelves[1].includes(0)).toBe(false);
  }
  expect(new Set(table.map((b) => b.id)).size).toBe(table.length);
}
