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

/**
 * Keyboard control of the stroke: ←/→ turn 0.1° (Alt or Ctrl 0.01°, Shift 1°), ↑/↓ power 0.1 m/s (Shift
 * 1), Enter shoots from the table or the page. Inactive while typing in a field or using a control with its
 * own arrows.
 */
export function useStrokeKeys({ active, turn, speed, setSpeed, shoot }: StrokeKeys): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      if (target?.getAttribute("role") === "slider") return;
      const fine = event.altKey || event.ctrlKey;
      const step = fine ? FINE_STEP : event.shiftKey ? COARSE_STEP : STEP;
      const power = event.shiftKey ? 1 : 0.1;
      if (event.key === "ArrowLeft") turn(step, fine);
      else if (event.key === "ArrowRight") turn(-step, fine);
      else if (event.key === "ArrowUp") setSpeed(speed + power);
      else if (event.key === "ArrowDown") setSpeed(speed - power);
      else if (event.key === "Enter" && (target === document.body || target?.tagName === "CANVAS")) shoot();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active, turn, speed, setSpeed, shoot]);
}
