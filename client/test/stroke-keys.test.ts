import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTextField, strokeKey } from "../src/ui/use-stroke-keys.ts";

/** A focused element as the keys see it (the tests run without a DOM). */
function element(tagName: string, extra: { type?: string; role?: string; dialog?: boolean; opens?: boolean } = {}) {
  return {
    tagName,
    type: extra.type,
    isContentEditable: false,
    getAttribute: (name: string) =>
      name === "role" ? (extra.role ?? null) : name === "aria-haspopup" && extra.opens ? "dialog" : null,
    closest: (selector: string) => (extra.dialog && selector.includes("dialog") ? {} : null),
  } as unknown as EventTarget;
}

const NOT_TYPED = [
  element("BODY"),
  element("CANVAS"),
  element("INPUT", { type: "range" }),
  element("BUTTON"),
  element("INPUT", { type: "checkbox" }),
  element("DIV", { role: "slider" }),
];
const TYPED = [
  element("INPUT", { type: "text" }),
  element("INPUT", { type: "number" }),
  element("INPUT"),
  element("TEXTAREA"),
  element("SELECT"),
];

const key = (k: string, target: EventTarget, mods: Partial<Record<"altKey" | "ctrlKey" | "shiftKey", boolean>> = {}) =>
  strokeKey({ key: k, target, altKey: false, ctrlKey: false, shiftKey: false, ...mods });

describe("the stroke's keys", () => {
  it("Enter shoots from anywhere but a text field or a dialog, with any modifiers", () => {
    let asserted = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...NOT_TYPED, ...TYPED),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (target, altKey, ctrlKey, shiftKey) => {
          const action = key("Enter", target, { altKey, ctrlKey, shiftKey });
          expect(action).toBe(isTextField(target) ? null : "shoot");
          expect(isTextField(target)).toBe(TYPED.includes(target));
          asserted++;
        },
      ),
      { numRuns: 200 },
    );
    expect(asserted).toBe(200);
    expect(key("Enter", element("BUTTON", { dialog: true }))).toBeNull();
    // The verdict line opens the whole verdict, a menu button its menu: Enter there opens, and shoots nothing.
    expect(key("Enter", element("BUTTON", { opens: true }))).toBeNull();
  });

  it("the power slider keeps its own arrows, and Enter after them shoots", () => {
    const slider = element("INPUT", { type: "range" });
    expect(key("ArrowUp", slider)).toBeNull();
    expect(key("ArrowLeft", slider)).toBeNull();
    expect(key("Enter", slider)).toBe("shoot");
  });

  it("from the table or the page the arrows turn and set the power", () => {
    const body = element("BODY");
    expect(key("ArrowLeft", body)).toEqual({ turn: 0.1, fine: false });
    expect(key("ArrowRight", body, { altKey: true })).toEqual({ turn: -0.01, fine: true });
    expect(key("ArrowLeft", body, { shiftKey: true })).toEqual({ turn: 1, fine: false });
    expect(key("ArrowUp", body)).toEqual({ power: 0.1 });
    expect(key("ArrowDown", body, { shiftKey: true })).toEqual({ power: -1 });
    expect(key("a", body)).toBeNull();
    expect(key("ArrowUp", element("INPUT", { type: "number" }))).toBeNull();
  });
});
