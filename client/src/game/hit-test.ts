import { BALL_RADIUS, POCKETS, type PocketId, type Point } from "@habibka/shared/table";
import type { Circle } from "./aim-geometry.ts";

/** The ball under a tap, allowing a fingertip's slack around it; the nearest wins. */
export function ballAt(p: Point, balls: readonly Circle[], slack = BALL_RADIUS * 0.6): number | null {
  let best: { id: number; d: number } | null = null;
  for (const b of balls) {
    const d = Math.hypot(b.x - p.x, b.y - p.y);
    if (d <= BALL_RADIUS + slack && (best === null || d < best.d)) best = { id: b.id, d };
  }
  return best?.id ?? null;
}

/** The pocket under a tap: within a generous reach of its mouth centre (pockets are small on a phone). */
export function pocketNear(p: Point, reach = 0.12): PocketId | null {
  let best: { id: PocketId; d: number } | null = null;
  for (const pocket of Object.values(POCKETS)) {
    const d = Math.hypot(pocket.mouthCentre.x - p.x, pocket.mouthCentre.y - p.y);
    if (d <= reach && (best === null || d < best.d)) best = { id: pocket.id, d };
  }
  return best?.id ?? null;
}
