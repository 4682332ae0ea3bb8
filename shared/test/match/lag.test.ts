import { describe, expect, it } from "vitest";
import { drawOpener } from "../../src/match/draw.ts";
import { judgeLag, type LagInput } from "../../src/rules/lag.ts";
import { HALF_LENGTH } from "../../src/table/dimensions.ts";
import { cushion, hit, offTable, pocket, R, shot, strike } from "../rules/helpers.ts";

const start = [
  { id: 1, x: -1.3, y: 0.3 },
  { id: 2, x: -1.3, y: -0.3 },
];
const footA = cushion(1, "F", { at: [HALF_LENGTH - R, 0.3] });
const footB = cushion(2, "F", { at: [HALF_LENGTH - R, -0.3] });
const rest = (ax: number, bx: number, ay = 0.3, by = -0.3) => [
  { id: 1, x: ax, y: ay },
  { id: 2, x: bx, y: by },
];
const lag = (events: ReturnType<typeof shot>, r = rest(-1.6, -1.5)): LagInput => ({
  balls: [1, 2],
  start,
  events,
  rest: r,
});

describe("judgeLag – the lag [раскат] (clause 5, I21)", () => {
  it("I21: the ball resting nearest the head cushion wins", () => {
    const out = judgeLag(lag(shot(strike(1), strike(2), footA, footB)));
    expect(out.ok && out.value.winner).toBe(0);
    expect(out.ok && out.value.distances[0]).toBeCloseTo(-1.6 + HALF_LENGTH, 12);
    const other = judgeLag(lag(shot(strike(1), strike(2), footA, footB), rest(-1.2, -1.5)));
    expect(other.ok && other.value.winner).toBe(1);
  });

  it.each<[string, ReturnType<typeof shot>, ReturnType<typeof rest> | undefined, string]>([
    ["misses the foot cushion", shot(strike(1), strike(2), footB), undefined, "missed-foot-cushion"],
    [
      "crosses into the other player's half (y changes sign)",
      shot(strike(1), strike(2), footA, footB),
      rest(-1.6, -1.5, -0.05),
      "crossed-half",
    ],
    [
      "touches a long cushion",
      shot(strike(1), strike(2), footA, cushion(1, "LF", { at: [1.5, 0.853] }), footB),
      undefined,
      "long-cushion",
    ],
    [
      "touches the other ball",
      shot(strike(1), strike(2), footA, footB, hit(1, 2, { a: [-1, 0.03], b: [-1, -0.04] })),
      undefined,
      "touched-other-ball",
    ],
    ["is pocketed", shot(strike(1), strike(2), footA, footB, pocket(1, "HL")), undefined, "pocketed"],
    ["leaves the table", shot(strike(1), strike(2), footA, footB, offTable(1)), undefined, "off-table"],
  ])("I21: a ball loses the lag when it %s", (_name, events, r, loss) => {
    const out = judgeLag(lag(events, r ?? rest(-1.6, -1.5)));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.losses[0]).toContain(loss);
    expect(out.value.losses[1]).toEqual(loss === "touched-other-ball" ? ["touched-other-ball"] : []);
    expect(out.value.winner).toBe(loss === "touched-other-ball" ? null : 1);
  });

  it("I21: both losing is replayed", () => {
    const out = judgeLag(lag(shot(strike(1), strike(2))));
    expect(out.ok && out.value.winner).toBeNull();
    expect(out.ok && out.value.losses).toEqual([["missed-foot-cushion"], ["missed-foot-cushion"]]);
  });

  it("I21: a tie within 1 mm is replayed, just over 1 mm is not", () => {
    const tie = judgeLag(lag(shot(strike(1), strike(2), footA, footB), rest(-1.6, -1.6 + 0.0009)));
    expect(tie.ok && tie.value.winner).toBeNull();
    const close = judgeLag(lag(shot(strike(1), strike(2), footA, footB), rest(-1.6, -1.6 + 0.0011)));
    expect(close.ok && close.value.winner).toBe(0);
  });

  it("I21: refuses lag balls outside the house or on the same side", () => {
    const outside = judgeLag({ ...lag(shot()), start: [{ id: 1, x: 0, y: 0.3 }, start[1]!] });
    expect(!outside.ok && outside.error.code).toBe("lag-invalid");
    const sameSide = judgeLag({ ...lag(shot()), start: [start[0]!, { id: 2, x: -1.3, y: 0.5 }] });
    expect(!sameSide.ok && sameSide.error.code).toBe("lag-invalid");
  });
});

describe("drawOpener – a seeded random draw instead of the lag (I21)", () => {
  it("uses a given value or a seed, and never Math.random", () => {
    expect(drawOpener({ value: 0.2 })).toEqual({ ok: true, value: 0 });
    expect(drawOpener({ value: 0.7 })).toEqual({ ok: true, value: 1 });
    expect(drawOpener({ seed: 42 })).toEqual(drawOpener({ seed: 42 }));
    expect(drawOpener({ value: 1 }).ok).toBe(false);
  });
});
