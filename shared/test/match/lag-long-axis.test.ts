import { describe, expect, it } from "vitest";
import { simulate } from "../../src/physics/index.ts";
import { judgeLag } from "../../src/rules/lag.ts";
import type { ShotEvent } from "../../src/shot/shot-events.ts";
import { HALF_LENGTH } from "../../src/table/dimensions.ts";
import { cushion, R, shot, strike } from "../rules/helpers.ts";

const start = [
  { id: 1, x: -1.3, y: 0.3 },
  { id: 2, x: -1.3, y: -0.3 },
];

describe("the lag's other half – long-axis crossings (I21)", () => {
  it("the physics logs a long-axis event when a ball's centre crosses y = 0, with the side it left", () => {
    // Ball 1 starts at y = +0.3 and is sent across the axis towards the right side.
    const result = simulate({ balls: [{ id: 1, x: -1.3, y: 0.3 }], strokes: [{ cue: 1, angle: -30, speed: 1 }] });
    const crossing = result.events.find((e) => e.type === "long-axis");
    expect(crossing).toMatchObject({ type: "long-axis", ball: 1, from: 1 });
    expect(result.events.filter((e) => e.type === "long-axis")).toHaveLength(1);
  });

  it("I21: a ball that crosses into the other half loses the lag even if it comes back to its own side", () => {
    const crossAndBack: ShotEvent[] = [
      { t: 0.5, type: "long-axis", ball: 1, from: 1 },
      { t: 0.9, type: "long-axis", ball: 1, from: -1 },
    ];
    const feet = [cushion(1, "F", { at: [HALF_LENGTH - R, 0.3] }), cushion(2, "F", { at: [HALF_LENGTH - R, -0.3] })];
    const rest = [
      { id: 1, x: -1.6, y: 0.2 },
      { id: 2, x: -1.5, y: -0.3 },
    ];
    const judged = judgeLag({
      balls: [1, 2],
      start,
      events: shot(strike(1), strike(2), ...crossAndBack, ...feet),
      rest,
    });
    expect(judged.ok && judged.value.losses[0]).toContain("crossed-half");
    expect(judged.ok && judged.value.winner).toBe(1);
    // Near miss: the same lag without the crossing is won by player 0 (nearer the head cushion).
    const fair = judgeLag({ balls: [1, 2], start, events: shot(strike(1), strike(2), ...feet), rest });
    expect(fair.ok && fair.value.winner).toBe(0);
  });
});
