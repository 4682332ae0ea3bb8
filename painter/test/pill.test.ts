import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawPill, pillSize } from "../src/pill.ts";
import { recordingContext } from "./recording-context.ts";

const STYLE = { font: "700 12.0px sans-serif", fill: "#000", outline: "#f00", outlineWidth: 1.5, ink: "#fff" };

describe("drawPill: the one painter of the table's words in a rounded box", () => {
  it("sizes the words with half the size's margin each side and 1.6 lines high", () => {
    const ctx = recordingContext();
    // The recording context measures 0.6 of the size a character.
    expect(pillSize(ctx, "12345", 10)).toEqual({ width: 40, height: 16 });
  });

  it("paints the box where it is asked, without bounds", () => {
    const ctx = recordingContext();
    expect(drawPill(ctx, { x: -5, y: 3, width: 40, height: 16 }, "слово", STYLE)).toEqual({
      x: -5,
      y: 3,
      width: 40,
      height: 16,
    });
    expect(ctx.screenRects()).toEqual([{ x: -5, y: 3, width: 40, height: 16 }]);
  });

  it("property: with bounds, the box painted is inside them by the margin, moved no more than it must be", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -200, max: 600 }),
        fc.integer({ min: -200, max: 600 }),
        fc.integer({ min: 10, max: 120 }),
        fc.integer({ min: 10, max: 40 }),
        (x, y, width, height) => {
          const bounds = { width: 400, height: 300 };
          const ctx = recordingContext();
          const box = drawPill(ctx, { x, y, width, height }, "w", STYLE, bounds);
          expect(ctx.screenRects()).toEqual([box]);
          expect(box.x).toBeGreaterThanOrEqual(2);
          expect(box.y).toBeGreaterThanOrEqual(2);
          expect(box.x + width).toBeLessThanOrEqual(bounds.width - 2);
          expect(box.y + height).toBeLessThanOrEqual(bounds.height - 2);
          // A box already inside stays put.
          if (x >= 2 && x + width <= bounds.width - 2) expect(box.x).toBe(x);
          if (y >= 2 && y + height <= bounds.height - 2) expect(box.y).toBe(y);
        },
      ),
    );
  });
});
