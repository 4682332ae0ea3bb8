import { POCKETS, type Point } from "@habibka/shared/table";
import { describe, expect, it } from "vitest";
import {
  type GestureContext,
  type GestureEffect,
  type GestureEvent,
  type GestureState,
  gesture,
  IDLE,
} from "../src/game/pointer-gesture.ts";

/** One CSS pixel is 4 mm: a phone-sized table. */
const ctx: GestureContext = {
  cue: { x: -1, y: 0 },
  angle: 0,
  speed: 2.5,
  balls: [
    { id: 1, x: -1, y: 0 },
    { id: 7, x: 0.5, y: 0.2 },
  ],
  placing: false,
  pending: false,
  pixel: 0.004,
};

function run(events: readonly GestureEvent[], context: GestureContext = ctx) {
  let state: GestureState = IDLE;
  const effects: GestureEffect[] = [];
  for (const event of events) {
    const step = gesture(state, event, context);
    state = step.state;
    effects.push(...step.effects);
  }
  return { state, effects };
}

const down = (at: Point, device: "mouse" | "touch" = "touch"): GestureEvent => ({ kind: "down", at, device });
const move = (at: Point): GestureEvent => ({ kind: "move", at });
const up = (at: Point): GestureEvent => ({ kind: "up", at });

describe("the table's pointer", () => {
  it("a mouse pressed on the cloth points the line there at once, and follows the drag", () => {
    const { effects } = run([down({ x: -1, y: 1 }, "mouse"), move({ x: 0, y: 0 }), up({ x: 0, y: 0 })]);
    expect(effects[0]).toEqual({ kind: "aim", angle: 90 });
    expect(effects.at(-1)).toEqual({ kind: "aim", angle: 0 });
  });

  it("a finger turns the line by how far it goes round the cue ball, wherever it touches", () => {
    // From straight above the cue ball to 45° off it: the aim turns 45° clockwise from 0°, to 315°.
    const { effects } = run([down({ x: -1, y: 0.5 }), move({ x: -0.5, y: 0.5 }), up({ x: -0.5, y: 0.5 })]);
    const aims = effects.filter((e) => e.kind === "aim");
    expect(aims).toHaveLength(1);
    expect(aims[0]).toMatchObject({ kind: "aim" });
    expect((aims[0] as { angle: number }).angle).toBeCloseTo(315, 9);
  });

  it("a finger far from the cue ball turns the aim finely: the same travel is a smaller turn", () => {
    const turnFor = (r: number) => {
      const { effects } = run([down({ x: -1 + r, y: 0 }), move({ x: -1 + r, y: 0.04 })]);
      const aim = effects.find((e) => e.kind === "aim") as { angle: number };
      return aim.angle;
    };
    expect(turnFor(1.5)).toBeLessThan(turnFor(0.3));
  });

  it("a tap picks a ball, or a pocket; while a ball waits for its pocket, the pocket wins by a pocket", () => {
    expect(run([down({ x: 0.5, y: 0.2 }), up({ x: 0.5, y: 0.2 })]).effects).toMatchObject([
      { kind: "tap-ball", ball: 7 },
    ]);
    const mouth = POCKETS.FL.mouthCentre;
    expect(run([down(mouth), up(mouth)]).effects).toEqual([{ kind: "tap-pocket", pocket: "FL" }]);
    const nearBoth = { ...ctx, balls: [...ctx.balls, { id: 9, x: mouth.x - 0.05, y: mouth.y - 0.05 }] };
    const at = { x: mouth.x - 0.05, y: mouth.y - 0.05 };
    expect(run([down(at), up(at)], nearBoth).effects).toMatchObject([{ kind: "tap-ball", ball: 9 }]);
    expect(run([down(at), up(at)], { ...nearBoth, pending: true }).effects).toEqual([
      { kind: "tap-pocket", pocket: "FL" },
    ]);
  });

  it("a mouse click on a ball is a tap, not an aim; a small wobble stays a tap", () => {
    const { effects } = run([down({ x: 0.5, y: 0.2 }, "mouse"), move({ x: 0.508, y: 0.2 }), up({ x: 0.508, y: 0.2 })]);
    expect(effects).toMatchObject([{ kind: "tap-ball", ball: 7, device: "mouse" }]);
  });

  it("the ball in hand is dragged when placing", () => {
    const { effects } = run([down({ x: -1, y: 0 }), move({ x: -1.2, y: 0.3 }), up({ x: -1.2, y: 0.3 })], {
      ...ctx,
      placing: true,
    });
    expect(effects).toEqual([{ kind: "place", at: { x: -1.2, y: 0.3 } }]);
  });

  it("on touch, a drag back from the cue ball sets the power from where it was, 0.02 m/s a pixel", () => {
    const pull = (d: number, speed = 2.5) => {
      const { effects } = run([down({ x: -1, y: 0 }), move({ x: -1 - d, y: 0 })], { ...ctx, speed });
      return (effects.find((e) => e.kind === "power") as { speed: number }).speed;
    };
    // 50 px back (0.2 m at 4 mm a pixel) is 1 m/s more: four times finer than the slider's 0.08 m/s a pixel.
    expect(pull(0.2)).toBeCloseTo(3.5, 9);
    expect(pull(0.2)).toBeGreaterThan(pull(0.1));
    expect(pull(5)).toBe(12);
    // Back then forward again: the pull softens the stroke it made.
    const { effects } = run([down({ x: -1, y: 0 }), move({ x: -1.4, y: 0 }), move({ x: -1.1, y: 0 })]);
    expect((effects.at(-1) as { speed: number }).speed).toBeCloseTo(3, 9);
    // Forward from the cue ball steers the aim instead, and sets no power.
    const forward = run([down({ x: -1, y: 0 }), move({ x: -0.8, y: 0.05 }), move({ x: -0.8, y: 0.1 })]);
    expect(forward.state.kind).toBe("aiming");
    expect(forward.effects.every((e) => e.kind === "aim")).toBe(true);
  });

  it("a mouse click on a ball carries the direction to the ball's centre", () => {
    const { effects } = run([down({ x: 0.5, y: 0.2 }, "mouse"), up({ x: 0.5, y: 0.2 })]);
    const angle = (Math.atan2(0.2, 1.5) * 180) / Math.PI;
    expect(effects).toEqual([{ kind: "tap-ball", ball: 7, device: "mouse", angle: expect.closeTo(angle, 9) }]);
  });
});
