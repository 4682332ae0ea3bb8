import { BALL_RADIUS, HALF_LENGTH, HALF_WIDTH, POCKETS } from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { drawGhostStrokes, ghostStroke } from "../src/stroke-ghost.ts";
import { fitTable } from "../src/viewport.ts";
import { recordingContext } from "./recording-context.ts";

/** The ghost of a stroke: the cue ball's run to the first ball in its way, the struck ball's line on, the calls. */

const R = BALL_RADIUS;
const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const onCushion = (p: { x: number; y: number }) =>
  Math.abs(Math.abs(p.x) - (HALF_LENGTH - R)) < 1e-9 || Math.abs(Math.abs(p.y) - (HALF_WIDTH - R)) < 1e-9;

describe("ghostStroke", () => {
  it("runs a full hit to the ghost ball two radii short of the object ball, which goes on along the line", () => {
    const table = [
      { id: 1, x: -0.5, y: 0 },
      { id: 2, x: 0.5, y: 0 },
      { id: 3, x: 0.9, y: 0 },
    ];
    const ghost = ghostStroke({
      table,
      stroke: { cue: 1, angle: 0 },
      call: [{ ball: 3, pocket: "FL" }],
      kind: "best",
      label: "x",
    });
    expect(ghost!.contact!.x).toBeCloseTo(0.5 - 2 * R, 12);
    expect(ghost!.contact!.y).toBeCloseTo(0, 12);
    expect(ghost!.object[0]).toEqual(table[1]);
    expect(ghost!.object[1]!.x).toBeCloseTo(HALF_LENGTH - R, 12);
    expect(ghost!.pockets).toEqual([POCKETS.FL.mouthCentre]);
  });

  it("runs a called ball into its pocket, directly or by the cushion it meets first for a bank", () => {
    const table = [
      { id: 1, x: 0, y: 0 },
      { id: 2, x: 0.5, y: 0.3 },
    ];
    const angle = (Math.atan2(0.3, 0.5) * 180) / Math.PI;
    const direct = ghostStroke({
      table,
      stroke: { cue: 1, angle },
      call: [{ ball: 2, pocket: "FL", way: "direct" }],
      kind: "best",
      label: "x",
    })!;
    expect(direct.object).toEqual([table[1], POCKETS.FL.mouthCentre]);
    const bank = ghostStroke({
      table,
      stroke: { cue: 1, angle },
      call: [{ ball: 2, pocket: "HL", way: "bank" }],
      kind: "best",
      label: "x",
    })!;
    expect(bank.object).toHaveLength(3);
    expect(onCushion(bank.object[1]!)).toBe(true);
    expect(bank.object[2]).toEqual(POCKETS.HL.mouthCentre);
  });

  it("runs a stroke that meets no ball to the cushion, and has no ghost for a cue ball off the table", () => {
    const table = [{ id: 4, x: 0, y: 0 }];
    const ghost = ghostStroke({ table, stroke: { cue: 4, angle: 90 }, call: [], kind: "played", label: "x" });
    expect(ghost!.contact).toBeNull();
    expect(ghost!.object).toEqual([]);
    expect(ghost!.cue[1]!.y).toBeCloseTo(HALF_WIDTH - R, 12);
    expect(ghostStroke({ table, stroke: { cue: 5, angle: 0 }, call: [], kind: "played", label: "x" })).toBeNull();
  });

  it("meets the first ball in its way, touching it, with no ball crossed before", () => {
    const ball = fc.record({
      x: fc.double({ min: -(HALF_LENGTH - R), max: HALF_LENGTH - R, noNaN: true }),
      y: fc.double({ min: -(HALF_WIDTH - R), max: HALF_WIDTH - R, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(ball, { minLength: 2, maxLength: 16 }),
        fc.double({ min: 0, max: 360, noNaN: true }),
        (places, angle) => {
          // Balls where a ball can stand: each one overlapping a ball before it is left out.
          const kept: { x: number; y: number }[] = [];
          for (const p of places) if (kept.every((q) => distance(p, q) >= 2 * R)) kept.push(p);
          const table = kept.map((p, i) => ({ id: i, ...p }));
          const ghost = ghostStroke({ table, stroke: { cue: 0, angle }, call: [], kind: "best", label: "x" })!;
          const end = ghost.cue[1]!;
          if (ghost.contact) {
            expect(distance(ghost.contact, ghost.object[0]!)).toBeCloseTo(2 * R, 9);
            expect(onCushion(ghost.object[1]!)).toBe(true);
          } else expect(onCushion(end)).toBe(true);
          // No other ball's centre comes nearer than 2R to the run before its end.
          const [from] = ghost.cue;
          const run = distance(from!, end);
          for (const other of table.slice(1)) {
            const along =
              ((other.x - from!.x) * (end.x - from!.x) + (other.y - from!.y) * (end.y - from!.y)) / (run || 1);
            if (along <= 0 || along >= run - 1e-9) continue;
            const nearest = {
              x: from!.x + ((end.x - from!.x) * along) / run,
              y: from!.y + ((end.y - from!.y) * along) / run,
            };
            expect(distance(nearest, other)).toBeGreaterThanOrEqual(2 * R - 1e-9);
          }
        },
      ),
      { seed: 3, numRuns: 300 },
    );
  });
});

describe("drawGhostStrokes", () => {
  it("tags each ghost once, apart from the other's tag", () => {
    const table = [
      { id: 1, x: -0.5, y: 0 },
      { id: 2, x: 0.5, y: 0.1 },
    ];
    const ghosts = [
      ghostStroke({ table, stroke: { cue: 1, angle: 5 }, call: [], kind: "played", label: "сыграно 20 %" })!,
      ghostStroke({
        table,
        stroke: { cue: 1, angle: 7 },
        call: [{ ball: 2, pocket: "FR" }],
        kind: "best",
        label: "лучший 90 %",
      })!,
    ];
    const ctx = recordingContext();
    drawGhostStrokes(ctx, fitTable(800, 450), ghosts, table);
    const [a, b] = ctx.screenRects();
    expect(ctx.screenRects()).toHaveLength(2);
    const overlap =
      a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
    expect(overlap).toBe(false);
  });
});
