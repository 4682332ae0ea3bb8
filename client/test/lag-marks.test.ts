import { type Box, FRAME_WIDTH, fitTable, toScreen, type Viewport } from "@habibka/painter";
import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH } from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ShotBroadcast } from "../src/net/messages.ts";
import { lagMarkSize, lagMarks, layLagMarks } from "../src/table/lag-marks.ts";

const before = [
  { id: 1, x: -1.3, y: 0.3 },
  { id: 2, x: -1.3, y: -0.3 },
];
const verdict = (distances?: readonly (number | null)[]) =>
  ({
    losses: [[], []],
    winner: 1,
    ...(distances ? { distances } : {}),
    explanation: { ru: "", en: "" },
  }) as unknown as ShotBroadcast["verdict"];

describe("the lag's marks on the table", () => {
  const rest = [
    { id: 1, x: -0.4198, y: 0.2 },
    { id: 2, x: -1.2101, y: -0.2 },
  ];

  it("give each ball's distance from the head cushion in the verdict's words, with a decimal comma in Russian", () => {
    const message = { kind: "lag" as const, before, verdict: verdict([0.8502, 0.0599]) };
    expect(lagMarks(message, rest, ["Анна", "Компьютер"], "ru").map((m) => [m.ball, m.text])).toEqual([
      [1, "Анна — 0,85 м"],
      [2, "Компьютер — 0,06 м"],
    ]);
    expect(lagMarks(message, rest, ["Anna", "Computer"], "en").map((m) => m.text)).toEqual([
      "Anna 0.85 m",
      "Computer 0.06 m",
    ]);
  });

  it("measure from where the balls stopped when the verdict carries no distances, and skip a ball off the table", () => {
    const message = { kind: "lag" as const, before, verdict: verdict() };
    // The table is 3.55 m long: the head cushion is 1.775 m behind the centre.
    expect(lagMarks(message, rest.slice(0, 1), ["Анна", "Борис"], "ru").map((m) => m.text)).toEqual(["Анна — 1,36 м"]);
  });

  it("are none for a shot that is not the lag", () => {
    expect(lagMarks({ kind: "shot", before, verdict: verdict([0.1, 0.2]) }, rest, [], "ru")).toEqual([]);
  });
});

describe("the lag's marks placed by the painter's label placement", () => {
  /** A sans-serif face's rough advance: 0.6 of the size a character. */
  const measure = (size: number) => (text: string) => ({ width: text.length * size * 0.6 + size, height: size * 1.6 });
  const inside = (box: Box, viewport: Viewport) =>
    box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const covers = (box: Box, c: { x: number; y: number; r: number }) =>
    Math.hypot(
      c.x - Math.min(Math.max(c.x, box.x), box.x + box.width),
      c.y - Math.min(Math.max(c.y, box.y), box.y + box.height),
    ) < c.r;
  /** Whether a segment crosses a box: sampled every half pixel, which no line can slip between. */
  const crosses = (box: Box, from: { px: number; py: number }, to: { px: number; py: number }) => {
    const steps = Math.ceil(Math.hypot(to.px - from.px, to.py - from.py) * 2) + 1;
    return Array.from({ length: steps + 1 }, (_, k) => k / steps).some((f) => {
      const x = from.px + (to.px - from.px) * f;
      const y = from.py + (to.py - from.py) * f;
      return x > box.x && x < box.x + box.width && y > box.y && y < box.y + box.height;
    });
  };

  it("property: on a wide or a turned table of a phone's size or more, each pill is inside the picture, clear of both balls, both lines and the other pill", () => {
    const spot = fc.record({
      x: fc.double({ min: -HALF_LENGTH + 0.05, max: HALF_LENGTH - 0.05, noNaN: true }),
      y: fc.double({ min: -HALF_WIDTH + 0.05, max: HALF_WIDTH - 0.05, noNaN: true }),
    });
    fc.assert(
      fc.property(
        spot,
        spot,
        // Tables from a small phone's (about 150 px a metre at 360 × 740) to a wide screen's, either way round.
        fc.double({ min: 150, max: 420, noNaN: true }),
        fc.boolean(),
        (a, b, scale, rotated) => {
          fc.pre(Math.hypot(a.x - b.x, a.y - b.y) > 2 * BALL_RADIUS);
          const [long, short] = [2 * (HALF_LENGTH + FRAME_WIDTH), 2 * (HALF_WIDTH + FRAME_WIDTH)];
          const viewport = rotated ? fitTable(short * scale, long * scale) : fitTable(long * scale, short * scale);
          const balls = [
            { id: 16, ...a },
            { id: 17, ...b },
          ];
          const marks = [
            { ball: 16, text: "Анна — 0,85 м" },
            { ball: 17, text: "Компьютер — 1,20 м" },
          ];
          const laid = layLagMarks(viewport, marks, balls, measure(lagMarkSize(viewport)));
          expect(laid).toHaveLength(2);
          const radius = BALL_RADIUS * viewport.scale;
          for (const mark of laid) {
            expect(inside(mark.box, viewport)).toBe(true);
            for (const ball of balls) {
              const { px, py } = toScreen(viewport, ball.x, ball.y);
              expect(covers(mark.box, { x: px, y: py, r: radius })).toBe(false);
            }
            for (const other of laid) {
              expect(crosses(mark.box, other.from, other.to)).toBe(false);
              if (other !== mark) expect(overlap(mark.box, other.box)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
