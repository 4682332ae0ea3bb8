import { POCKETS } from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawVerdict } from "../src/draw-verdict.ts";
import type { DrawingItem } from "../src/drawing-items.ts";
import { type Box, boxCoversCircle, boxesOverlap, type Circle, placeLabels } from "../src/label-placement.ts";
import { fitTable } from "../src/viewport.ts";
import { recordingContext } from "./recording-context.ts";

/**
 * The labels of a verdict's drawing never pile up: wherever the anchors and balls cluster (a pocket's jaws),
 * no two placed labels overlap and none covers a ball.
 */

function clear(boxes: readonly Box[], balls: readonly Circle[]): void {
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1))
      expect(boxesOverlap(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(false);
    for (const c of balls)
      expect(boxCoversCircle(a, c), `${JSON.stringify(a)} covers ${JSON.stringify(c)}`).toBe(false);
  }
}

describe("placeLabels", () => {
  it("keeps a lone label up and to the right of its anchor, without a leader", () => {
    const [placed] = placeLabels([{ x: 100, y: 100, width: 30, height: 16 }], [], { width: 400, height: 300 });
    expect(placed).toEqual({ box: { x: 108, y: 76, width: 30, height: 16 }, leader: false });
  });

  it("moves a centred label off a ball and draws a leader to it", () => {
    const [placed] = placeLabels(
      [{ x: 100, y: 100, width: 14, height: 14, centred: true }],
      [{ x: 100, y: 100, r: 10 }],
      {
        width: 400,
        height: 300,
      },
    );
    expect(placed?.leader).toBe(true);
    expect(boxCoversCircle(placed!.box, { x: 100, y: 100, r: 10 })).toBe(false);
  });

  it("property: random clusters of labels and balls, no two labels overlap and none covers a ball", () => {
    const bounds = { width: 600, height: 320 };
    const point = (spread: number) =>
      fc.record({
        dx: fc.double({ min: -spread, max: spread, noNaN: true }),
        dy: fc.double({ min: -spread, max: spread, noNaN: true }),
      });
    const cluster = fc.record({
      cx: fc.double({ min: 0, max: bounds.width, noNaN: true }),
      cy: fc.double({ min: 0, max: bounds.height, noNaN: true }),
      labels: fc.array(
        fc.record({
          at: point(25),
          width: fc.double({ min: 8, max: 60, noNaN: true }),
          height: fc.double({ min: 8, max: 20, noNaN: true }),
          centred: fc.boolean(),
        }),
        { minLength: 1, maxLength: 14 },
      ),
      balls: fc.array(fc.record({ at: point(40), r: fc.double({ min: 4, max: 12, noNaN: true }) }), { maxLength: 10 }),
    });
    let asserted = 0;
    fc.assert(
      fc.property(cluster, ({ cx, cy, labels, balls }) => {
        const circles = balls.map((b) => ({ x: cx + b.at.dx, y: cy + b.at.dy, r: b.r }));
        const requests = labels.map((l) => ({
          x: cx + l.at.dx,
          y: cy + l.at.dy,
          width: l.width,
          height: l.height,
          centred: l.centred,
        }));
        const placed = placeLabels(requests, circles, bounds).flatMap((p) => (p ? [p.box] : []));
        for (const box of placed) {
          expect(box.x).toBeGreaterThanOrEqual(0);
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width).toBeLessThanOrEqual(bounds.width + 1e-9);
          expect(box.y + box.height).toBeLessThanOrEqual(bounds.height + 1e-9);
        }
        clear(placed, circles);
        // A cluster of a dozen labels fits in a picture this size: none may be dropped.
        expect(placed.length).toBe(requests.length);
        if (placed.length > 1) asserted++;
      }),
      { numRuns: 300, seed: 20261202 },
    );
    // Most runs had several labels to keep apart, so the property was not met by empty pictures.
    expect(asserted).toBeGreaterThan(200);
  });
});

describe("drawVerdict – a pile-up at a pocket", () => {
  it("draws the numbers and tags of contacts at the jaws clear of each other and of the balls", () => {
    const viewport = fitTable(800, 420);
    const mouth = POCKETS.FL.mouthCentre;
    const base = { t: 0.5, clause: "3", proof: false, event: 1 } as const;
    // Two balls rattling in the jaws: five cushion contacts within a ball's width, a drop, a ball in the mouth.
    const items: DrawingItem[] = [
      ...[0, 1, 2, 3, 4].map((k) => ({
        ...base,
        kind: "cushion" as const,
        at: { x: mouth.x - 0.02 - 0.008 * k, y: mouth.y - 0.01 - 0.006 * k },
        ball: k % 2 ? 3 : 5,
        order: k + 1,
        cushion: "foot",
        jaw: "FL" as const,
        proof: k === 2,
        clause: k === 2 ? "3a" : "3",
      })),
      { ...base, kind: "drop", at: mouth, ball: 3, pocket: "FL", clause: "6" },
      { ...base, kind: "in-mouth", at: { x: mouth.x - 0.03, y: mouth.y - 0.02 }, ball: 5, pocket: "FL", clause: "3b" },
      { ...base, kind: "first-contact", at: { x: mouth.x - 0.1, y: mouth.y - 0.05 }, cue: 7, ball: 5 },
      {
        ...base,
        kind: "called-path",
        ball: 3,
        pocket: "FL",
        way: "direct",
        points: [{ x: mouth.x - 0.3, y: mouth.y - 0.2 }, mouth],
        outcome: "as-called",
        clause: "6",
      },
    ];
    const balls = [
      { x: mouth.x - 0.03, y: mouth.y - 0.02 },
      { x: mouth.x - 0.13, y: mouth.y - 0.07 },
    ];
    const ctx = recordingContext();
    const laid = drawVerdict(ctx, viewport, items, { language: "ru", balls });
    // Five numbers and four tags (the proof cushion, the mouth, the first contact, the call).
    expect(laid.map((l) => l.label.text)).toEqual(["1", "2", "3", "4", "5", "3а", "3б", "3", "6"]);
    // What reached the canvas in screen pixels: the label boxes.
    const drawn = ctx.screenRects();
    expect(drawn).toHaveLength(laid.length);
    const circles = balls.map((b) => {
      const { x, y } = { x: viewport.width / 2 + b.x * viewport.scale, y: viewport.height / 2 - b.y * viewport.scale };
      return { x, y, r: 0.034 * viewport.scale };
    });
    clear(drawn, circles);
  });
});
