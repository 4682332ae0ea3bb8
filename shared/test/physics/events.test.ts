import { describe, expect, it } from "vitest";
import { GRAVITY, MU_ROLL, R } from "../../src/physics/constants.ts";
import { openingBreak, simulate } from "../../src/physics/index.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import { HALF_LENGTH, HALF_WIDTH } from "../../src/table/dimensions.ts";
import { HOUSE_LINE_X } from "../../src/table/marks.ts";
import { POCKETS } from "../../src/table/pockets.ts";
import { CONTACT_GAP, deg, ENGINES } from "./helpers.ts";

function isTimeOrdered(events: readonly ShotEvent[]): boolean {
  return events.every((e, i) => i === 0 || events[i - 1]!.t <= e.t);
}

describe.each(ENGINES)("event log on the %s engine (docs/rules/sim-cli.md; shot-events.ts)", (engine) => {
  it.each([8, 12])("the %s m/s opening break logs strike first, then contacts in time order", (speed) => {
    const { events } = simulate(openingBreak(speed, 5), engine);
    expect(events[0]).toEqual({ t: 0, type: "strike", ball: 1 });
    expect(isTimeOrdered(events)).toBe(true);
    const first = events.find((e) => e.type === "collision");
    expect(first).toMatchObject({ a: 1, b: 2 });
    // Positions at contact: the centres are exactly 2R apart.
    const [closest, farthest] = CONTACT_GAP[engine];
    for (const e of events) {
      if (e.type !== "collision") continue;
      expect(Math.hypot(e.ax - e.bx, e.ay - e.by) - 2 * R).toBeGreaterThanOrEqual(closest);
      expect(Math.hypot(e.ax - e.bx, e.ay - e.by) - 2 * R).toBeLessThanOrEqual(farthest);
    }
  });

  it("one event per contact: a ball pushed into a ball that rests against the cushion gives one cushion event", () => {
    const frozen = { id: 2, x: HALF_LENGTH - R, y: 0.2 };
    const pusher = { id: 1, x: HALF_LENGTH - R - 2 * R - 0.05, y: 0.2 };
    const { events } = simulate({ balls: [pusher, frozen], strokes: [{ cue: 1, angle: 0, speed: 0.3 }] }, engine);
    const cushion = events.filter((e) => e.type === "cushion" && e.ball === 2);
    expect(cushion).toHaveLength(1);
    // And the pusher's first contact with ball 2 is one event, however many impulses the pressed pair needs.
    const firstPair = events.filter((e) => e.type === "collision" && e.t - events[1]!.t < 0.01);
    expect(firstPair).toHaveLength(1);
  });

  it("a ball rolling along a cushion while touching it makes no cushion event", () => {
    const { events } = simulate(
      {
        balls: [{ id: 5, x: -0.5, y: HALF_WIDTH - R }],
        strokes: [{ cue: 5, angle: 0, speed: 0.5, offset: { x: 0, y: 0.4 } }],
      },
      engine,
    );
    expect(events.filter((e) => e.type === "cushion")).toEqual([]);
  });

  it("reports a centre-line crossing (I4) at the moment the centre passes x = 0, with the half it left", () => {
    const v = 1;
    const { events } = simulate(
      {
        balls: [{ id: 4, x: -0.3, y: 0.1 }],
        strokes: [{ cue: 4, angle: 0, speed: v, offset: { x: 0, y: 0.4 } }],
      },
      engine,
    );
    const crossing = events.find((e) => e.type === "centre-line");
    expect(crossing).toMatchObject({ type: "centre-line", ball: 4, from: -1 });
    // Rolling from the start: x(t) = v·t − μr·g·t²/2 reaches 0.3 m at t = (v − √(v² − 2μr·g·0.3)) / (μr·g).
    const a = MU_ROLL * GRAVITY;
    expect(crossing!.t).toBeCloseTo((v - Math.sqrt(v * v - 2 * a * 0.3)) / a, 4);
  });

  it("logs in-mouth (I6) after rest for a ball that stops across a pocket's mouth line, and not otherwise", () => {
    const p = POCKETS.FR;
    const back = 0.3;
    // Rolling: stops after v²/(2μr·g); aim to stop with the centre on the mouth line's centre.
    const v = Math.sqrt(2 * MU_ROLL * GRAVITY * back);
    const start = { id: 9, x: p.mouthCentre.x - p.axis.x * back, y: p.mouthCentre.y - p.axis.y * back };
    const stroke = { cue: 9, angle: deg(Math.atan2(p.axis.y, p.axis.x)), speed: v, offset: { x: 0, y: 0.4 } };
    const bystander = { id: 0, x: HOUSE_LINE_X - 0.1, y: 0 };
    const { events, rest } = simulate({ balls: [start, bystander], strokes: [stroke] }, engine);
    const last = events[events.length - 1]!;
    expect(last).toMatchObject({ type: "in-mouth", ball: 9, pocket: "FR", moved: true });
    expect(last.t).toBeGreaterThan(1);
    expect(rest.map((b) => b.id)).toEqual([0, 9]);
    const short = simulate({ balls: [start], strokes: [{ ...stroke, speed: v * 0.9 }] }, engine);
    expect(short.events.filter((e) => e.type === "in-mouth")).toEqual([]);
  });

  it("strikes two balls at the same moment for the lag (I21): two strike events at t = 0", () => {
    const { events, rest } = simulate(
      {
        balls: [
          { id: 1, x: -1.4, y: 0.3 },
          { id: 2, x: -1.4, y: -0.3 },
        ],
        strokes: [
          { cue: 1, angle: 0, speed: 2 },
          { cue: 2, angle: 0, speed: 2.1 },
        ],
      },
      engine,
    );
    expect(events.slice(0, 2)).toEqual([
      { t: 0, type: "strike", ball: 1 },
      { t: 0, type: "strike", ball: 2 },
    ]);
    expect(events.filter((e) => e.type === "cushion").map((e) => e.type === "cushion" && e.cushion)).toEqual([
      "F",
      "F",
    ]);
    expect(rest).toHaveLength(2);
  });

  it("marks the cushion segment of each rail (I5): a ball sent round the table meets H, F and the long segments", () => {
    const seen = new Set<string>();
    for (const angle of [10, 100, 190, 280, 60, 250]) {
      const { events } = simulate(
        { balls: [{ id: 1, x: 0.4, y: 0.1 }], strokes: [{ cue: 1, angle, speed: 3 }] },
        engine,
      );
      for (const e of events) if (e.type === "cushion" && e.jaw === undefined) seen.add(e.cushion);
    }
    expect([...seen].sort()).toEqual(["F", "H", "LF", "LH", "RF", "RH"]);
  });
});
