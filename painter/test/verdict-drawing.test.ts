import type { CalledBall } from "@habibka/shared/rules";
import { POCKETS } from "@habibka/shared/table";
import {
  centre,
  cushion,
  hit,
  inMouth,
  judge,
  offTable,
  pocket,
  shelvesFor,
  shot,
  strike,
  TABLE,
} from "@habibka/shared/testing/rules-helpers";
import { describe, expect, it } from "vitest";
import type { DrawingItem, VerdictDrawing } from "../src/drawing-items.ts";
import { itemsBy, verdictDrawing } from "../src/verdict-drawing.ts";

/**
 * The verdict's drawing from hand-written event logs (the rules tests' helpers): each log is judged by the
 * real rules, and the drawing must put each event where it happened, with the clause it bears on, and mark
 * the chain that satisfied the safety rule. TABLE: cue ball 7 in the head half, 3 and 5 on the foot half,
 * 9 on the head half, the coloured ball on the centre mark.
 */

type Events = ReturnType<typeof shot>;

function drawingOf(events: Events, options: Parameters<typeof judge>[1] & { after?: boolean } = {}): VerdictDrawing {
  const judgement = judge(events, options);
  const table = options.table ?? TABLE;
  const gone = new Set(events.flatMap((e) => (e.type === "pocket" || e.type === "off-table" ? [e.ball] : [])));
  return verdictDrawing({
    events,
    verdict: judgement.verdict,
    cue: options.stroke?.cue ?? 7,
    call: (options.call ?? []) as CalledBall[],
    before: table,
    rest: options.rest ?? table.filter((b) => !gone.has(b.id)),
    ...(options.after === false ? {} : { after: judgement.position.table }),
  });
}

function ofKind<K extends DrawingItem["kind"]>(drawing: VerdictDrawing, kind: K): Extract<DrawingItem, { kind: K }>[] {
  return drawing.items.filter((i): i is Extract<DrawingItem, { kind: K }> => i.kind === kind);
}

function proofKinds(drawing: VerdictDrawing): string[] {
  return drawing.items.filter((i) => i.proof && i.kind !== "safety-chain").map((i) => i.kind);
}

describe("verdictDrawing – each kind of event where it happened", () => {
  it("clause 3: the cue ball's first contact, between the two centres at the collision", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3, { a: [1.0, 0.5], b: [1.06, 0.5] }), pocket(3, "FL")));
    const [first] = ofKind(drawing, "first-contact");
    expect(first).toMatchObject({ cue: 7, ball: 3, clause: "3", at: { x: 1.03, y: 0.5 } });
    expect(ofKind(drawing, "miss")).toEqual([]);
  });

  it("clause 17: a miss is drawn at the cue ball and nothing is a first contact", () => {
    const drawing = drawingOf(shot(strike(7), cushion(7, "F")));
    expect(ofKind(drawing, "miss")).toEqual([expect.objectContaining({ cue: 7, clause: "17", at: { x: -1, y: 0.3 } })]);
    expect(ofKind(drawing, "first-contact")).toEqual([]);
    expect(drawing.safety).toBeNull();
  });

  it("clause 3: the cushions each ball touched, numbered in order per ball, at the ball's centre, jaws named", () => {
    const drawing = drawingOf(
      shot(
        strike(7),
        cushion(7, "H", { at: [-1.7, 0.2] }),
        hit(7, 3),
        cushion(3, "LF", { at: [0.9, 0.85] }),
        cushion(7, "LH", { at: [-0.9, 0.85] }),
        cushion(3, "F", { jaw: "FL", at: [1.74, 0.8] }),
      ),
    );
    const cushions = ofKind(drawing, "cushion").map((c) => [c.ball, c.order, c.cushion, c.jaw, c.at]);
    expect(cushions).toEqual([
      [7, 1, "H", null, { x: -1.7, y: 0.2 }],
      [3, 1, "LF", null, { x: 0.9, y: 0.85 }],
      [7, 2, "LH", null, { x: -0.9, y: 0.85 }],
      [3, 2, "F", "FL", { x: 1.74, y: 0.8 }],
    ]);
  });

  it("clause 3: a centre-line crossing is put on the centre line, on the ball's way between its contacts", () => {
    // Ball 3 goes from (1.2, 0.5) back through the centre line to a cushion at (-0.6, -0.4): it crosses at y = 0.
    const drawing = drawingOf(
      shot(strike(7), hit(7, 3, { b: [1.2, 0.5] }), centre(3, 1), cushion(3, "RH", { at: [-1.2, -0.5] })),
    );
    const [crossing] = ofKind(drawing, "centre-line");
    expect(crossing?.ball).toBe(3);
    expect(crossing?.at.x).toBe(0);
    expect(crossing?.at.y).toBeCloseTo(0.5 - (1.2 / 2.4) * 1.0, 9);
  });

  it("clause 6: the called ball's way to its pocket, direct or a bank [дуплет], and whether it went in as called", () => {
    const call: CalledBall[] = [{ ball: 3, pocket: "FL", way: "bank" }];
    const banked = drawingOf(
      shot(strike(7), hit(7, 3, { b: [1.2, 0.5] }), cushion(3, "RF", { at: [1.2, -0.85] }), pocket(3, "FL")),
      { call },
    );
    const [path] = ofKind(banked, "called-path");
    expect(path).toMatchObject({ ball: 3, pocket: "FL", way: "bank", outcome: "as-called", clause: "6" });
    expect(path?.points).toEqual([{ x: 1.2, y: 0.5 }, { x: 1.2, y: -0.85 }, POCKETS.FL.mouthCentre]);
    const missed = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "F")), { call });
    expect(ofKind(missed, "called-path")[0]?.outcome).toBe("missed");
    const elsewhere = drawingOf(shot(strike(7), hit(7, 3), pocket(3, "FR")), { call });
    expect(ofKind(elsewhere, "called-path")[0]?.outcome).toBe("not-as-called");
    expect(ofKind(elsewhere, "drop")[0]).toMatchObject({ ball: 3, pocket: "FR", at: POCKETS.FR.mouthCentre });
  });

  it("clause 10: a touched coloured ball is drawn where it was touched, and names the clause of the foul", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), hit(3, 0, { a: [0.05, 0.03], b: [0, 0] })));
    expect(ofKind(drawing, "coloured-touched")).toEqual([
      expect.objectContaining({ by: 3, at: { x: 0, y: 0 }, clause: "10" }),
    ]);
  });

  it("clause 3b: a ball stopped in a pocket's mouth is drawn where it stopped", () => {
    const rest = TABLE.map((b) => (b.id === 3 ? { ...b, x: 1.74, y: 0.85 } : b));
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "FL" }), inMouth(3, "FL")), { rest });
    expect(ofKind(drawing, "in-mouth")).toEqual([
      expect.objectContaining({ ball: 3, pocket: "FL", at: { x: 1.74, y: 0.85 }, clause: "3b", proof: true }),
    ]);
  });

  it("clause 17: a ball off the table is crossed out where it was last known", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF", { at: [0.9, 0.85] }), offTable(3)));
    expect(ofKind(drawing, "off-table")).toEqual([
      expect.objectContaining({ ball: 3, at: { x: 0.9, y: 0.85 }, clause: "17" }),
    ]);
  });

  it("clause 4: a ball that dropped not as called is spotted, drawn from its pocket to where the rules put it", () => {
    const call: CalledBall[] = [{ ball: 5, pocket: "FR", way: "direct" }];
    const drawing = drawingOf(shot(strike(7), hit(7, 3), pocket(3, "FL")), { call });
    const [spotted] = ofKind(drawing, "spotted");
    expect(spotted).toMatchObject({ ball: 3, why: "foot", clause: "4", from: POCKETS.FL.mouthCentre, t: null });
    expect(spotted?.to).not.toBeNull();
    const withoutAfter = drawingOf(shot(strike(7), hit(7, 3), pocket(3, "FL")), { call, after: false });
    expect(ofKind(withoutAfter, "spotted")[0]?.to).toBeNull();
  });

  it("clause 15: the penalty ball comes from the shelf, not from the table", () => {
    const drawing = drawingOf(shot(strike(7), cushion(7, "F")), { shelves: shelvesFor(TABLE, [2, 0]) });
    const [penalty] = ofKind(drawing, "spotted");
    expect(penalty).toMatchObject({ why: "penalty", clause: "15", from: null });
    expect(penalty?.to).not.toBeNull();
  });

  it("while a shot plays only what has happened is shown; what the rules did appears once the balls stop", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF"), pocket(3, "FL")));
    expect(itemsBy(drawing, 0.015, false).map((i) => i.kind)).toEqual(["first-contact"]);
    expect(itemsBy(drawing, 0.025, false).map((i) => i.kind)).toEqual(["first-contact", "cushion"]);
    expect(itemsBy(drawing, 0.025, true).map((i) => i.kind)).toContain("spotted");
  });
});

describe("verdictDrawing – the item that satisfied the safety rule is marked (clause 3a–3i)", () => {
  it("clause 3a: the ball's drop into the pocket", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), pocket(3, "FL")));
    expect(drawing.safety).toEqual({ met: true, condition: "a" });
    expect(proofKinds(drawing)).toEqual(["drop"]);
    expect(ofKind(drawing, "drop")[0]?.clause).toBe("3a");
  });

  it("clause 3b: the ball in the pocket's mouth", () => {
    const rest = TABLE.map((b) => (b.id === 3 ? { ...b, x: 1.74, y: 0.85 } : b));
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF", { jaw: "FL" }), inMouth(3, "FL")), { rest });
    expect(drawing.safety).toEqual({ met: true, condition: "b" });
    expect(proofKinds(drawing)).toEqual(["in-mouth"]);
  });

  it("clause 3c: a cushion, then another cushion, linked as a chain", () => {
    const drawing = drawingOf(
      shot(strike(7), hit(7, 3), cushion(3, "LF", { at: [0.9, 0.85] }), cushion(3, "F", { at: [1.74, 0.3] })),
    );
    expect(drawing.safety).toEqual({ met: true, condition: "c" });
    expect(proofKinds(drawing)).toEqual(["cushion", "cushion"]);
    expect(ofKind(drawing, "cushion").map((c) => c.clause)).toEqual(["3c", "3c"]);
    expect(ofKind(drawing, "safety-chain")).toEqual([
      expect.objectContaining({
        condition: "c",
        points: [
          { x: 0.9, y: 0.85 },
          { x: 1.74, y: 0.3 },
        ],
      }),
    ]);
  });

  it("clause 3d: a cushion, a struck ball, and that ball's other cushion", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF"), hit(3, 5), cushion(5, "F")));
    expect(drawing.safety).toEqual({ met: true, condition: "d" });
    expect(proofKinds(drawing)).toEqual(["cushion", "contact", "cushion"]);
    expect(ofKind(drawing, "safety-chain")[0]?.points).toHaveLength(3);
  });

  it("clause 3e: a cushion, then the same ball over the centre line", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF"), centre(3, 1)));
    expect(drawing.safety).toEqual({ met: true, condition: "e" });
    expect(proofKinds(drawing)).toEqual(["cushion", "centre-line"]);
    expect(ofKind(drawing, "centre-line")[0]?.clause).toBe("3e");
  });

  it("clause 3f: a cushion, then a struck ball over the centre line", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF"), hit(3, 5), centre(5, 1)));
    expect(drawing.safety).toEqual({ met: true, condition: "f" });
    expect(proofKinds(drawing)).toEqual(["cushion", "contact", "centre-line"]);
  });

  it("clause 3g: the centre line, then a cushion", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), centre(3, 1), cushion(3, "LH")));
    expect(drawing.safety).toEqual({ met: true, condition: "g" });
    expect(proofKinds(drawing)).toEqual(["centre-line", "cushion"]);
  });

  it("clause 3h: the centre line, a struck ball, and its cushion", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), centre(3, 1), hit(3, 9), cushion(9, "RH")));
    expect(drawing.safety).toEqual({ met: true, condition: "h" });
    expect(proofKinds(drawing)).toEqual(["centre-line", "contact", "cushion"]);
  });

  it("clause 3i: the centre line, a second ball, a third ball driven to a cushion", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), centre(3, 1), hit(3, 9), hit(9, 5), cushion(5, "RF")));
    expect(drawing.safety).toEqual({ met: true, condition: "i" });
    expect(proofKinds(drawing)).toEqual(["centre-line", "contact", "contact", "cushion"]);
    expect(ofKind(drawing, "safety-chain")[0]?.points).toHaveLength(4);
  });

  it("clause 3: a foul for the safety rule marks nothing as proof and says the rule was missed", () => {
    const drawing = drawingOf(shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "LF")));
    expect(drawing.safety).toEqual({ met: false });
    expect(proofKinds(drawing)).toEqual([]);
  });

  it("clause 3: a record from an earlier version whose safety letter the rules no longer prove keeps its clause unmarked", () => {
    const events = shot(strike(7), hit(7, 3), cushion(3, "LF"), cushion(3, "F"));
    const { verdict } = judge(events);
    const drawing = verdictDrawing({ events, verdict: { ...verdict, safety: "h" }, cue: 7, call: [], before: TABLE });
    expect(drawing.safety).toEqual({ met: true, condition: "h" });
    expect(proofKinds(drawing)).toEqual([]);
  });
});
