import type { TableContext } from "../src/canvas-context.ts";
import type { Box } from "../src/label-placement.ts";

/**
 * A canvas context that draws nothing and remembers the rounded boxes painted in screen pixels (outside the
 * table's transform): the verdict's labels. Text is measured at a fixed advance per character, as a
 * sans-serif face of that size roughly is.
 */
export function recordingContext(): TableContext & { screenRects(): Box[] } {
  let depth = 0;
  let size = 10;
  const rects: Box[] = [];
  const ctx = {
    fillStyle: "" as unknown,
    strokeStyle: "" as unknown,
    lineWidth: 1,
    globalAlpha: 1,
    get font() {
      return `${size}px`;
    },
    set font(value: string) {
      size = Number.parseFloat(value.replace(/^\d+\s+/, "")) || 10;
    },
    textAlign: "left" as const,
    textBaseline: "alphabetic" as const,
    save: () => void depth++,
    restore: () => void depth--,
    translate() {},
    rotate() {},
    scale() {},
    setTransform() {},
    beginPath() {},
    closePath() {},
    moveTo() {},
    lineTo() {},
    arc() {},
    roundRect(x: number, y: number, width: number, height: number) {
      if (depth === 0) rects.push({ x, y, width, height });
    },
    fill() {},
    stroke() {},
    clip() {},
    fillRect() {},
    strokeRect() {},
    fillText() {},
    setLineDash() {},
    measureText: (text: string) => ({ width: text.length * size * 0.6 }),
    screenRects: () => rects,
  };
  return ctx as unknown as TableContext & { screenRects(): Box[] };
}
