import type { PocketId } from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freshAim } from "../src/game/aim-draft.ts";
import { aimPatchOf } from "../src/game/aim-gesture.ts";
import type { CallEntry } from "../src/game/call-way.ts";

const aim = freshAim("play");
const all = { callTarget: 5, canCall: true, canPickCue: true, cue: 1 };
const tap = (ball: number, device: "mouse" | "touch" = "touch", angle = 33) =>
  ({ kind: "tap-ball", ball, device, angle }) as const;

describe("a table gesture as a change of the stroke", () => {
  it("aims, sets the power, and calls a ball then its pocket", () => {
    expect(aimPatchOf({ kind: "aim", angle: 12 }, aim, all)).toEqual({ angle: 12 });
    expect(aimPatchOf({ kind: "power", speed: 3 }, aim, all)).toEqual({ speed: 3 });
    expect(aimPatchOf(tap(7), aim, all)).toEqual({ pending: 7 });
    expect(aimPatchOf(tap(7), { ...aim, pending: 7 }, all)).toEqual({ pending: null });
    expect(aimPatchOf({ kind: "tap-pocket", pocket: "FL" }, { ...aim, calling: true }, all)).toEqual({
      call: [{ ball: 5, pocket: "FL", way: "direct", wayFixed: false }],
      pending: null,
      calling: false,
    });
  });

  it("picks the cue ball in the cue mode, unless a ball in hand is being placed", () => {
    const choosing = { ...aim, mode: "cue" as const };
    expect(aimPatchOf(tap(3), choosing, all)).toEqual({ cue: 3, mode: "aim" });
    expect(aimPatchOf(tap(3, "mouse"), choosing, all)).toEqual({ cue: 3, mode: "aim" });
    expect(aimPatchOf(tap(-1), choosing, all)).toBeNull();
    expect(aimPatchOf(tap(3), choosing, { ...all, canPickCue: false })).toEqual({ pending: 3 });
  });

  it("a mouse click on a ball aims at it outside calling, and picks it for the call while calling", () => {
    expect(aimPatchOf(tap(7, "mouse", 21.5), aim, all)).toEqual({ angle: 21.5 });
    // The cue ball is no target to aim at.
    expect(aimPatchOf(tap(1, "mouse"), aim, all)).toBeNull();
    expect(aimPatchOf(tap(7, "mouse"), { ...aim, calling: true }, all)).toEqual({ pending: 7 });
    expect(aimPatchOf(tap(1, "mouse"), { ...aim, calling: true }, all)).toEqual({ pending: 1 });
    // A ball waiting for its pocket is calling too: a click on another ball picks that one instead.
    expect(aimPatchOf(tap(9, "mouse"), { ...aim, pending: 7 }, all)).toEqual({ pending: 9 });
    // Where the call may not change (the lag) a click still aims.
    expect(aimPatchOf(tap(7, "mouse", 5), { ...aim, calling: true }, { ...all, canCall: false })).toEqual({ angle: 5 });
  });

  it("leaves the call alone where it may not change, and placing to the view", () => {
    const none = { ...all, canCall: false };
    expect(aimPatchOf({ kind: "tap-pocket", pocket: "FL" }, aim, none)).toBeNull();
    expect(aimPatchOf({ kind: "tap-pocket", pocket: "FL" }, aim, { ...all, callTarget: null })).toBeNull();
    expect(aimPatchOf({ kind: "place", at: { x: -1, y: 0 } }, aim, all)).toBeNull();
  });

  it("a called ball tapped again leaves the call, the other entry kept; any other ball is picked", () => {
    const pockets: PocketId[] = ["HL", "HR", "ML", "MR", "FL", "FR"];
    const entry = fc.record({
      ball: fc.integer({ min: 0, max: 15 }),
      pocket: fc.constantFrom(...pockets),
      way: fc.constantFrom("direct" as const, "bank" as const),
      wayFixed: fc.boolean(),
    });
    let asserted = 0;
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { minLength: 0, maxLength: 2, selector: (e) => e.ball }),
        fc.integer({ min: 0, max: 15 }),
        fc.constantFrom("mouse" as const, "touch" as const),
        (call: CallEntry[], ball, device) => {
          const state = { ...aim, call, calling: true };
          const patch = aimPatchOf(tap(ball, device), state, all);
          if (call.some((c) => c.ball === ball)) {
            expect(patch).toEqual({ call: call.filter((c) => c.ball !== ball), pending: null });
          } else {
            expect(patch).toEqual({ pending: ball });
          }
          asserted++;
        },
      ),
      { numRuns: 300 },
    );
    expect(asserted).toBe(300);
  });
});
