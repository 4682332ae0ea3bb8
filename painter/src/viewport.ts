import { HALF_LENGTH, HALF_WIDTH } from "@habibka/shared/table";

/**
 * Width of the cushion and wooden rail drawn around the playing surface, metres: narrower than a real
 * table's (about 0.13), so that the cloth and the balls get the room, on a phone above all; wide enough for
 * the cushions, a strip of wood with its sights, and the corner pockets' holes.
 */
export const FRAME_WIDTH = 0.06;

export interface Viewport {
  /** Pixels per metre. */
  readonly scale: number;
  /** True when the table is drawn with its long axis vertical (portrait screens). */
  readonly rotated: boolean;
  readonly width: number;
  readonly height: number;
  /** Where the table's centre is drawn, in pixels; the middle of the box unless set (a loupe moves it). */
  readonly originX?: number;
  readonly originY?: number;
}

/**
 * Fits the whole table (playing surface plus frame) into a box, keeping its proportions; a box taller than
 * wide gets the table turned a quarter so that phones in portrait use the screen.
 */
export function fitTable(boxWidth: number, boxHeight: number): Viewport {
  const long = 2 * (HALF_LENGTH + FRAME_WIDTH);
  const short = 2 * (HALF_WIDTH + FRAME_WIDTH);
  const rotated = boxHeight > boxWidth;
  const [across, down] = rotated ? [short, long] : [long, short];
  const scale = Math.max(0, Math.min(boxWidth / across, boxHeight / down));
  return { scale, rotated, width: across * scale, height: down * scale };
}

/** Table metres → canvas pixels (y up on the table is up on the screen; head on the left, or at the bottom). */
export function toScreen(viewport: Viewport, x: number, y: number): { px: number; py: number } {
  const { scale } = viewport;
  const ox = viewport.originX ?? viewport.width / 2;
  const oy = viewport.originY ?? viewport.height / 2;
  if (viewport.rotated) return { px: ox - y * scale, py: oy - x * scale };
  return { px: ox + x * scale, py: oy - y * scale };
}

/** Canvas pixels → table metres; the inverse of toScreen. */
export function toTable(viewport: Viewport, px: number, py: number): { x: number; y: number } {
  const { scale } = viewport;
  const ox = viewport.originX ?? viewport.width / 2;
  const oy = viewport.originY ?? viewport.height / 2;
  if (viewport.rotated) return { x: (oy - py) / scale, y: (ox - px) / scale };
  return { x: (px - ox) / scale, y: (oy - py) / scale };
}
