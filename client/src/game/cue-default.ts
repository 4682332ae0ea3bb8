import { COLOURED_BALL } from "@habibka/shared/table";
import type { Circle } from "./aim-geometry.ts";

/** The white ball nearest the head: in most positions the natural cue ball, until the player picks one. */
export function whiteCueDefault(balls: readonly Circle[]): number {
  const whites = balls.filter((b) => b.id !== COLOURED_BALL).sort((a, b) => a.x - b.x);
  return whites[0]?.id ?? 1;
}
