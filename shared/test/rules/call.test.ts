import { describe, expect, it } from "vitest";
import { isCalledBallPocketed, validateCall, wayTaken } from "../../src/rules/call.ts";
import { cushion, hit, logOf, pocket, strike, TABLE } from "./helpers.ts";

describe("validateCall – the call is checked against the table with a typed error (clauses 6, 8, 12, I8)", () => {
  const context = { table: TABLE, lastBall: false };

  it("accepts no call, one called ball, and a double call of two balls (clause 8)", () => {
    expect(validateCall([], context)).toEqual({ ok: true, value: [] });
    expect(validateCall([{ ball: 3, pocket: "FL", way: "direct" }], context).ok).toBe(true);
    const double = validateCall(
      [
        { ball: 3, pocket: "FL", way: "direct" },
        { ball: 7, pocket: "ML", way: "bank" },
      ],
      context,
    );
    expect(double.ok).toBe(true);
  });

  it("refuses a call that is not a list", () => {
    const result = validateCall({} as unknown as unknown[], context);
    expect(!result.ok && result.error.code).toBe("call-not-a-list");
  });

  it("I8: the called ball may be the cue ball itself [свояк]", () => {
    expect(validateCall([{ ball: 7, pocket: "HL", way: "direct" }], context).ok).toBe(true);
  });

  it.each([
    ["call-too-many", [1, 2, 3].map(() => ({ ball: 3, pocket: "FL", way: "direct" })), "call"],
    ["call-unknown-ball", [{ ball: 16, pocket: "FL", way: "direct" }], "call[0].ball"],
    ["call-ball-not-on-table", [{ ball: 4, pocket: "FL", way: "direct" }], "call[0].ball"],
    [
      "call-same-ball-twice",
      [
        { ball: 3, pocket: "FL", way: "direct" },
        { ball: 3, pocket: "FR", way: "bank" },
      ],
      "call[1].ball",
    ],
    ["call-unknown-pocket", [{ ball: 3, pocket: "XX", way: "direct" }], "call[0].pocket"],
    ["call-unknown-way", [{ ball: 3, pocket: "FL", way: "masse" }], "call[0].way"],
    ["call-coloured-outside-last-ball", [{ ball: 0, pocket: "FL", way: "direct" }], "call[0].ball"],
  ])("refuses %s", (code, call, field) => {
    const result = validateCall(call, context);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe(code);
      expect(result.error.field).toBe(field);
      expect(result.error.message.length).toBeGreaterThan(10);
      expect(result.error.messageRu?.length).toBeGreaterThan(10);
    }
  });

  it("clause 12: the coloured ball may be called [чужой] in last-ball play", () => {
    expect(validateCall([{ ball: 0, pocket: "ML", way: "direct" }], { table: TABLE, lastBall: true }).ok).toBe(true);
  });
});

describe("wayTaken – direct or bank [дуплет] (I8)", () => {
  it("I8: running along an adjacent cushion or touching the jaws keeps a ball direct", () => {
    const log = logOf(7, strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F", { jaw: "FL" }), pocket(3, "FL"));
    expect(wayTaken(log, 3, "FL", 4)).toBe("direct");
    expect(isCalledBallPocketed(log, { ball: 3, pocket: "FL", way: "direct" })).toBe(true);
    expect(isCalledBallPocketed(log, { ball: 3, pocket: "FL", way: "bank" })).toBe(false);
  });

  it("I8: a segment not adjacent to the called pocket makes it a bank", () => {
    const log = logOf(7, strike(7), hit(7, 3), cushion(3, "RF"), pocket(3, "FL"));
    expect(wayTaken(log, 3, "FL", 3)).toBe("bank");
    expect(isCalledBallPocketed(log, { ball: 3, pocket: "FL", way: "bank" })).toBe(true);
  });

  it("I8: a called cue ball played off a cushion before the first collision is a bank", () => {
    const log = logOf(7, strike(7), cushion(7, "H"), hit(7, 3), pocket(7, "ML"));
    expect(wayTaken(log, 7, "ML", 3)).toBe("bank");
  });

  it("clause 6: a ball in another pocket is not as called", () => {
    const log = logOf(7, strike(7), hit(7, 3), pocket(3, "FR"));
    expect(isCalledBallPocketed(log, { ball: 3, pocket: "FL", way: "direct" })).toBe(false);
  });
});
