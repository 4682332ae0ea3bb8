import { startingPosition } from "@habibka/shared/table";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canRedo, canUndo, historyOf, record, redo, undo } from "../src/practice/history.ts";
import { isOffTable, placeOnCloth } from "../src/practice/placement.ts";
import { decodePosition, encodePosition } from "../src/practice/position-link.ts";
import { practiceRack } from "../src/practice/practice-rack.ts";

const rack = startingPosition();
const start = practiceRack();

describe("a practice position as a link", () => {
  it("opens the practice rack as it was, in under 200 characters", () => {
    const position = start;
    const link = encodePosition(position);
    expect(link.length).toBeLessThan(200);
    const read = decodePosition(link);
    if (!read.ok) throw new Error(read.detail);
    expect(read.position.match).toEqual(position.match);
    for (const [i, b] of read.position.balls.entries()) {
      const was = position.balls[i]!;
      expect(b.id).toBe(was.id);
      expect(Math.abs(b.x - was.x)).toBeLessThan(1e-6);
      expect(Math.abs(b.y - was.y)).toBeLessThan(1e-6);
    }
  });

  it("round-trips any legal position: the same balls within a micrometre, the same shelves, debts and opening", () => {
    const spot = fc.record({
      x: fc.double({ min: -1.7, max: 1.7, noNaN: true }),
      y: fc.double({ min: -0.85, max: 0.85, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 15 }), { maxLength: 16 }),
        fc.array(spot, { minLength: 16, maxLength: 16 }),
        fc.integer({ min: 0, max: 7 }),
        fc.tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 9 })),
        fc.boolean(),
        (ids, spots, split, debt, touching) => {
          // Legal balls only: each put where it can stand, clear of those before it.
          const balls: { id: number; x: number; y: number }[] = [];
          for (const [i, id] of ids.entries()) {
            const last = balls.at(-1);
            const wanted = touching && last ? { x: last.x + 0.068, y: last.y } : spots[i]!;
            const at = placeOnCloth(wanted, balls);
            if (at) balls.push({ id, ...at });
          }
          const off = [...Array(15).keys()].map((k) => k + 1).filter((id) => !balls.some((b) => b.id === id));
          const shelf: [number[], number[]] = [off.slice(0, Math.min(split, 7)), off.slice(split, split + 7)];
          const position = { balls, match: { shelf, debt, opening: false } };
          const read = decodePosition(encodePosition(position));
          if (!read.ok) throw new Error(read.detail);
          expect(read.position.match).toEqual(position.match);
          expect(read.position.balls.map((b) => b.id)).toEqual(balls.map((b) => b.id));
          for (const [i, b] of read.position.balls.entries()) {
            expect(Math.hypot(b.x - balls[i]!.x, b.y - balls[i]!.y)).toBeLessThan(3e-6);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("refuses a broken or impossible link with a reason, never throwing", () => {
    expect(decodePosition("")).toMatchObject({ ok: false, reason: "malformed" });
    expect(decodePosition("not a link!")).toMatchObject({ ok: false, reason: "malformed" });
    const good = encodePosition({ balls: rack, match: { shelf: [[], []], debt: [0, 0], opening: false } });
    expect(decodePosition(good.slice(0, 20))).toMatchObject({ ok: false, reason: "malformed" });
    const twice = encodePosition({
      balls: [
        { id: 3, x: 0, y: 0 },
        { id: 3, x: 0.5, y: 0 },
      ],
      match: { shelf: [[], []], debt: [0, 0], opening: false },
    });
    expect(decodePosition(twice)).toMatchObject({
      ok: false,
      reason: "invalid",
      detail: "balls[1].id: ball 3 is listed twice",
    });
    const shelved = encodePosition({
      balls: [{ id: 3, x: 0, y: 0 }],
      match: { shelf: [[3], []], debt: [0, 0], opening: false },
    });
    expect(decodePosition(shelved)).toMatchObject({ ok: false, reason: "invalid" });
    fc.assert(fc.property(fc.string(), (text) => typeof decodePosition(text).ok === "boolean"));
  });
});

describe("undo and redo", () => {
  it("goes back and forth over the recorded states; a new change drops what was undone", () => {
    let h = historyOf("rack");
    expect(canUndo(h)).toBe(false);
    h = record(h, "moved");
    h = record(h, "shot");
    h = undo(h);
    expect(h.present).toBe("moved");
    expect(canRedo(h)).toBe(true);
    h = redo(h);
    expect(h.present).toBe("shot");
    h = undo(undo(h));
    expect(h.present).toBe("rack");
    expect(undo(h)).toBe(h);
    h = record(h, "other");
    expect(canRedo(h)).toBe(false);
    expect(undo(h).present).toBe("rack");
  });

  it("undoing every change and redoing them all comes back to the last state", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 50 }), (values) => {
        let h = historyOf(-1);
        for (const v of values) h = record(h, v);
        const last = h.present;
        for (const _ of values) h = undo(h);
        for (const _ of values) h = redo(h);
        expect(h.present).toBe(last);
      }),
    );
  });
});

describe("placing a ball by hand", () => {
  it("puts it where it is dropped when that is free, pushes it off a ball it would overlap, keeps it off the jaws", () => {
    expect(placeOnCloth({ x: 0.5, y: 0.2 }, rack)).toEqual({ x: 0.5, y: 0.2 });
    const pushed = placeOnCloth({ x: 0.01, y: 0 }, rack);
    expect(pushed).not.toBeNull();
    expect(Math.hypot(pushed!.x, pushed!.y)).toBeGreaterThanOrEqual(0.068);
    const againstCushion = placeOnCloth({ x: 0.4, y: 5 }, []);
    expect(againstCushion!.y).toBeLessThan(0.8875 - 0.034);
  });

  it("takes a drop on the rails or beyond as leaving the table", () => {
    expect(isOffTable({ x: 0, y: 1.1 })).toBe(true);
    expect(isOffTable({ x: 2, y: 0 })).toBe(true);
    expect(isOffTable({ x: 1.7, y: 0.8 })).toBe(false);
  });

  it("never gives a spot where the ball cannot stand", () => {
    fc.assert(
      fc.property(fc.double({ min: -2, max: 2, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), (x, y) => {
        const at = placeOnCloth({ x, y }, rack);
        if (at) expect(rack.every((b) => Math.hypot(b.x - at.x, b.y - at.y) >= 0.068)).toBe(true);
      }),
    );
  });
});
