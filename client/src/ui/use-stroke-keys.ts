import { useEffect } from "react";
import { COARSE_STEP, FINE_STEP } from "../game/stroke-limits.ts";

interface StrokeKeys {
  /** Only while the player composes a stroke. */
  readonly active: boolean;
  readonly turn: (delta: number) => void;
  readonly speed: number;
  readonly setSpeed: (speed: number) => void;
  readonly shoot: () => void;
}

/**
 * Keyboard control of the stroke: ←/→ turn 0.05° (Shift 1°), ↑/↓ power 0.1 m/s (Shift 1), Enter shoots from
 * the table or the page. Inactive while typing in a field or using a control with its own arrows.
 */
export function useStrokeKeys({ active, turn, speed, setSpeed, shoot }: StrokeKeys): void {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      if (target?.getAttribute("role") === "slider") return;
      const step = event.shiftKey ? COARSE_STEP : FINE_STEP;
      const power = event.shiftKey ? 1 : 0.1;
      if (event.key === "ArrowLeft") turn(step);
      else if (event.key === "ArrowRight") turn(-step);
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
