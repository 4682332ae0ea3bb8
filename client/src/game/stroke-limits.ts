import { MAX_STROKE_SPEED, type TipOffset } from "@habibka/shared";

/**
 * Limits of the stroke as the UI offers it. The stroke may meet the ball up to 0.8 of the radius off centre
 * (`MAX_TIP_OFFSET`), but a real tip miscues beyond about half, so the picker stops at 0.5; speeds run from
 * 0.1 m/s to the stroke's limit, `MAX_STROKE_SPEED`.
 */

export const MAX_UI_OFFSET = 0.5;
export const MIN_SPEED = 0.1;
/**
 * Turns of the aim: the finest step (0.01° moves the line 0.6 mm at 3.5 m, inside a corner pocket's aim
 * window of 0.15–0.6°), the ordinary one and the coarse one.
 */
export const FINE_STEP = 0.01;
export const STEP = 0.1;
export const COARSE_STEP = 1;

export function clampOffset(offset: TipOffset, limit = MAX_UI_OFFSET): TipOffset {
  const r = Math.hypot(offset.x, offset.y);
  if (r <= limit) return { x: round3(offset.x), y: round3(offset.y) };
  return { x: round3((offset.x / r) * limit), y: round3((offset.y / r) * limit) };
}

export function clampSpeed(speed: number): number {
  if (!Number.isFinite(speed)) return MIN_SPEED;
  return Math.round(Math.min(MAX_STROKE_SPEED, Math.max(MIN_SPEED, speed)) * 100) / 100;
}

/** Angles are kept to a thousandth of a degree: finer than any step, free of float noise in messages. */
export function roundAngle(angle: number): number {
  return Math.round(angle * 1000) / 1000;
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
