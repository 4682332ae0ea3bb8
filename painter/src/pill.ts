import type { TableContext } from "./canvas-context.ts";
import type { Box } from "./label-placement.ts";

/**
 * A few words in a rounded box over the table (a foul's tag by the ghost ball, a lag ball's distance, a
 * verdict's tag or a cushion's number), painted in screen pixels: filled, outlined and written in the middle.
 */

export interface PillStyle {
  /** The CSS font of the words. */
  readonly font: string;
  readonly fill: string;
  readonly outline: string;
  readonly outlineWidth: number;
  /** The words' colour. */
  readonly ink: string;
  /** The corners' radius as a share of the height: ½, the default, rounds the ends whole. */
  readonly round?: number;
}

const FACE = 'system-ui, "DejaVu Sans", sans-serif';

/** The bold face of the table's words at `size` pixels. */
export function pillFont(size: number): string {
  return `700 ${size.toFixed(1)}px ${FACE}`;
}

/** The box the words take in the bold face at `size` px: half the size's margin each side, 1.6 lines high. */
export function pillSize(ctx: TableContext, text: string, size: number): { width: number; height: number } {
  ctx.font = pillFont(size);
  return { width: ctx.measureText(text).width + size, height: size * 1.6 };
}

/**
 * Paints the words in their box, moved the least that keeps it `margin` px inside `bounds` (the picture)
 * when they are given; returns the box painted.
 */
export function drawPill(
  ctx: TableContext,
  box: Box,
  text: string,
  style: PillStyle,
  bounds?: { readonly width: number; readonly height: number },
  margin = 2,
): Box {
  const { width, height } = box;
  const x = bounds ? Math.min(Math.max(box.x, margin), bounds.width - width - margin) : box.x;
  const y = bounds ? Math.min(Math.max(box.y, margin), bounds.height - height - margin) : box.y;
  ctx.fillStyle = style.fill;
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, height * (style.round ?? 0.5));
  ctx.fill();
  ctx.strokeStyle = style.outline;
  ctx.lineWidth = style.outlineWidth;
  ctx.stroke();
  ctx.font = style.font;
  ctx.fillStyle = style.ink;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, x + width / 2, y + height / 2 + 0.5);
  return { x, y, width, height };
}
