import type { BallToDraw } from "@habibka/painter";
import type { PracticePosition } from "@habibka/shared/protocol";
import type { Point } from "@habibka/shared/table";
import { useMemo, useState } from "react";
import { ballAt } from "../game/hit-test.ts";
import { isOffTable, placeOnCloth } from "../practice/placement.ts";
import type { PointerKind } from "../table/TableCanvas.tsx";

/** A ball being dragged on the table, and where the pointer holds it now. */
interface Drag {
  readonly id: number;
  readonly from: Point;
  readonly at: Point;
}

/** Movement below this many pixels is a tap on the ball, not a drag of it. */
const DRAG_SLOP_PX = 6;

/**
 * Setting the practice position by hand: a ball dragged anywhere on the cloth, or off it onto the rails
 * (out of play), and a ball picked from the tray put down where the table is tapped. Each drop is a change
 * of the position (`onChange`), a step to undo; `balls` is the table as shown, the dragged ball under the
 * pointer.
 */
export function useArrange(position: PracticePosition, onChange: (next: PracticePosition) => void) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [picked, setPicked] = useState<number | null>(null);

  const balls: BallToDraw[] = useMemo(() => {
    if (!drag) return [...position.balls];
    return [...position.balls.filter((b) => b.id !== drag.id), { id: drag.id, ...drag.at }];
  }, [position.balls, drag]);

  function onPointer(kind: PointerKind, at: Point, pixel: number) {
    if (kind === "down") {
      const id = ballAt(at, position.balls, Math.max(0.01, 10 * pixel));
      if (id !== null) {
        setDrag({ id, from: at, at });
        return;
      }
      if (picked !== null) {
        const spot = placeOnCloth(at, position.balls);
        if (spot) onChange({ ...position, balls: [...position.balls, { id: picked, ...spot }] });
        setPicked(null);
      }
      return;
    }
    if (!drag) return;
    if (kind === "move") {
      setDrag({ ...drag, at });
      return;
    }
    setDrag(null);
    if (Math.hypot(at.x - drag.from.x, at.y - drag.from.y) < DRAG_SLOP_PX * pixel) return;
    const others = position.balls.filter((b) => b.id !== drag.id);
    if (isOffTable(at)) {
      onChange({ ...position, balls: others });
      return;
    }
    const spot = placeOnCloth(at, others);
    if (spot) onChange({ ...position, balls: [...others, { id: drag.id, ...spot }] });
  }

  return { balls, picked, setPicked, onPointer };
}
