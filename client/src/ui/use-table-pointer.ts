import type { Point } from "@habibka/shared/table";
import { useRef, useState } from "react";
import { type GestureContext, type GestureEffect, gesture, IDLE, type PointerDevice } from "../game/pointer-gesture.ts";
import type { PointerKind } from "../table/TableCanvas.tsx";

/**
 * The table's pointer as a hook: feeds the pointer-gesture state machine and hands its effects (aim,
 * place, power, a tapped ball or pocket) to the view. `steering` is true while a drag turns the aim, when
 * the loupes are shown; `pulling` while a finger pulls the power, when its reading is shown.
 */
export function useTablePointer(
  context: Omit<GestureContext, "pixel"> | null,
  onEffect: (effect: GestureEffect) => void,
) {
  const state = useRef(IDLE);
  const [steering, setSteering] = useState(false);
  const [pulling, setPulling] = useState(false);
  const onPointer = (kind: PointerKind, at: Point, pixel: number, device: PointerDevice) => {
    if (!context) {
      state.current = IDLE;
      setSteering(false);
      setPulling(false);
      return;
    }
    const event = kind === "down" ? { kind, at, device } : { kind, at };
    const step = gesture(state.current, event, { ...context, pixel });
    state.current = step.state;
    setSteering(step.state.kind === "aiming");
    setPulling(step.state.kind === "pulling");
    for (const effect of step.effects) onEffect(effect);
  };
  return { onPointer, steering, pulling };
}
