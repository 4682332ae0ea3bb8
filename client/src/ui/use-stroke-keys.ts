import { useEffect } from "react";
import { COARSE_STEP, FINE_STEP, STEP } from "../game/stroke-limits.ts";

interface StrokeKeys {
  /** Only while the player composes a stroke. */
  readonly active: boolean;
  /** Turns the aim; `fine` tells a 0.01° step, for which the loupe opens. */
  readonly turn: (delta: number, fine: boolean) => void;
  readonly speed: number;
  readonly setSpeed: (speed: number) => void;
  readonly shoot: () => void;
}

/** Inputs that take typed text; every other input (the power slider, a checkbox) leaves Enter to the stroke. */
const TYPED = new Set(["text", "number", "search", "email", "url", "tel", "password"]);

/** The element takes typed text (or chooses from a list), so Enter and the arrows are its own. */
export function isTextField(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element?.tagName) return false;
  if (element.tagName === "TEXTAREA" || element.tagName === "SELECT" || element.isContentEditable) return true;
  return element.tagName === "INPUT" && TYPED.has(((element as HTMLInputElement).type || "text").toLowerCase());
}

/** Where the arrows have a meaning of their own: a text field, the power slider, any other slider. */
function ownsArrows(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (isTextField(element)) return true;
  return element?.tagName === "INPUT" || element?.getAttribute?.("role") === "slider";
}

/** A dialog over the table (the tour, the rules) keeps Enter for its own buttons. */
function inDialog(target: EventTarget | null): boolean {
  return !!(target as HTMLElement | null)?.closest?.('[role="dialog"]');
}

/** A control that opens something (the whole verdict, a menu, the call): Enter is its own way to open it. */
function opensSomething(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return element?.getAttribute?.("aria-haspopup") != null || element?.getAttribute?.("aria-expanded") != null;
}

/**
 * What a key does to the stroke, or null when it is not the stroke's: ←/→ turn 0.1° (Alt or Ctrl 0.01°,
 * Shift 1°), ↑/↓ power 0.1 m/s (Shift 1), Enter shoots. Enter shoots from anywhere but a text field, a
 * dialog or a control that opens something: after the arrows on the power slider, or a click on a turn
 * button, the focus is on that control, and a player who pressed Enter there meant the shot (Space still
 * presses a focused button).
 */
export function strokeKey(
  event: Pick<KeyboardEvent, "key" | "altKey" | "ctrlKey" | "shiftKey" | "target">,
): { readonly turn: number; readonly fine: boolean } | { readonly power: number } | "shoot" | null {
  if (event.key === "Enter") {
    const own = isTextField(event.target) || inDialog(event.target) || opensSomething(event.target);
    return own ? null : "shoot";
  }
  if (ownsArrows(event.target)) return null;
  const fine = event.altKey || event.ctrlKey;
  const step = fine ? FINE_STEP : event.shiftKey ? COARSE_STEP : STEP;
  const power = event.shiftKey ? 1 : 0.1;
  if (event.key === "ArrowLeft") return { turn: step, fine };
  if (event.key === "ArrowRight") return { turn: -step, fine };
  if (event.key === "ArrowUp") return { power };
  if (event.key === "ArrowDown") return { power: -power };
  return null;
}

/** Keyboard control of the stroke (`strokeKey`), inactive while the player does not compose one. */
export function useStrokeKeys({ active, turn, speed, setSpeed, shoot }: StrokeKeys): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const action = strokeKey(event);
      if (action === null) return;
      // A held Enter is one shot; held arrows keep turning.
      if (action === "shoot") {
        if (!event.repeat) shoot();
      } else if ("turn" in action) turn(action.turn, action.fine);
      else setSpeed(speed + action.power);
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, turn, speed, setSpeed, shoot]);
}
