import { describe, expect, it } from "vitest";
import { R } from "../../src/physics/constants.ts";
import { type EngineName, simulate } from "../../src/physics/index.ts";
import { POCKETS, type PocketId } from "../../src/table/pockets.ts";
import { deg, ENGINES } from "./helpers.ts";

/**
 * A ball rolled at a pocket along its axis, offset sideways by `offset` metres from the ideal line.
 * МКП geometry: corner mouth 72.5 mm (2.25 mm each side of a 68 mm ball), middle 82.5 mm (7.25 mm).
 */
function rollAt(engine: EngineName, pocket: PocketId, offset: number, speed: number) {
  const p = POCKETS[pocket];
  const back = 0.4;
  const start = {
    id: 3,
    x: p.mouthCentre.x - p.axis.x * back - p.axis.y * offset,
    y: p.mouthCentre.y - p.axis.y * back + p.axis.x * offset,
  };
  const result = simulate(
    {
      balls: [start],
      strokes: [{ cue: 3, angle: deg(Math.atan2(p.axis.y, p.axis.x)), speed, offset: { x: 0, y: 0.4 } }],
    },
    engine,
  );
  const dropped = result.events.some((e) => e.type === "pocket" && e.pocket === pocket);
  const jaws = result.events.filter((e) => e.type === "cushion" && e.jaw === pocket).length;
  const cushions = result.events.filter((e) => e.type === "cushion").length;
  return { dropped, jaws, cushions, result };
}

describe.each(ENGINES)(
  "pocket acceptance on the %s engine vs offset from the ideal line (МКП mouths: corner 72–73 mm, middle 82–83 mm)",
  (engine) => {
    it.each(["HL", "HR", "FL", "FR"] as const)(
      "corner %s: a ball on the bisector drops without touching a jaw",
      (id) => {
        for (const speed of [0.5, 2, 6]) {
          const { dropped, jaws } = rollAt(engine, id, 0, speed);
          expect(dropped).toBe(true);
          expect(jaws).toBe(0);
        }
      },
    );

    it("corner: up to 2 mm off the line drops clean; from 2.5 mm the ball meets a jaw; from 5 mm it stays out", () => {
      for (const offset of [-0.002, 0.001, 0.002])
        expect(rollAt(engine, "FR", offset, 1.5)).toMatchObject({ dropped: true, jaws: 0 });
      for (const offset of [0.0025, -0.003, 0.004]) expect(rollAt(engine, "FR", offset, 1.5).jaws).toBeGreaterThan(0);
      const far = [0.005, -0.006, 0.008, -0.01, 0.015].map((o) => rollAt(engine, "FR", o, 1.5));
      // Further off, the first contact is a jaw nose or, past the nose, the cushion beside the pocket.
      for (const outcome of far) expect(outcome.cushions).toBeGreaterThan(0);
      expect(far.filter((o) => !o.dropped).length).toBeGreaterThanOrEqual(4);
    });

    it("middle: forgives more: 7 mm off drops clean, 8–10 mm rattles in off a jaw, 15 mm stays out", () => {
      for (const offset of [0, 0.005, -0.007])
        expect(rollAt(engine, "ML", offset, 1.5)).toMatchObject({ dropped: true, jaws: 0 });
      for (const offset of [0.008, -0.01]) expect(rollAt(engine, "MR", offset, 1.5)).toMatchObject({ dropped: true });
      const wide = rollAt(engine, "MR", 0.015, 1.5);
      expect(wide.dropped).toBe(false);
      expect(wide.jaws).toBeGreaterThan(0);
      // The same 5 mm error that a middle pocket forgives is a jaw in a corner.
      expect(rollAt(engine, "FL", 0.005, 1.5).jaws).toBeGreaterThan(0);
    });

    it("middle: accepts a ball coming in at 30° off its axis when aimed at the mouth centre", () => {
      const p = POCKETS.ML;
      const approach = 30;
      const back = 0.5;
      const dir = { x: Math.sin((approach * Math.PI) / 180), y: Math.cos((approach * Math.PI) / 180) };
      const start = { id: 4, x: p.mouthCentre.x - dir.x * back, y: p.mouthCentre.y - dir.y * back };
      const result = simulate(
        {
          balls: [start],
          strokes: [{ cue: 4, angle: deg(Math.atan2(dir.y, dir.x)), speed: 1.5 }],
        },
        engine,
      );
      expect(result.events.some((e) => e.type === "pocket" && e.pocket === "ML")).toBe(true);
    });

    it("a dropped ball leaves the table: it is not in `rest` and its drop comes after its jaw contacts", () => {
      const { result } = rollAt(engine, "FL", 0.003, 1.5);
      expect(result.rest).toEqual([]);
      const types = result.events.map((e) => e.type);
      expect(types.indexOf("pocket")).toBeGreaterThan(types.lastIndexOf("cushion"));
      const pocket = result.events.find((e) => e.type === "pocket");
      expect(pocket).toMatchObject({ ball: 3, pocket: "FL" });
    });

    it("jaw contacts belong to the adjacent segment (I5): the FL jaws are LF and F", () => {
      const segments = new Set<string>();
      for (const offset of [0.004, -0.004, 0.008, -0.008]) {
        for (const e of rollAt(engine, "FL", offset, 1.5).result.events)
          if (e.type === "cushion" && e.jaw === "FL") segments.add(e.cushion);
      }
      expect([...segments].sort()).toEqual(["F", "LF"]);
      expect(R).toBeCloseTo(0.034, 12);
    });
  },
);
