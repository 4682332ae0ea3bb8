import type { PracticePosition } from "@habibka/shared/protocol";
import { findPositionProblem } from "@habibka/shared/sim";
import type { ShotRecord } from "../net/shot-record.ts";

/**
 * The position before a recorded shot, as the practice table takes it: the table at the stroke, the
 * shelves and debts then, the opening if it was one, seen from the striker (player 0 on the practice
 * table). Null for a shot whose situation this page did not see (a shot read from the match record) or
 * that is not a stroke (the lag, a run-out clock).
 */
export function positionBeforeShot(record: ShotRecord): PracticePosition | null {
  const { message, situation } = record;
  if (message.kind !== "shot" || !situation || message.before.length === 0) return null;
  if (message.seat !== 0 && message.seat !== 1) return null;
  const own = message.seat;
  const other = own === 0 ? 1 : 0;
  const opening = "opening" in message.verdict && message.verdict.opening === true;
  const position: PracticePosition = {
    balls: message.before.map(({ id, x, y }) => ({ id, x, y })),
    match: {
      shelf: [situation.shelves[own], situation.shelves[other]],
      debt: [situation.debts[own], situation.debts[other]],
      opening,
    },
  };
  return findPositionProblem(position, { outOfPlay: true }) ? null : position;
}
