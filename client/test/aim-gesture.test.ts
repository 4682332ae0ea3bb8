import { describe, expect, it } from "vitest";
import { freshAim } from "../src/game/aim-draft.ts";
import { aimPatchOf } from "../src/game/aim-gesture.ts";

const aim = freshAim("play");
const all = { callTarget: 5, canCall: true, canPickCue: true };

describe("a table gesture as a change of the stroke", () => {
  it("aims, sets the power, and calls a ball then its pocket", () => {
    expect(aimPatchOf({ kind: "aim", angle: 12 }, aim, all)).toEqual({ angle: 12 });
    expect(aimPatchOf({ kind: "power", speed: 3 }, aim, all)).toEqual({ speed: 3 });
    expect(aimPatchOf({ kind: "tap-ball", ball: 7 }, aim, all)).toEqual({ pending: 7 });
    expect(aimPatchOf({ kind: "tap-ball", ball: 7 }, { ...aim, pending: 7 }, all)).toEqual({ pending: null });
    expect(aimPatchOf({ kind: "tap-pocket", pocket: "FL" }, aim, all)).toEqual({
      call: [{ ball: 5, pocket: "FL", way: "direct", wayFixed: false }],
      pending: null,
    });
  });

  it("picks the cue ball in the cue mode, unless a ball in hand is being placed", () => {
    const choosing = { ...aim, mode: "cue" as const };
    expect(aimPatchOf({ kind: "tap-ball", ball: 3 }, choosing, all)).toEqual({ cue: 3, mode: "aim" });
    expect(aimPatchOf({ kind: "tap-ball", ball: -1 }, choosing, all)).toBeNull();
    expect(aimPatchOf({ kind: "tap-ball", ball: 3 }, choosing, { ...all, canPickCue: false })).toEqual({ pending: 3 });
  });

  it("leaves the call alone where it may not change, and placing to the view", () => {
    const none = { callTarget: 5, canCall: false, canPickCue: true };
    expect(aimPatchOf({ kind: "tap-ball", ball: 7 }, aim, none)).toBeNull();
    expect(aimPatchOf({ kind: "tap-pocket", pocket: "FL" }, aim, none)).toBeNull();
    expect(aimPatchOf({ kind: "tap-pocket", pocket: "FL" }, aim, { ...all, callTarget: null })).toBeNull();
    expect(aimPatchOf({ kind: "place", at: { x: -1, y: 0 } }, aim, all)).toBeNull();
  });
});
