import { BALL_RADIUS, POCKETS } from "@habibka/shared/table";
import { describe, expect, it } from "vitest";
import { angleOf, type Circle } from "../src/game/aim-geometry.ts";
import type { RunContact } from "../src/game/ball-run.ts";
import { callMessage, withCalled, withWay } from "../src/game/call-builder.ts";
import { followGuide, suggestedWay, wayOnPath } from "../src/game/call-way.ts";
import { pocketOf, predictShot, type ShotGuide } from "../src/game/shot-guide.ts";

const at = { x: 0, y: 0 };
const cushion = (c: "H" | "F" | "LH" | "LF" | "RH" | "RF", jaw: "ML" | null = null): RunContact => ({
  kind: "cushion",
  at,
  cushion: c,
  jaw,
});
const drop = (pocket: "ML" | "FL"): RunContact => ({ kind: "drop", at, pocket });

describe("wayOnPath (I8: a cushion not adjacent to the pocket makes it a bank)", () => {
  it("straight in, or off the pocket's own cushions and jaws, is direct", () => {
    expect(wayOnPath([drop("FL")], "FL")).toBe("direct");
    expect(wayOnPath([cushion("LF"), cushion("LF", "ML"), drop("ML")], "ML")).toBe("direct");
  });
  it("off another cushion first is a bank", () => {
    expect(wayOnPath([cushion("RF"), drop("ML")], "ML")).toBe("bank");
  });
  it("no way when the path drops elsewhere, meets a ball, or never drops", () => {
    expect(wayOnPath([drop("FL")], "ML")).toBeNull();
    expect(wayOnPath([{ kind: "ball", at, ball: 3 }, drop("ML")], "ML")).toBeNull();
    expect(wayOnPath([cushion("F")], "FL")).toBeNull();
  });
});

/** Scans the aim in fine steps for a stroke whose predicted result satisfies `wanted`. */
function findAim(cue: Circle, balls: readonly Circle[], from: number, to: number, wanted: (g: ShotGuide) => boolean) {
  for (let angle = from; angle <= to; angle += 0.02) {
    const guide = predictShot(cue, { angle, speed: 3, offset: { x: 0, y: 0 } }, balls);
    if (wanted(guide)) return { angle, guide };
  }
  throw new Error("no such aim in the range");
}

describe("the way derived from the guide's predicted path", () => {
  it("a direct pot is called direct, and follows the aim until the player sets it", () => {
    const pocket = POCKETS.FL;
    const object = { id: 2, x: pocket.mouthCentre.x - 0.6, y: pocket.mouthCentre.y - 0.6 };
    const cue = { id: 1, x: object.x - 0.5, y: object.y - 0.35 };
    const balls = [cue, object];
    const towards = angleOf(object.x - cue.x, object.y - cue.y);
    const { guide } = findAim(
      cue,
      balls,
      towards - 6,
      towards + 6,
      (g) => g.hit !== null && pocketOf(g.hit.path) === "FL",
    );
    expect(suggestedWay(guide, 2, 1, "FL")).toBe("direct");
    const call = withCalled([], 2, "FL");
    expect(followGuide(call, guide, 1)[0]!.way).toBe("direct");
    // The player makes it a bank: the guide no longer changes it.
    const fixed = withWay(followGuide(call, guide, 1), 2, "bank");
    expect(followGuide(fixed, guide, 1)[0]!.way).toBe("bank");
    expect(callMessage(fixed)).toEqual([{ ball: 2, pocket: "FL", way: "bank" }]);
  });

  it("a ball sent across to the far cushion and back into the middle pocket is called bank", () => {
    const object = { id: 2, x: 0.25, y: 0.25 };
    const cue = { id: 1, x: 0.32, y: 0.55 };
    const balls = [cue, object];
    const { guide } = findAim(cue, balls, 250, 290, (g) => g.hit !== null && pocketOf(g.hit.path) === "ML");
    expect(guide.hit!.path.contacts.some((c) => c.kind === "cushion" && c.cushion.startsWith("R"))).toBe(true);
    expect(suggestedWay(guide, 2, 1, "ML")).toBe("bank");
  });

  it("свояк: the cue ball's own path after the impact decides its way", () => {
    // A half-ball cut whose tangent line runs from the ghost ball into the right foot corner.
    const mouth = POCKETS.FR.mouthCentre;
    const ghost = { x: 0.9, y: -0.35 };
    const d = Math.hypot(mouth.x - ghost.x, mouth.y - ghost.y);
    const tangent = { x: (mouth.x - ghost.x) / d, y: (mouth.y - ghost.y) / d };
    const normal = { x: -tangent.y, y: tangent.x };
    const object = { id: 2, x: ghost.x + 2 * BALL_RADIUS * normal.x, y: ghost.y + 2 * BALL_RADIUS * normal.y };
    const aim = angleOf(normal.x + tangent.x, normal.y + tangent.y);
    const cue = {
      id: 1,
      x: ghost.x - 0.4 * Math.cos((aim * Math.PI) / 180),
      y: ghost.y - 0.4 * Math.sin((aim * Math.PI) / 180),
    };
    const balls = [cue, object];
    const { guide } = findAim(cue, balls, aim - 5, aim + 5, (g) => g.hit !== null && pocketOf(g.hit.cueAfter) === "FR");
    expect(guide.hit!.cueAfter.contacts.filter((c) => c.kind === "cushion" && c.jaw === null)).toEqual([]);
    expect(suggestedWay(guide, 1, 1, "FR")).toBe("direct");
    // The same ball is no свояк for a stroke with another cue ball, and a ball the guide says nothing about
    // keeps the plain default.
    expect(suggestedWay(guide, 1, 5, "HL")).toBe("direct");
    expect(suggestedWay(guide, 9, 1, "FR")).toBe("direct");
  });

  it("while the aim is not on the pocket yet, the cushion it heads for decides", () => {
    const cue = { id: 1, x: 0, y: 0 };
    const object = { id: 2, x: 0.3, y: 0 };
    const guide = predictShot(cue, { angle: 0, speed: 2, offset: { x: 0, y: 0 } }, [cue, object]);
    // Heading for the foot cushion: a call into a middle pocket would have to come off it.
    expect(suggestedWay(guide, 2, 1, "ML")).toBe("bank");
    expect(suggestedWay(guide, 2, 1, "FL")).toBe("direct");
  });
});
